// The Playwright trace of a test case, as `playwright show-trace` reads it: the actions grouped
// under the goal's steps (one group per goal sentence in a burn-in, per recorded step in a replay,
// titled with its text) and a filmstrip (screencast frames). Real Chromium, real trace files.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { BuiltinAgent } from '../../../backend/src/agent/builtin-agent.js';
import { builtinStepPlayer } from '../../../backend/src/agent/builtin-step-player.js';
import { PlaywrightExecutor } from '../../../backend/src/agent/execute-test-case.js';
import type { EvidenceStore } from '../../../backend/src/app/ports/evidence.js';
import type { Step } from '../../../backend/src/domain/steps.js';
import { localDiskEvidence } from '../../../backend/src/storage/local-disk.js';
import { readZip } from '../../../backend/src/zip.js';
import { executionRequest } from '../../helpers/execution-request.js';
import { startSite, type Site } from '../../helpers/site.js';

const PAGE = `<!doctype html><title>Form</title><label>Name <input id="name"></label><button onclick="document.querySelector('h1').textContent = 'Hello ' + document.querySelector('#name').value">Greet</button><h1></h1>`;

interface TraceEvent {
  type: string;
  method?: string;
  title?: string;
  callId?: string;
  parentId?: string;
  file?: string;
  timestamp?: number;
  width?: number;
  startTime?: number;
}

/** The events of a trace.zip's trace.trace (JSON lines), and the names of its entries. */
async function readTrace(file: string): Promise<{ events: TraceEvent[]; names: string[] }> {
  const entries = await readZip(await fs.readFile(file));
  const trace = entries.find((e) => e.name === 'trace.trace');
  expect(trace, 'trace.trace in the zip').to.exist;
  const events = trace!.data
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as TraceEvent);
  return { events, names: entries.map((e) => e.name) };
}

/** The titles of the top-level groups, in order. */
const groupTitles = (events: TraceEvent[]) =>
  events.filter((e) => e.type === 'before' && e.method === 'tracingGroup' && !e.parentId).map((e) => e.title);

