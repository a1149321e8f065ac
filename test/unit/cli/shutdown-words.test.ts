// What `goalie serve` and `goalie worker` say after the first Ctrl-C: what they wait for, how long,
// and that a second Ctrl-C quits now (backend/src/cli/shut-down.ts).
import { expect } from 'chai';
import { shutdownAnnouncement, waitingForWork } from '../../../backend/src/cli/shut-down.js';

describe('shutting down: what the terminal is told', () => {
  const cases: [Parameters<typeof shutdownAnnouncement>[0], string][] = [
    [
      { running: { 'run-test-case': 2 }, graceMs: 30_000, embedded: true },
      'Shutting down: waiting for 2 test cases to finish (up to 30 s, then they are handed back to the queue) and closing the browser, then stopping the embedded PostgreSQL (unless another Goalie process on this GOALIE_HOME uses it). Press Ctrl-C again to quit now.',
    ],
    [
      { running: { 'run-test-case': 1, 'generate-test-case': 3, notify: 1 }, graceMs: 10_000, embedded: false },
      'Shutting down: waiting for 1 test case, 3 burn-ins and 1 notification to finish (up to 10 s, then they are handed back to the queue) and closing the browser, then closing the connections to the database. Press Ctrl-C again to quit now.',
    ],
    [
      { running: {}, graceMs: 30_000, embedded: true },
      'Shutting down: closing the browser, then stopping the embedded PostgreSQL (unless another Goalie process on this GOALIE_HOME uses it). Press Ctrl-C again to quit now.',
    ],
    // GOALIE_CONCURRENCY=0: no worker, no browser in this process.
    [
      { running: null, graceMs: 30_000, embedded: false },
      'Shutting down: closing the connections to the database. Press Ctrl-C again to quit now.',
    ],
  ];
  for (const [plan, said] of cases)
    it(`says "${said.slice(14, 70)}…"`, () => expect(shutdownAnnouncement(plan)).to.equal(said));

  it('one job is "it"', () =>
    expect(waitingForWork({ 'try-goal': 1, review: 0 }, 30_000)).to.equal(
      'waiting for 1 try of a goal to finish (up to 30 s, then it is handed back to the queue) and closing the browser',
    ));
});
