// How long each test file took, for the slowest-files list at the end of a run
// (test/helpers/spec-with-slowest.cjs). With --parallel each file is the root suite of its worker:
// the root hooks time it and append a line to a file of the worker's own in GOALIE_TEST_TIMES, a
// directory the global setup made. Run serially, files share one root suite and the reporter times
// them from its own events instead.
import fs from 'node:fs';
import path from 'node:path';

let started = 0;

export function fileStarted(): void {
  started = performance.now();
}

export function fileEnded(suite: Mocha.Suite | undefined): void {
  const dir = process.env.GOALIE_TEST_TIMES;
  const files = new Set((suite?.suites ?? []).map((s) => s.file).filter(Boolean));
  if (!dir || files.size !== 1 || !started) return;
  const line = JSON.stringify({ file: [...files][0], ms: Math.round(performance.now() - started) });
  fs.appendFileSync(path.join(dir, `${process.pid}.jsonl`), `${line}\n`);
}
