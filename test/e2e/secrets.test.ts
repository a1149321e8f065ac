// A secret config value leaves encrypted storage only into the browser field that needs it: a
// project whose test cases type a distinctive secret into a login form (a POST body), put it in a
// URL and name it in expected results that fail, run through the whole service; then every API
// answer, page, evidence file (inside the trace zip too), log line and database row is searched
// for it. The site itself must have received the value: masking did not break the typing.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { expect } from 'chai';
import { createLogger } from '../../backend/src/logger.js';
import { startWorker, type RunningWorker } from '../../backend/src/main.js';
import { startTestService, type ApiClient, type TestService } from '../helpers/service.js';
import { waitFor } from '../helpers/wait.js';
import { adminFetch } from '../helpers/dashboard.js';

const SECRET = 'S3cr3t-Zebra-7781';
const PLACEHOLDER = '{{config.password}}';

interface Site {
  url: string;
  /** Passwords the login form posted, and queries the search received: what the browser typed. */
  received: string[];
  close(): Promise<void>;
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main>${body}</main></body></html>`;

async function startSite(): Promise<Site> {
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const send = (status: number, html: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(html);
    };
    if (url.pathname === '/login') {
      return send(
        200,
        page(
          'Sign in',
          `<h1>Sign in</h1><form method="post" action="/session"><label for="e">Email</label><input id="e" name="email" type="email"><label for="p">Password</label><input id="p" name="password" type="password"><button type="submit">Sign in</button></form>`,
        ),
      );
    }
    if (url.pathname === '/session' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const password = new URLSearchParams(body).get('password') ?? '';
        received.push(password);
        // The page logs the value it got: the console evidence and the trace's response body hold it.
        send(
          200,
          page(
            'Welcome',
            `<h1>Welcome back</h1><script>console.error(${JSON.stringify(`signed in with ${password}`)})</script>`,
          ),
        );
      });
      return;
    }
    if (url.pathname === '/search') {
      return send(
        200,
        page(
          'Search',
          `<h1>Search</h1><form action="/results"><label for="q">Query</label><input id="q" name="q" type="text"><button type="submit">Search</button></form>`,
        ),
      );
    }
    if (url.pathname === '/results') {
      const q = url.searchParams.get('q') ?? '';
      received.push(q);
      // A 404 whose URL holds the value (the failed-requests evidence) and a page that shows it.
      return send(404, page('No results', `<h1>No results for ${q.replace(/[<&]/g, '')}</h1>`));
    }
    return send(200, page('Home', '<h1>Home</h1>'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const project = (siteUrl: string) => `
organization: { name: Secrets }
project: { name: secrets }
applications:
  - name: Shop
    environments: [{ name: local, url: "${siteUrl}", default: true }]
configs:
  - name: shopper
    values:
      email: ada@example.com
      password: { secret: "${SECRET}" }
testCases:
  - name: Sign in
    application: Shop
    goal: Go to /login. Log in with config 'shopper'
    expectedResult: "'Welcome back' is shown"
    configs: [shopper]
  - name: Search for it
    application: Shop
    goal: "Go to /search. Fill 'Query' with '${PLACEHOLDER}'. Click 'Search'"
    expectedResult: "'Found ${PLACEHOLDER}' is shown"
    configs: [shopper]
  - name: In the URL
    application: Shop
    goal: "Go to /results?q=${PLACEHOLDER}"
    expectedResult: "the URL contains 'nothing-${PLACEHOLDER}'"
    configs: [shopper]
testPlans:
  - name: All
    default: true
    testCases: [Sign in, Search for it, In the URL]
`;

/** Every file under `dir`; a zip is read entry by entry with the system's unzip, not our own reader. */
function evidenceTexts(dir: string): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (file.endsWith('.zip')) {
      execFileSync('unzip', ['-tq', file]);
      out.push({
        file,
        text: execFileSync('unzip', ['-p', file], { maxBuffer: 512 * 1024 * 1024 }).toString('latin1'),
      });
    } else {
      out.push({ file, text: fs.readFileSync(file).toString('latin1') });
    }
  }
  return out;
}

describe('secret config values never leave in clear', function () {
  this.timeout(180_000);
  let site: Site;
  let service: TestService;
  let api: ApiClient;
  let worker: RunningWorker | null = null;
  const logLines: string[] = [];
  const q = (sql: string, params: unknown[] = []) => service.runtime.dataSource.query(sql, params);
  let run: any;

  before(async function () {
    if (!fs.existsSync('/usr/bin/unzip')) this.skip();
    site = await startSite();
    const logger = createLogger(
      'trace',
      new Writable({ write: (chunk, _encoding, done) => (logLines.push(String(chunk)), done()) }),
    );
    // The site is on 127.0.0.1, which a service on an external database refuses unless allowed.
    service = await startTestService({ GOALIE_BROWSER_ALLOW_LOOPBACK: 'true' }, { logger });
    await service.apply(project(site.url));
    api = service.client(await service.token('secrets'));
    worker = await startWorker(service.runtime);
    await waitFor(
      'the burn-ins',
      async () => (await q(`SELECT count(*)::int n FROM test_cases WHERE generation_status = 'GENERATING'`))[0].n === 0,
      90_000,
      100,
    );
    const started = await api.post('/v1/run', {});
    expect(started.status).to.equal(200);
    run = await waitFor(
      'the run to end',
      async () => {
        const res = await api.get(`/v1/run/${started.body.run.shortId}?testCases=all`);
        return ['COMPLETED', 'ERROR', 'CANCELLED'].includes(res.body.status) ? res.body : null;
      },
      90_000,
      100,
    );
    // The trace is written while the worker goes on: wait until every listed evidence file is there.
    const keys: string[] = (await q(`SELECT evidence FROM run_test_cases`)).flatMap(
      (r: { evidence: { key: string }[] }) => r.evidence.map((e) => e.key),
    );
    await waitFor(
      'the evidence files',
      async () => keys.every((key) => fs.existsSync(path.join(service.home, 'evidence', key))),
      30_000,
      100,
    );
  });
  after(async () => {
    await worker?.stop();
    await service?.close();
    await site?.close();
  });

  it('typed the decrypted value: the site received it in the POST body and the URLs', () => {
    expect(site.received.filter((v) => v === SECRET).length).to.be.at.least(3);
    const rows = Object.fromEntries(run.runTestCases.map((t: { name: string }) => [t.name, t]));
    expect(rows['Sign in']).to.include({ status: 'COMPLETED', result: 'PASSED' });
    expect(rows['Search for it']).to.include({ status: 'COMPLETED', result: 'FAILED' });
    expect(rows['In the URL']).to.include({ status: 'COMPLETED', result: 'FAILED' });
    // The failures name the secret, masked: the value was there to mask.
    expect(rows['In the URL'].evaluationThought).to.include(`q=${PLACEHOLDER}`);
    expect(rows['Search for it'].evaluationThought).to.include(PLACEHOLDER);
  });

  it('no API answer and no page holds it', async () => {
    const answers: string[] = [JSON.stringify(run), JSON.stringify((await api.get('/v1/run')).body)];
    for (const { id } of await q(`SELECT id FROM test_cases`)) {
      answers.push(JSON.stringify((await api.get(`/v1/test-cases/${id}`)).body));
      answers.push(await (await adminFetch(service, `/test-cases/${id}`)).text());
    }
    answers.push(await (await adminFetch(service, `/runs/${run.shortId}`)).text());
    for (const answer of answers) expect(answer).not.to.include(SECRET);
  });

  it('no evidence file holds it: screenshots, console and network logs, every entry of the traces', () => {
    const files = evidenceTexts(path.join(service.home, 'evidence'));
    const names = files.map((f) => path.basename(f.file));
    expect(names).to.include.members(['trace.zip', 'console.txt', 'network.txt', 'screenshot-final.jpg']);
    for (const { file, text } of files) expect(text, file).not.to.include(SECRET);
    const traces = files
      .filter((f) => f.file.endsWith('trace.zip'))
      .map((f) => f.text)
      .join('\n');
    // The fill's value, the POST body and the input's snapshot were there, now as the placeholder.
    expect(traces).to.include(PLACEHOLDER);
    expect(traces)
      .to.include(`password=${PLACEHOLDER}`)
      .and.to.include('"__playwright_value_":"' + PLACEHOLDER);
    const logs = files
      .filter((f) => /(console|network)\.txt$/.test(f.file))
      .map((f) => f.text)
      .join('\n');
    expect(logs).to.include(`signed in with ${PLACEHOLDER}`).and.to.include(`/results?q=${PLACEHOLDER}`);
  });

  it('no log line holds it', () => {
    expect(logLines.length).to.be.greaterThan(0);
    for (const line of logLines) expect(line).not.to.include(SECRET);
  });

  it('no database row holds it, and the encrypted column still opens', async () => {
    const tables: { table_schema: string; table_name: string }[] = await q(
      `SELECT table_schema, table_name FROM information_schema.tables WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    expect(tables.map((t) => t.table_name)).to.include.members(['run_test_cases', 'configs', 'test_cases']);
    let rows = 0;
    for (const { table_schema: schema, table_name: table } of tables) {
      for (const { row } of await q(`SELECT t::text AS row FROM "${schema}"."${table}" t`)) {
        rows += 1;
        expect(row, `${schema}.${table}`).not.to.include(SECRET);
      }
    }
    expect(rows).to.be.greaterThan(10);
    const secrets = await service.runtime.app.store.testCases.secretValues(
      (await q(`SELECT id FROM test_cases WHERE name = 'Sign in'`))[0].id,
    );
    expect(secrets).to.deep.equal([{ placeholder: PLACEHOLDER, value: SECRET }]);
  });
});
