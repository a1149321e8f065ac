// Ctrl-C on `goalie serve` (embedded PostgreSQL, after a run, so its browser is up): the process
// shuts down in order and exits 0, with no error line, and the embedded PostgreSQL is stopped.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { freePort } from '../../backend/src/persistence/embedded-postgres.js';
import { startGoalie, type Running } from '../helpers/processes.js';

describe('Ctrl-C on goalie serve', function () {
  this.timeout(240_000);
  let home: string;
  let serve: Running | null = null;

  after(async () => {
    await serve?.stop();
    fs.rmSync(home, { recursive: true, force: true });
  });

  it('exits 0 without an error line, and stops the embedded PostgreSQL', async () => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'goalie-ctrl-c-'));
    fs.chmodSync(home, 0o755);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    serve = startGoalie(['serve'], {
      GOALIE_HOME: home,
      PORT: String(port),
      HOST: '127.0.0.1',
      GOALIE_PUBLIC_URL: base,
      DATABASE_URL: '',
      GOALIE_DEMO_PORT: String(await freePort()),
      LOG_LEVEL: 'info',
      GOALIE_LOG_FORMAT: 'json',
    });
    const [, token] = await serve.waitFor(/API token \(shown once, keep it\):\s+(goalie_\S+)/);
    const started = await fetch(`${base}/v1/run`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(started.status).to.equal(200);
    const { shortId } = (await started.json()).run;
    // Its test cases ran in this process's browser (Playwright's own SIGINT handler once exited 130 here).
    await serve.waitFor(new RegExp(`"msg":"run ${shortId} finished: PASSED`), 120_000);

    const exited = new Promise<number | null>((resolve) => serve!.child.on('close', resolve));
    serve.child.kill('SIGINT');
    const code = await exited;
    const output = serve.output();
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
});
