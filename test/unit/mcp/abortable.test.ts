// A cancelled MCP call ends its wait at once: the sleep resolves (never rejects) and the clock jumps
// past any deadline, so the poll loop answers with what it has.
import { expect } from 'chai';
import { sleepUnless, untilAborted } from '../../../shared/src/mcp/abortable.js';

describe('waiting that a cancelled MCP call ends', () => {
  it('a sleep ends when the signal aborts, and one after the abort does not wait', async () => {
    const controller = new AbortController();
    const sleep = sleepUnless(controller.signal);
    let ended = false;
    const waiting = sleep(60_000).then(() => (ended = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(ended).to.equal(false);
    controller.abort();
    await waiting;
    expect(ended).to.equal(true);
    // An hour-long sleep on an aborted signal resolves at once (mocha's timeout would end it otherwise).
    await sleep(3_600_000);
  });

  it('an uncancelled sleep resolves after its time', async () => {
    await sleepUnless(new AbortController().signal)(5);
  });

  it('the clock is the real one until the abort, then past every deadline', () => {
    const controller = new AbortController();
    const now = untilAborted(controller.signal);
    expect(Math.abs(now() - Date.now())).to.be.lessThan(1000);
    controller.abort();
    expect(now()).to.equal(Number.MAX_SAFE_INTEGER);
  });
});
