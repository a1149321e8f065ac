// Screenshots as evidence: after every step and at the end by default; with stepScreenshots off
// (GOALIE_SCREENSHOTS=end) only at the end, the failing state included. Real Chromium, real files.
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { BuiltinAgent } from '../../../backend/src/agent/builtin-agent.js';
import { builtinStepPlayer } from '../../../backend/src/agent/builtin-step-player.js';
import { PlaywrightExecutor } from '../../../backend/src/agent/execute-test-case.js';
import type { ExecutionRequest } from '../../../backend/src/app/ports/test-executor.js';
import { loadConfig } from '../../../backend/src/config.js';
import { localDiskEvidence } from '../../../backend/src/storage/local-disk.js';

const PAGE = `<!doctype html><title>Form</title><label>Name <input id="name"></label><button onclick="document.querySelector('h1').textContent = 'Hello ' + document.querySelector('#name').value">Greet</button><h1></h1>`;

describe('executor: screenshots', function () {
  this.timeout(60_000);
  const dir = path.join(os.tmpdir(), `goalie-screenshots-test-${process.pid}`);
  let server: http.Server;
  let baseUrl: string;
  const executors: PlaywrightExecutor[] = [];
  let n = 0;

  before(async () => {
    server = http.createServer((_, response) => response.end(PAGE));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await Promise.all(executors.map((e) => e.close()));
    server?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const executor = (stepScreenshots: boolean) => {
    const made = new PlaywrightExecutor(new BuiltinAgent(), builtinStepPlayer(), localDiskEvidence(dir), {
      chromiumPath: null,
      wsEndpoint: null,
      trace: false,
      stepScreenshots,
    });
    executors.push(made);
    return made;
  };
  const request = (expectedResult: string): ExecutionRequest => ({
    name: 'Greet',
    goal: "Go to /\nFill 'Name' with 'Ada'\nClick 'Greet'",
    expectedResult,
    baseUrl,
    devicePreset: null,
    configs: {},
    secrets: [],
    steps: null,
    resumeState: null,
    keepState: false,
    evidencePrefix: `screenshots-test/${n++}`,
  });
  const shots = (evidence: { kind: string; label: string }[]) =>
    evidence.filter((e) => e.kind === 'screenshot').map((e) => e.label);

  it('takes one after every step and one at the end by default, as JPEG files', async () => {
    const executing = executor(true);
    const outcome = await executing.execute(request("'Hello Ada' is shown"));
    expect(outcome.verdict).to.equal('PASSED');
    expect(shots(outcome.evidence)).to.deep.equal(['01', '02', '03', 'final']);
    await executing.close(); // the files are written after the verdict
    for (const item of outcome.evidence) {
      const bytes = await fs.readFile(path.join(dir, item.key));
      expect([...bytes.subarray(0, 3)], item.label).to.deep.equal([0xff, 0xd8, 0xff]);
    }
  });

  it('takes only the one at the end when step screenshots are off, also when the test case fails', async () => {
    const passed = await executor(false).execute(request("'Hello Ada' is shown"));
    expect(passed.verdict).to.equal('PASSED');
    expect(shots(passed.evidence)).to.deep.equal(['final']);
    const failed = await executor(false).execute(request("'Hello Grace' is shown"));
    expect(failed.verdict).to.equal('FAILED');
    expect(shots(failed.evidence)).to.deep.equal(['final']);
  });

  it('reads GOALIE_SCREENSHOTS: steps (the default) or end; anything else is refused with the choices', () => {
    expect(loadConfig({}).stepScreenshots).to.equal(true);
    expect(loadConfig({ GOALIE_SCREENSHOTS: 'steps' }).stepScreenshots).to.equal(true);
    expect(loadConfig({ GOALIE_SCREENSHOTS: 'end' }).stepScreenshots).to.equal(false);
    expect(() => loadConfig({ GOALIE_SCREENSHOTS: 'none' })).to.throw(/GOALIE_SCREENSHOTS must be steps .* or end/);
  });
});
