// What a hostile page can make masking cost (issue 26): evidence made only of the characters
// encodings are written with (20 MB of backslashes, `&amp;` or `%5C` runs and mixes of them), a
// long secret (a 10,000-character key), and a secret of repeated symbols against a page that
// escapes each of them. Each case runs in a process of its own, so its peak memory is its own:
// MB/s of masking, CPU time, the longest the event loop was blocked meanwhile, and the peak resident
// memory against the evidence's size. `BENCH_MASK_HOSTILE_MB` (default 20) sets the size;
// `BENCH_MASK_HOSTILE_CASES` (comma-separated names) a subset, `BENCH_MASK_HOSTILE_TIMEOUT_S` (600)
// how long a case may take. Standalone: `tsx test/bench/mask-hostile.ts`.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { maskEvidence } from '../../backend/src/storage/mask-evidence.js';

const MB = Number(process.env.BENCH_MASK_HOSTILE_MB ?? 20);
const SECRETS = [
  { value: "Tr0ub4dor & 3 'horse' (battery)!", placeholder: '{{config.password}}' },
  { value: 'sk_live_51HqT9x~Zebra', placeholder: '{{config.apiKey}}' },
  { value: 'correct horse', placeholder: '{{config.passphrase}}' },
];
const LONG_KEY = randomBytes(8000).toString('base64').slice(0, 10_000);

interface Case {
  /** The evidence, `bytes` long. */
  evidence(bytes: number): Buffer;
  secrets: { value: string; placeholder: string }[];
}

const repeated = (unit: string) => (bytes: number) => Buffer.from(unit.repeat(Math.ceil(bytes / unit.length)));

const CASES: Record<string, Case> = {
  backslashes: { evidence: repeated('\\'), secrets: SECRETS },
  ampRuns: { evidence: repeated('&amp;'), secrets: SECRETS },
  ampWithoutSemicolon: { evidence: repeated('&amp'), secrets: SECRETS },
  percent5C: { evidence: repeated('%5C'), secrets: SECRETS },
  backslashAmp: { evidence: repeated('\\&'), secrets: SECRETS },
  mixed: { evidence: repeated('\\%5C&amp;%25&#92;\\u005C%26amp;\\\\&#x26;'), secrets: SECRETS },
  // A page echoing a secret of repeated symbols with a backslash before each, but its last (finding 8).
  escapedSymbols: {
    evidence: (bytes) => Buffer.from(('\\!'.repeat(40) + 'Y ').repeat(Math.ceil(bytes / 82))),
    secrets: [{ value: `${'!'.repeat(40)}Z`, placeholder: '{{config.bang}}' }],
  },
  // A 10,000-character key (a certificate chain, a kubeconfig) among ordinary text holding it.
  longSecret: {
    evidence: (bytes) =>
      Buffer.from(`${'lorem ipsum dolor '.repeat(Math.ceil(bytes / 18 / 2))}${LONG_KEY} ${JSON.stringify(LONG_KEY)}`),
    secrets: [{ value: LONG_KEY, placeholder: '{{config.key}}' }],
  },
};

/** One case, in this process: the figures, and whether the evidence still held the secret. */
async function runCase(name: string): Promise<Record<string, number | boolean | string>> {
  const { evidence, secrets } = CASES[name]!;
  const data = evidence(MB * 1e6);
  let longestBlockMs = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    longestBlockMs = Math.max(longestBlockMs, now - last);
    last = now;
  }, 1);
  const cpu = process.cpuUsage();
  const started = performance.now();
  let outcome = 'masked';
  const masked = await maskEvidence(data, 'text/plain', secrets).catch((error: Error) => {
    outcome = `refused: ${error.message}`;
    return null;
  });
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  clearInterval(ticker);
  longestBlockMs = Math.max(longestBlockMs, performance.now() - last);
  const cpuMs = (used.user + used.system) / 1000;
  return {
    outcome,
    megabytes: Math.round(data.length / 1e5) / 10,
    wallMs: Math.round(wallMs),
    cpuMs: Math.round(cpuMs),
    mbPerSecondCpu: Math.round((data.length / 1e6 / (cpuMs / 1000)) * 10) / 10,
    longestEventLoopBlockMs: Math.round(longestBlockMs),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    peakRssOverInput: Math.round((process.resourceUsage().maxRSS * 1024 * 10) / data.length) / 10,
    leftInClear: masked !== null && secrets.some((s) => Buffer.from(masked).includes(s.value)),
  };
}

/** Every case, each in a child process (a case that runs out of memory is reported as such). */
export async function measureMaskHostile(): Promise<Record<string, unknown>> {
  const names = (process.env.BENCH_MASK_HOSTILE_CASES ?? Object.keys(CASES).join(',')).split(',');
  const results: Record<string, unknown> = {};
  for (const name of names) {
    try {
      const out = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), name], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: Number(process.env.BENCH_MASK_HOSTILE_TIMEOUT_S ?? 600) * 1000,
        maxBuffer: 1 << 20,
      });
      results[name] = JSON.parse(out.trim().split('\n').pop()!);
    } catch (error) {
      const e = error as { signal?: string; status?: number; stderr?: string };
      results[name] = {
        failed: e.signal ?? `exit ${e.status}`,
        stderr: (e.stderr ?? '').split('\n').slice(-4).join(' '),
      };
    }
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const name = process.argv[2];
  if (name) void runCase(name).then((figures) => process.stdout.write(`${JSON.stringify(figures)}\n`));
  else
    void measureMaskHostile().then((figures) =>
      process.stdout.write(`${JSON.stringify({ maskHostile: figures }, null, 2)}\n`),
    );
}
