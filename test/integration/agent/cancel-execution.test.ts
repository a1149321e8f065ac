// Cancelling a test case in Chromium: whenever the cancel comes — while the browser context is being
// set up, or while the page waits for a server that does not answer — the execution ends CANCELLED
// at once, and the worker is free again.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { BuiltinAgent } from '../../../backend/src/agent/builtin-agent.js';
import { builtinStepPlayer } from '../../../backend/src/agent/builtin-step-player.js';
import { PlaywrightExecutor } from '../../../backend/src/agent/execute-test-case.js';
import type { ExecutionOutcome, ExecutionRequest } from '../../../backend/src/app/ports/test-executor.js';
import type { Step } from '../../../backend/src/domain/steps.js';
import { localDiskEvidence } from '../../../backend/src/storage/local-disk.js';

const NEVER_ANSWERS = '/never';

/** A signal that is aborted the moment the executor starts listening to it: during its set-up. */
function abortedOnceListenedTo(): AbortSignal {
  const controller = new AbortController();
  const signal = controller.signal;
  const listen = signal.addEventListener.bind(signal);
  signal.addEventListener = ((
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: AddEventListenerOptions | boolean,
  ) => {
    listen(type, listener, options);
    if (type === 'abort') setImmediate(() => controller.abort());
  }) as typeof signal.addEventListener;
  return signal;
}

describe('executor: cancelling a test case', function () {
  this.timeout(60_000);
  let server: http.Server;
  let baseUrl: string;
  let executor: PlaywrightExecutor;
  let n = 0;
  /** Called when the page's request for NEVER_ANSWERS reaches the server. */
  let onHeld: () => void = () => undefined;

  before(async () => {
    server = http.createServer((request, response) => {
      if (request.url === NEVER_ANSWERS) return onHeld(); // held until the test ends
      response.end('<!doctype html><title>Home</title><h1>Home</h1>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const evidence = localDiskEvidence(path.join(os.tmpdir(), `goalie-cancel-test-${process.pid}`));
    executor = new PlaywrightExecutor(new BuiltinAgent(), builtinStepPlayer(), evidence, {
      chromiumPath: null,
      wsEndpoint: null,
      trace: true,
      stepScreenshots: true,
    });
  });
  after(async () => {
    await executor?.close();
    server?.closeAllConnections();
    server?.close();
  });

  const steps: Step[] = [{ action: 'goto', url: NEVER_ANSWERS, sentence: `Go to ${NEVER_ANSWERS}` }];
  const request = (signal: AbortSignal): ExecutionRequest => ({
    name: 'Held',
    goal: `Go to ${NEVER_ANSWERS}`,
    expectedResult: "'Home' is shown",
    baseUrl,
    devicePreset: null,
    configs: {},
    secrets: [],
    steps,
    resumeState: null,
    keepState: false,
    evidencePrefix: `cancel-test/${n++}`,
    signal,
  });
  /** The outcome, or 'still running' when the execution did not end within 10 s of the cancel. */
  const within10s = (outcome: Promise<ExecutionOutcome>) =>
    Promise.race([
      outcome.then((o) => o.verdict),
      new Promise<string>((resolve) => setTimeout(() => resolve('still running'), 10_000).unref()),
    ]);

  it('a cancel during the set-up of the browser context ends it CANCELLED (it used to hang in newPage)', async () => {
    for (let i = 0; i < 5; i++)
      expect(await within10s(executor.execute(request(abortedOnceListenedTo()))), `attempt ${i + 1}`).to.equal(
        'CANCELLED',
      );
  });

  it('a cancel while the page waits for a server that never answers ends it CANCELLED at once', async () => {
    const controller = new AbortController();
    const held = new Promise<void>((resolve) => (onHeld = resolve));
    const outcome = executor.execute(request(controller.signal));
    await held; // the page now waits for the server's answer
    controller.abort();
    expect(await within10s(outcome)).to.equal('CANCELLED');
  });

  it('a signal cancelled before the execution starts runs nothing', async () => {
    const outcome = await executor.execute(request(AbortSignal.abort()));
    expect(outcome.verdict).to.equal('CANCELLED');
  });
});