describe('executor: the Playwright trace', function () {
  this.timeout(60_000);
  const dir = path.join(os.tmpdir(), `goalie-trace-test-${process.pid}`);
  let site: Site;
  let n = 0;

  before(async () => {
    site = await startSite({ '/': PAGE });
  });
  after(async () => {
    await site?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const request = (steps: Step[] | null) =>
    executionRequest({
      goal: "Fill 'Name' with 'Ada'\nClick 'Greet'",
      expectedResult: "'Hello Ada' is shown",
      baseUrl: site.url,
      steps,
      evidencePrefix: `trace-test/${n++}`,
    });

  /** Executes the request and returns its outcome with the trace, once written (close() waits for it). */
  async function execute(steps: Step[] | null) {
    const executor = new PlaywrightExecutor(new BuiltinAgent(), builtinStepPlayer(), localDiskEvidence(dir), {
      chromiumPath: null,
      wsEndpoint: null,
      trace: true,
      stepScreenshots: true,
    });
    try {
      const outcome = await executor.execute(request(steps));
      await executor.close();
      const item = outcome.evidence.find((e) => e.kind === 'trace');
      expect(item, 'a trace in the evidence').to.exist;
      const file = path.join(dir, item!.key);
      return { outcome, file, trace: await readTrace(file) };
    } finally {
      await executor.close();
    }
  }

  it("groups a burn-in's actions by the goal's sentences, and a replay's by its steps, each titled with its text", async () => {
    const burnIn = await execute(null);
    expect(burnIn.outcome.verdict).to.equal('PASSED');
    expect(groupTitles(burnIn.trace.events)).to.deep.equal([
      `Open the start page ${site.url}`,
      "Fill 'Name' with 'Ada'",
      "Click 'Greet'",
      "Expected result: 'Hello Ada' is shown",
    ]);
    // The raw Playwright calls sit inside the groups: a fill and a click.
    const groups = new Map(
      burnIn.trace.events
        .filter((e) => e.method === 'tracingGroup' && e.type === 'before')
        .map((e) => [e.callId, e.title]),
    );
    const inside = (method: string) =>
      burnIn.trace.events.filter((e) => e.type === 'before' && e.method === method).map((e) => groups.get(e.parentId));
    expect(inside('fill')).to.include("Fill 'Name' with 'Ada'");
    expect(inside('click')).to.include("Click 'Greet'");

    const steps = burnIn.outcome.steps;
    const replay = await execute(steps);
    expect(replay.outcome.verdict).to.equal('PASSED');
    expect(groupTitles(replay.trace.events)).to.deep.equal([
      `Open the start page ${site.url}`,
      ...steps.map((s) => s.sentence),
      "Expected result: 'Hello Ada' is shown",
    ]);
  });

  it("keeps the trace, until the store has masked it, in a directory only Goalie's user can read, then removes it", async () => {
    // The executor's temporary directories, where nothing else of this process writes: os.tmpdir() reads TMPDIR.
    const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'goalie-trace-tmp-test-'));
    const traceDirs = () => fs.readdir(tmp).then((names) => names.filter((n) => n.startsWith('goalie-trace-')));
    const disk = localDiskEvidence(dir);
    const waiting: { mode: number; uid: number; files: string[] }[] = [];
    const store: EvidenceStore = {
      ...disk,
      async put(key, data, contentType, secrets) {
        // While the trace is handed to the store, it still lies in its temporary directory.
        if (contentType === 'application/zip')
          for (const name of await traceDirs()) {
            const stat = await fs.stat(path.join(tmp, name));
            waiting.push({ mode: stat.mode & 0o777, uid: stat.uid, files: await fs.readdir(path.join(tmp, name)) });
          }
        return disk.put(key, data, contentType, secrets);
      },
    };
    const executor = new PlaywrightExecutor(new BuiltinAgent(), builtinStepPlayer(), store, {
      chromiumPath: null,
      wsEndpoint: null,
      trace: true,
      stepScreenshots: false,
    });
    const before = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    try {
      const outcome = await executor.execute(request(null));
      await executor.close();
      expect(outcome.verdict, outcome.evaluationThought).to.equal('PASSED');
      expect(waiting).to.deep.equal([{ mode: 0o700, uid: process.getuid!(), files: ['trace.zip'] }]);
      expect(await traceDirs()).to.deep.equal([]);
    } finally {
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
      await executor.close();
      await fs.rm(tmp, { recursive: true, force: true });
    }
  });

  it("has a filmstrip: the step screenshots as the trace's screencast frames, in order, each an image in the zip", async () => {
    const { outcome, trace, file } = await execute(null);
    const frames = trace.events.filter((e) => e.type === 'screencast-frame');
    const shots = outcome.evidence.filter((e) => e.kind === 'screenshot');
    // One frame per screenshot: after each of the 3 steps (the start page is one) and at the end.
    expect(frames).to.have.length(shots.length).and.to.have.length.greaterThan(2);
    const entries = await readZip(await fs.readFile(file));
    for (const [i, frame] of frames.entries()) {
      const image = entries.find((e) => e.name === frame.file);
      expect(image, frame.file).to.exist;
      expect([...image!.data.subarray(0, 3)]).to.deep.equal([0xff, 0xd8, 0xff]);
      // The same bytes as the screenshot kept as evidence.
      expect(image!.data.equals(await fs.readFile(path.join(dir, shots[i]!.key)))).to.equal(true);
      expect(frame.width).to.be.greaterThan(0);
      if (i > 0) expect(frame.timestamp!).to.be.at.least(frames[i - 1]!.timestamp!);
    }
    // On the trace's clock: within the actions' time span.
    const starts = trace.events
      .filter((e) => e.type === 'before' && e.startTime !== undefined)
      .map((e) => e.startTime!);
    expect(frames[0]!.timestamp!).to.be.at.least(Math.min(...starts));
    expect(frames.at(-1)!.timestamp!).to.be.at.most(Math.max(...starts) + 30_000);
  });
});
