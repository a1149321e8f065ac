// Mocha's spec reporter, then the ten slowest test files of the run, so a slow file is seen the day
// it arrives, and the number of files with the sum of their times. Files run in parallel are timed by their worker (test/helpers/file-times.ts); files run
// serially, from this reporter's own suite events.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Mocha = require('mocha');

const { EVENT_SUITE_BEGIN, EVENT_SUITE_END, EVENT_RUN_END } = Mocha.Runner.constants;
// GOALIE_SLOWEST_FILES=<n> shows more of them (all: a large n), to see where a tier's time goes.
const SHOWN = Number(process.env.GOALIE_SLOWEST_FILES) || 10;

class SpecWithSlowest extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const began = new Map();
    const serial = new Map();
    runner.on(EVENT_SUITE_BEGIN, (suite) => {
      if (suite.file && suite.parent && suite.parent.root) began.set(suite, Date.now());
    });
    runner.on(EVENT_SUITE_END, (suite) => {
      if (began.has(suite)) serial.set(suite.file, (serial.get(suite.file) || 0) + Date.now() - began.get(suite));
    });
    runner.once(EVENT_RUN_END, () => {
      const times = fromWorkers() || serial;
      const slowest = [...times].sort((a, b) => b[1] - a[1]).slice(0, SHOWN);
      if (!slowest.length) return;
      const lines = slowest.map(
        ([file, ms]) => `  ${(ms / 1000).toFixed(1).padStart(7)} s  ${path.relative(process.cwd(), file)}`,
      );
      // The sum beside the run's wall time shows how much work the files are and how well it is spread.
      const total = [...times.values()].reduce((sum, ms) => sum + ms, 0);
      const summary = `  ${times.size} files, ${(total / 1000).toFixed(1)} s of file time in all`;
      process.stdout.write(`\n  The ${slowest.length} slowest test files:\n${lines.join('\n')}\n${summary}\n`);
    });
  }
}

/** The times the parallel workers recorded, or null when none did (a serial run). */
function fromWorkers() {
  const dir = process.env.GOALIE_TEST_TIMES;
  if (!dir) return null;
  const times = new Map();
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : [])
    for (const line of fs.readFileSync(path.join(dir, name), 'utf8').split('\n').filter(Boolean)) {
      const { file, ms } = JSON.parse(line);
      times.set(file, (times.get(file) || 0) + ms);
    }
  return times.size ? times : null;
}

module.exports = SpecWithSlowest;
