// `goalie serve` and the server commands as a user runs them: embedded PostgreSQL under GOALIE_HOME,
// and Ctrl-C on serve after a run (Playwright's own SIGINT handler once exited 130 there). serve is
// spawned; apply, token and migrate run in this process on its embedded PostgreSQL (a spawn costs
// seconds each; test/integration/goalie-bin.test.ts and multi-machine.test.ts spawn them).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { freePort } from '../../backend/src/persistence/embedded-postgres.js';
import { shopProject } from '../fixtures/projects.js';
import { runGoalie, startGoalie, type Running } from '../helpers/processes.js';
import { runServerCommand } from '../helpers/server-cli.js';
import { waitFor } from '../helpers/wait.js';

describe('goalie serve, apply, token and migrate on the embedded PostgreSQL', function () {
  this.timeout(180_000);
  let home: string;
  let env: Record<string, string>;
  let base: string;
  let serve: Running | null = null;
  let firstToken: string;
  // In this process the command's logs would pass its captured stderr by: warnings only, as spawned.
  const goalie = (argv: string[]) => runServerCommand(argv, { ...env, LOG_LEVEL: 'warn' });

  before(async () => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'goalie-e2e-'));
    // Like a home under /tmp: enterable, so the cluster stays inside GOALIE_HOME (see embedded-postgres.ts).
    fs.chmodSync(home, 0o755);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const demoPort = await freePort();
    env = {
      GOALIE_HOME: home,
      PORT: String(port),
      HOST: '127.0.0.1',
      GOALIE_PUBLIC_URL: base,
      DATABASE_URL: '',
      GOALIE_DEMO_PORT: String(demoPort),
      // Logs as JSON lines, for Ctrl-C's shutdown to be read from them.
      LOG_LEVEL: 'info',
      GOALIE_LOG_FORMAT: 'json',
      // A revoked token is refused at the next request, not after the cache's time to live (which
      // test/integration/token-cache.test.ts proves): the test need not outwait it.
      GOALIE_TOKEN_CACHE_SECONDS: '0',
    };
  });
  after(async () => {
    await serve?.stop();
    fs.rmSync(home, { recursive: true, force: true });
  });

  const post = (p: string, token: string, body?: unknown) =>
    fetch(base + p, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('first start seeds the demo and prints a curl whose run of the demo plan passes', async function () {
    this.timeout(300_000);
    serve = startGoalie(['serve'], env);
    await serve.waitFor(/Goalie is running/);
    const [, token] = await serve.waitFor(/API token \(shown once, keep it\):\s+(goalie_\S+)/);
    firstToken = token!;
    const [curl] = await serve.waitFor(/curl -X POST \S+\/v1\/run -H "Authorization: Bearer goalie_\S+"/);
    expect(curl).to.contain(`${base}/v1/run`);
    const response = await post('/v1/run', firstToken);
    expect(response.status).to.equal(200);
    const body = await response.json();
    expect(body.run.testPlan.name).to.equal('Smoke');
    expect(body.run.testCount).to.equal(8);
    const view = await waitFor(
      'the demo run to end',
      async () => {
        const res = await fetch(`${base}/v1/run/${body.run.shortId}?testCases=all&extensions=true`, {
          headers: { authorization: `Bearer ${firstToken}` },
        });
        const json = await res.json();
        return ['COMPLETED', 'ERROR', 'CANCELLED'].includes(json.status) ? json : null;
      },
      // A deadline, not a speed target (that is `npm run bench`'s): the run takes seconds alone, and
      // minutes on two busy cores with other test files beside it.
      150_000,
      250,
    );
    expect(view, JSON.stringify(view, null, 1)).to.include({ status: 'COMPLETED', result: 'PASSED' });
    expect(view.runTestCases).to.have.length(8);
    for (const tc of view.runTestCases) expect(tc, tc.name).to.include({ status: 'COMPLETED', result: 'PASSED' });
    // The banner's export lines are what the CLI reads: pasted, `goalie status` shows the run.
    const [, apiUrl, apiToken] = await serve.waitFor(
      /\n {2}export GOALIE_API_URL=(\S+)\n {2}export GOALIE_API_TOKEN=(\S+)\n/,
    );
    expect([apiUrl, apiToken]).to.deep.equal([base, firstToken]);
    const status = await runGoalie(['status', body.run.shortId], {
      GOALIE_API_URL: apiUrl!,
      GOALIE_API_TOKEN: apiToken!,
    });
    expect(status.code, status.stderr).to.equal(0);
    expect(status.stdout).to.match(
      new RegExp(
        `^Run ${body.run.shortId}: COMPLETED, PASSED \\(8 passed, 0 failed\\)\\n\\nRESULT\\s+TEST CASE\\s+TEST CASE UUID\\s+REASON\\n`,
      ),
    );
    for (const tc of view.runTestCases) expect(status.stdout).to.include(tc.projectTestCaseId);
    // The run's page needs a signed-in member: the banner says how to make the first administrator.
    const signedOut = await fetch(body.run.url, { headers: { accept: 'text/html' }, redirect: 'manual' });
    expect(signedOut.status).to.equal(302);
    await serve.waitFor(/npx goalie user create --admin --email you@example.com/);
    const created = await runGoalie(
      ['user', 'create', '--admin', '--email', 'admin@example.com', '--name', 'Ada'],
      env,
    );
    expect(created.code, created.stderr).to.equal(0);
    const link = /^\s+(http\S+\/password-reset\/\S+)$/m.exec(created.stdout)![1]!;
    const form = await fetch(link, { headers: { accept: 'text/html' } });
    const cookie = form.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const formToken = /name="token" value="([^"]+)"/.exec(await form.text())![1]!;
    const chosen = await fetch(link, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      body: new URLSearchParams({ token: formToken, password: 'first admin password' }).toString(),
    });
    expect(chosen.status).to.equal(302);
    const session = chosen.headers
      .getSetCookie()
      .find((c) => c.startsWith('goalie_session='))!
      .split(';')[0]!;
    const runPage = await fetch(body.run.url, { headers: { cookie: session, accept: 'text/html' } });
    expect(runPage.status).to.equal(200);
    expect(await runPage.text()).to.contain('Checkout');
  });

  it('applies a project YAML while serve runs, with --json listing UUIDs and short IDs', async () => {
    const file = path.join(home, 'shop.yaml');
    fs.writeFileSync(file, shopProject());
    const result = await goalie(['apply', file, '--json']);
    expect(result.code, result.stderr).to.equal(0);
    const summary = JSON.parse(result.stdout);
    expect(summary.project).to.include({ name: 'shop', slug: 'shop' });
    expect(summary.testPlans[0].shortId).to.match(/^pln-smoke_/);
    expect(summary.testCases[0].id).to.match(/^[0-9a-f-]{36}$/);

    const again = await goalie(['apply', file]);
    expect(again.code, again.stderr).to.equal(0);
    expect(again.stdout).to.match(/Applied .*shop\.yaml to organization Acme, project shop/);
  });

  it('reports YAML problems with file, line and path, exit code 2, and writes nothing', async () => {
    const file = path.join(home, 'broken.yaml');
    fs.writeFileSync(
      file,
      shopProject({ organization: 'Broken', project: 'broken' }).replace('configs: [admin login]', 'configs: [nope]'),
    );
    const result = await goalie(['apply', file]);
    expect(result.code).to.equal(2);
    expect(result.stderr).to.match(/broken\.yaml:\d+:\d+ testCases\[0\]\.configs\[0\]: names no config "nope"/);
    const listed = await goalie(['token', 'list', '--project', 'broken']);
    expect(listed.stderr).to.match(/No project named "broken"/);
  });

  it('creates, lists and revokes tokens; a revoked token gets 403', async () => {
    const created = await goalie(['token', 'create', '--project', 'shop', '--name', 'ci', '--json']);
    expect(created.code, created.stderr).to.equal(0);
    const { token, prefix } = JSON.parse(created.stdout);
    expect(token.startsWith(prefix)).to.equal(true);
    expect((await post('/v1/run', token)).status).to.equal(200);

    const listed = await goalie(['token', 'list', '--project', 'shop']);
    expect(listed.stdout).to.contain(`${prefix}…  ci`);
    expect(listed.stdout).to.not.contain(token);

    const revoked = await goalie(['token', 'revoke', prefix]);
    expect(revoked.code, revoked.stderr).to.equal(0);
    const refused = await post('/v1/run', token);
    expect(refused.status).to.equal(403);
    expect((await refused.json()).message).to.match(/revoked/);
  });

  it('Ctrl-C after a run (its browser up) exits 0 without an error line, and stops the embedded PostgreSQL', async () => {
    const before = serve!.output().length;
    const exited = new Promise<number | null>((resolve) => serve!.child.on('close', resolve));
    serve!.child.kill('SIGINT');
    const code = await exited;
    const output = serve!.output().slice(before);
    expect(code, output).to.equal(0);
    const logged = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(
      logged.filter((line) => line.level >= 50),
      output,
    ).to.deep.equal([]);
    expect(logged.map((line) => line.msg))
      .to.include('shutting down')
      .and.include('stopping the embedded PostgreSQL: no other Goalie process uses it');
    const dataDir = path.join(home, 'postgres', 'data');
    expect(fs.existsSync(path.join(dataDir, 'postmaster.pid')), 'PostgreSQL stopped').to.equal(false);
  });

  it('a second start reuses the data: no new token, the first one still works', async () => {
    serve = startGoalie(['serve'], env);
    await serve.waitFor(/Goalie is running/);
    await serve.waitFor(/goalie token create --project demo/);
    expect(serve.output()).to.not.match(/shown once/);
    expect((await post('/v1/run', firstToken)).status).to.equal(200);
  });

  it('apply and migrate also work when serve is not running', async () => {
    expect(await serve!.stop()).to.equal(0);
    serve = null;
    const migrated = await goalie(['migrate']);
    expect(migrated.code, migrated.stderr).to.equal(0);
    expect(migrated.stdout).to.contain('up to date');
    // An embedded database that exists, though no server runs on it: no warning, and it is named.
    const file = path.join(home, 'shop.yaml');
    const result = await goalie(['apply', file, '--json']);
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stderr).to.not.include('Warning');
    const printed = JSON.parse(result.stdout);
    expect(printed.project.name).to.equal('shop');
    expect(printed.newEmbeddedDatabase).to.equal(false);
    expect(
      printed.database.startsWith(`the embedded PostgreSQL of GOALIE_HOME ${home} (127.0.0.1:`),
      printed.database,
    ).to.equal(true);
  });

  it("user create without the server's PORT or GOALIE_PUBLIC_URL: the link leads where serve listened (it recorded it)", async () => {
    const unset = { ...env, LOG_LEVEL: 'warn', PORT: '', GOALIE_PUBLIC_URL: '' };
    const result = await runServerCommand(['user', 'create', '--email', 'second@example.com'], unset);
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout).to.include(`\n  ${base}/password-reset/`);
  });

  it('a port in use ends serve at once with exit code 1 and what to do, before the database starts', async () => {
    const taken = http.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'goalie-e2e-port-'));
    try {
      const result = await runGoalie(['serve'], { ...env, GOALIE_HOME: fresh, PORT: String(port) }, 60_000);
      expect(result.code).to.equal(1);
      expect(result.stderr).to.include(
        `Port ${port} is already in use. Stop what uses it, or start Goalie on another port`,
      );
      expect(result.stderr).to.not.match(/\n\s+at /);
      // Nothing slower was started first: no database was created for it.
      expect(fs.readdirSync(fresh)).to.deep.equal([]);
    } finally {
      taken.close();
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  });
});
