// Ctrl-C twice on `goalie serve`: the first says what shutting down waits for and that a second
// Ctrl-C quits now; the second quits now, and stops the embedded PostgreSQL this serve started
// first, so nothing of its home is left running (before, it was left for the next start to attach
// to). Spawned: the signals and the process's exit are the point. (A single Ctrl-C, which waits
// for everything: test/e2e/serve.test.ts.)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { freePort } from '../../backend/src/persistence/embedded-postgres.js';
import { startGoalie, type Running } from '../helpers/processes.js';
import { waitFor } from '../helpers/wait.js';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('goalie serve: Ctrl-C twice quits now and stops the embedded PostgreSQL', function () {
  this.timeout(180_000);
  let home: string;
  let serve: Running | null = null;
  let postmasterPid = 0;

  before(() => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'goalie-quit-now-'));
    // Enterable, so the cluster stays inside GOALIE_HOME (see embedded-postgres.ts).
    fs.chmodSync(home, 0o755);
  });
  after(async () => {
    if (serve?.child.exitCode === null) serve.child.kill('SIGKILL');
    // Never leave a PostgreSQL behind, whatever the test found.
    if (postmasterPid && alive(postmasterPid)) process.kill(postmasterPid, 'SIGQUIT');
    fs.rmSync(home, { recursive: true, force: true });
  });

  it('says what it waits for, then a second SIGINT exits (130) with no postgres of the home left', async () => {
    const port = await freePort();
    serve = startGoalie(['serve'], {
      GOALIE_HOME: home,
      PORT: String(port),
      HOST: '127.0.0.1',
      GOALIE_PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: '',
      GOALIE_DEMO_PORT: String(await freePort()),
      LOG_LEVEL: 'info',
      GOALIE_LOG_FORMAT: 'json',
    });
    await serve.waitFor(/Goalie is running/);
    const pidFile = path.join(home, 'postgres', 'data', 'postmaster.pid');
    postmasterPid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    expect(alive(postmasterPid), 'the embedded PostgreSQL runs').to.equal(true);

    const exited = new Promise<number | null>((resolve) => serve!.child.on('close', resolve));
    serve.child.kill('SIGINT');
    const [announcement] = await serve.waitFor(/^Shutting down: .*\n/m, 30_000);
    // What it waits for (the demo's burn-ins, when they still run), the database, and the way out.
    expect(announcement).to.match(
      /^Shutting down: (waiting for .+ to finish \(up to 30 s, .*\) and )?closing the browser/,
    );
    expect(announcement).to.include('then stopping the embedded PostgreSQL');
    expect(announcement).to.include('Press Ctrl-C again to quit now.');
    const quitAt = Date.now();
    serve.child.kill('SIGINT');
    const code = await exited;
    const output = serve.output();
    expect(code, output).to.equal(130);
    expect(output).to.match(/^Quitting now: stopping the embedded PostgreSQL .*first\./m);
    // Quitting does not wait for the grace period of running work.
    expect(Date.now() - quitAt, output).to.be.lessThan(20_000);
    expect(
      output
        .split('\n')
        .some((line) => line.includes('stopping the embedded PostgreSQL: no other Goalie process uses it')),
      output,
    ).to.equal(true);
    // Nothing of the home is left running: the postmaster is gone, and with it its pid file.
    await waitFor('the postmaster to be gone', () => Promise.resolve(!alive(postmasterPid)), 5_000);
    expect(fs.existsSync(pidFile), 'postmaster.pid').to.equal(false);
  });
});
