// How long masking a big Playwright trace takes (issue 26: the masker recognises every encoding of a
// secret, and runs over every entry of every trace). A real Chromium records a trace of a page with a
// large DOM and many requests, a login form posted a few times with secrets typed into it; then
// maskEvidence masks the zip with the project's secrets: median wall and CPU time of
// BENCH_MASK_SAMPLES rounds, and the trace's size. Standalone: `tsx test/bench/mask-evidence.ts`.
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser } from '../../backend/src/agent/browser.js';
import { maskEvidence } from '../../backend/src/storage/mask-evidence.js';
import { readZip } from '../../backend/src/zip.js';
import { runStandalone } from './standalone.js';

const SAMPLES = Number(process.env.BENCH_MASK_SAMPLES ?? 5);
/** Rows of the big page: each is a few hundred bytes of DOM in every snapshot. */
const ROWS = Number(process.env.BENCH_MASK_ROWS ?? 8000);
const SECRETS = [
  { value: "Tr0ub4dor & 3 'horse' (battery)!", placeholder: '{{config.password}}' },
  { value: 'sk_live_51HqT9x~Zebra', placeholder: '{{config.apiKey}}' },
  { value: 'correct horse', placeholder: '{{config.passphrase}}' },
];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function bigPage(): string {
  const rows = Array.from(
    { length: ROWS },
    (_, i) =>
      `<tr><td>${i}</td><td><a href="/item/${i}?ref=list&amp;q=%21${i}">Item ${i} &mdash; “quoted” &amp; more</a></td><td>{"id":${i},"tags":["a\\u0026b"]}</td></tr>`,
  ).join('');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Big</title></head><body>
<form method="post" action="/session"><label for="u">User</label><input id="u" name="user">
<label for="p">Password</label><input id="p" name="password" type="password"><button>Sign in</button></form>
<table>${rows}</table></body></html>`;
}

async function recordTrace(file: string): Promise<void> {
  const html = bigPage();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(req.method === 'POST' ? html.replace('<table>', `<p>Got ${body.replace(/[<&]/g, '')}</p><table>`) : html);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const browser = await launchBrowser({ chromiumPath: null, wsEndpoint: null });
  try {
    const context = await browser.newContext();
    await context.tracing.start({ screenshots: false, snapshots: true });
    const page = await context.newPage();
    for (const secret of SECRETS) {
      await page.goto(url);
      await page.fill('#u', 'ada@example.com');
      await page.fill('#p', secret.value);
      await Promise.all([page.waitForNavigation(), page.click('button')]);
    }
    await context.tracing.stop({ path: file });
  } finally {
    await browser.close();
    server.close();
  }
}

export async function measureMaskEvidence() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'goalie-mask-bench-'));
  try {
    const file = path.join(dir, 'trace.zip');
    await recordTrace(file);
    const zip = await fs.readFile(file);
    const samples: number[] = [];
    const cpuSamples: number[] = [];
    let masked: Buffer | string = zip;
    for (let i = 0; i < SAMPLES; i++) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      masked = await maskEvidence(zip, 'application/zip', SECRETS);
      const used = process.cpuUsage(cpu);
      samples.push(performance.now() - started);
      cpuSamples.push((used.user + used.system) / 1000);
    }
    return {
      traceBytes: zip.length,
      unzippedBytes: (await readZip(zip)).reduce((sum, entry) => sum + entry.data.length, 0),
      maskedBytes: masked.length,
      medianMs: Math.round(median(samples)),
      minMs: Math.round(Math.min(...samples)),
      // This process's CPU (unzip, mask, deflate): steadier than wall time on a shared machine.
      cpuMedianMs: Math.round(median(cpuSamples)),
      samples: SAMPLES,
    };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

runStandalone(import.meta.url, 'maskEvidence', measureMaskEvidence);
