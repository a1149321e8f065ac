// A secret config value leaves encrypted storage only into the browser field that needs it: a
// project whose test cases type secrets into a login form (a form POST, before which the page sends
// them by fetch: a JSON body, a form body, a query and a Basic auth header), into a search
// form (a GET: Chromium's query encoding), put one in a URL and name them in expected results that
// fail, run through the whole service. The secrets hold every printable ASCII character between
// them. Then every API answer, page, evidence file (inside the trace zips too), log line and
// database row is searched for them in any encoding (test/helpers/reveal-secret.ts decodes
// percent-encoding, HTML references, JSON escapes and base64, one inside another). The site itself
// must have received the values: masking did not break the typing.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { expect } from 'chai';
import { escapeHtml } from '../../backend/src/demo/html.js';
import { createLogger } from '../../backend/src/logger.js';
import { startWorker, type RunningWorker } from '../../backend/src/main.js';
import { startTestService, type ApiClient, type TestService } from '../helpers/service.js';
import { waitFor } from '../helpers/wait.js';
import { adminFetch } from '../helpers/dashboard.js';
import { revealed } from '../helpers/reveal-secret.js';

const SECRET = 'S3cr3t-Zebra-7781';
const PLACEHOLDER = '{{config.password}}';
const PRINTABLE = Array.from({ length: 0x7f - 0x21 }, (_, i) => String.fromCharCode(0x21 + i)).join('');
/** Secrets of the `vault` config: every printable ASCII character, punctuation above all, and a space. */
const VAULT: Record<string, string> = {
  p1: `Pw1 !"#$%&'()*+,-./Zq`,
  p2: 'Pw2:;<=>?@[\\]^_`{|}~Zq',
  p3: `${PRINTABLE.slice(0, 47)} ${PRINTABLE.slice(47)}`,
};
const SECRETS = [SECRET, ...Object.values(VAULT)];

interface Site {
  url: string;
  /** The values the site got (passwords, queries, headers, bodies, decoded): what the browser typed. */
  received: string[];
  /** The same as they came over the wire: a form body, a URL, a header, a JSON body. */
  raw: { what: string; text: string }[];
  close(): Promise<void>;
}

/** JSON as some servers write it, `<>&'` as \u escapes, and safe inside a script element. */
const jsonEscaped = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&']/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main>${body}</main></body></html>`;

async function startSite(): Promise<Site> {
  const received: string[] = [];
  const raw: Site['raw'] = [];
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
          // Before the form posts, the page sends the password by fetch: a JSON body with a Basic
          // auth header, and a form body with the same in the query.
          `<h1>Sign in</h1><form id="f" method="post" action="/session"><label for="e">Email</label><input id="e" name="email" type="email"><label for="p">Password</label><input id="p" name="password" type="password"><button type="submit">Sign in</button></form>
<script>
const form = document.getElementById('f');
form.addEventListener('submit', (event) => {
  event.preventDefault();
  const email = form.email.value;
  const given = form.password.value;
  Promise.all([
    fetch('/api/audit', { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Basic ' + btoa(email + ':' + given) }, body: JSON.stringify({ password: given }) }),
    fetch('/api/audit?' + new URLSearchParams({ password: given }), { method: 'POST', body: new URLSearchParams({ password: given }) }),
  ]).finally(() => form.submit());
});
</script>`,
        ),
      );
    }
    const body = () =>
      new Promise<string>((resolve) => {
        let text = '';
        req.on('data', (chunk: Buffer) => (text += chunk.toString()));
        req.on('end', () => resolve(text));
      });
    if (url.pathname === '/session' && req.method === 'POST') {
      void body().then((text) => {
        raw.push({ what: 'login form POST body', text });
        const password = new URLSearchParams(text).get('password') ?? '';
        received.push(password);
        // The page shows and logs the value it got: the console evidence, the DOM snapshot, the
        // response body (the value as JSON in a script).
        send(
          200,
          page(
            'Welcome',
            `<h1>Welcome back</h1><p>Signed in with <code>${escapeHtml(password)}</code></p>
<input type="hidden" name="echo" value="${escapeHtml(password)}">
<script>console.error('signed in with ' + ${jsonEscaped(password)});</script>`,
          ),
        );
      });
      return;
    }
    if (url.pathname === '/api/audit' && req.method === 'POST') {
      void body().then((text) => {
        raw.push({ what: `fetch POST ${req.url} (${req.headers['content-type']})`, text: `${req.url}\n${text}` });
        const auth = req.headers.authorization ?? '';
        if (auth) raw.push({ what: 'Basic auth header', text: auth });
        if (auth)
          received.push(
            Buffer.from(auth.replace(/^Basic /, ''), 'base64')
              .toString()
              .replace(/^[^:]*:/, ''),
          );
        const isJson = String(req.headers['content-type']).startsWith('application/json');
        received.push(
          isJson
            ? (JSON.parse(text) as { password: string }).password
            : (new URLSearchParams(text).get('password') ?? ''),
        );
        if (!isJson) received.push(url.searchParams.get('password') ?? '');
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(jsonEscaped({ got: isJson ? JSON.parse(text) : text }));
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
      raw.push({ what: 'search GET URL', text: req.url ?? '' });
      const q = url.searchParams.get('q') ?? '';
      received.push(q);
      // A 404 whose URL holds the value (the failed-requests evidence) and a page that shows it,
      // escaped, percent-encoded in a link and as numeric references in a title.
      const references = [...q].map((c) => `&#${c.charCodeAt(0)};`).join('');
      return send(
        404,
        page(
          'No results',
          `<h1>No results for ${escapeHtml(q)}</h1><a href="/results?q=${encodeURIComponent(q)}&amp;page=2">Next page</a> <span title="${references}">?</span>`,
        ),
      );
    }
    return send(200, page('Home', '<h1>Home</h1>'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    raw,
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
  - name: vault
    values:
${Object.entries(VAULT)
  .map(([key, value]) => `      ${key}: { secret: ${JSON.stringify(value)} }`)
  .join('\n')}
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
${Object.keys(VAULT)
  .map(
    (key) => `  - name: Sign in with ${key}
    application: Shop
    goal: "Go to /login. Fill 'Email' with 'ada@example.com'. Fill 'Password' with '{{config.${key}}}'. Click 'Sign in'"
    expectedResult: "'Welcome back' is shown"
    configs: [vault]
  - name: Search for ${key}
    application: Shop
    goal: "Go to /search. Fill 'Query' with '{{config.${key}}}'. Click 'Search'"
    expectedResult: "'Found {{config.${key}}}' is shown"
    configs: [vault]`,
  )
  .join('\n')}
testPlans:
  - name: All
    default: true
    testCases: [Sign in, Search for it, In the URL, ${Object.keys(VAULT)
      .map((key) => `Sign in with ${key}, Search for ${key}`)
      .join(', ')}]
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

  it('typed the decrypted values: the site received them in form bodies, URLs, JSON, a Basic auth header', () => {
    expect(site.received.filter((v) => v === SECRET).length).to.be.at.least(3);
    // Each vault value: the login form, the two fetches (JSON body and Basic auth; form body and
    // query) and the search form.
    for (const value of Object.values(VAULT))
      expect(site.received.filter((v) => v === value).length, value).to.be.at.least(6);
    // What came over the wire was encoded (`%21`, `+`, base64), and the search below finds it there.
    for (const value of Object.values(VAULT)) {
      const encoded = site.raw.filter((r) => !r.text.includes(value) && revealed(r.text, [value]).length);
      expect(encoded.map((r) => r.what).join('; '), value)
        .to.include('login form POST body')
        .and.include('search GET URL')
        .and.include('Basic auth header');
    }
    const rows = Object.fromEntries(run.runTestCases.map((t: { name: string }) => [t.name, t]));
    const expected: [string, string][] = [
      ['Sign in', 'PASSED'],
      ['Search for it', 'FAILED'],
      ['In the URL', 'FAILED'],
      ...Object.keys(VAULT).flatMap((key): [string, string][] => [
        [`Sign in with ${key}`, 'PASSED'],
        [`Search for ${key}`, 'FAILED'],
      ]),
    ];
    for (const [name, result] of expected)
      expect(rows[name], `${name}: ${rows[name].evaluationThought}`).to.include({ status: 'COMPLETED', result });
    // A failure that reached the results names the value as the page and its URL had it, masked:
    // it was there to mask. (On a loaded machine a replayed click may time out before it.)
    const reached = Object.keys(VAULT).filter((key) => /results/i.test(rows[`Search for ${key}`].evaluationThought));
    expect(reached).not.to.deep.equal([]);
    for (const key of reached) {
      const thought: string = rows[`Search for ${key}`].evaluationThought;
      expect(thought, `${key}: ${thought}`).to.include(`{{config.${key}}}`);
    }
    // The failures name the secret, masked: the value was there to mask.
    expect(rows['In the URL'].evaluationThought).to.include(`q=${PLACEHOLDER}`);
    expect(rows['Search for it'].evaluationThought).to.include(PLACEHOLDER);
  });

  it('no API answer and no page holds them', async () => {
    const answers: { what: string; text: string }[] = [];
    const get = async (path: string) => answers.push({ what: path, text: JSON.stringify((await api.get(path)).body) });
    const page = async (path: string) =>
      answers.push({ what: path, text: await (await adminFetch(service, path)).text() });
    answers.push({ what: 'the run', text: JSON.stringify(run) });
    await get('/v1/run');
    await get(`/v1/run/${run.shortId}`);
    await get('/v1/test-cases');
    await get('/v1/test-plans');
    for (const { id } of await q(`SELECT id FROM test_cases`)) {
      await get(`/v1/test-cases/${id}`);
      await page(`/test-cases/${id}`);
      await page(`/test-cases/${id}/edit`);
    }
    const [{ slug }] = await q(`SELECT slug FROM projects`);
    for (const path of [`/runs/${run.shortId}`, `/p/${slug}/runs`, `/p/${slug}/test-cases`, `/p/${slug}/export.yaml`])
      await page(path);
    expect(answers.length).to.be.greaterThan(20);
    for (const { what, text } of answers) expect(revealed(text, SECRETS), what).to.deep.equal([]);
  });

  it('no evidence file holds them: screenshots, console and network logs, every entry of the traces', () => {
    const files = evidenceTexts(path.join(service.home, 'evidence'));
    const names = files.map((f) => path.basename(f.file));
    expect(names).to.include.members(['trace.zip', 'console.txt', 'network.txt', 'screenshot-final.jpg']);
    for (const { file, text } of files) expect(revealed(text, SECRETS), file).to.deep.equal([]);
    const traces = files
      .filter((f) => f.file.endsWith('trace.zip'))
      .map((f) => f.text)
      .join('\n');
    // The fill's value, the POST body and the input's snapshot were there, now as the placeholder.
    expect(traces).to.include(PLACEHOLDER);
    expect(traces)
      .to.include(`password=${PLACEHOLDER}`)
      .and.to.include('"__playwright_value_":"' + PLACEHOLDER);
    // The same for the vault values, in the form body, the search URL and the Basic auth header.
    for (const key of Object.keys(VAULT))
      expect(traces, key)
        .to.include(`password={{config.${key}}}`)
        .and.include(`q={{config.${key}}}`)
        .and.include(`Basic {{config.${key}}}`);
    const logs = files
      .filter((f) => /(console|network)\.txt$/.test(f.file))
      .map((f) => f.text)
      .join('\n');
    expect(logs).to.include(`signed in with ${PLACEHOLDER}`).and.to.include(`/results?q=${PLACEHOLDER}`);
  });

  it('no log line holds them', () => {
    expect(logLines.length).to.be.greaterThan(0);
    expect(revealed(logLines.join(''), SECRETS)).to.deep.equal([]);
  });

  it('no database row holds them, and the encrypted column still opens', async () => {
    const tables: { table_schema: string; table_name: string }[] = await q(
      `SELECT table_schema, table_name FROM information_schema.tables WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    expect(tables.map((t) => t.table_name)).to.include.members(['run_test_cases', 'configs', 'test_cases']);
    let rows = 0;
    for (const { table_schema: schema, table_name: table } of tables) {
      const texts: string[] = (await q(`SELECT to_jsonb(t)::text AS row FROM "${schema}"."${table}" t`)).map(
        (r: { row: string }) => r.row,
      );
      rows += texts.length;
      expect(revealed(texts.join('\n'), SECRETS), `${schema}.${table}`).to.deep.equal([]);
    }
    expect(rows).to.be.greaterThan(10);
    const secrets = await service.runtime.app.store.testCases.secretValues(
      (await q(`SELECT id FROM test_cases WHERE name = 'Sign in'`))[0].id,
    );
    // Every secret of the project is masked in what is shown of a test case, its own among them.
    expect(secrets).to.deep.include({ placeholder: PLACEHOLDER, value: SECRET });
  });
});
