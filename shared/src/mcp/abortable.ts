// Waiting that the caller can cancel (MCP's notifications/cancelled aborts the request's signal): the
// sleep ends at once and the clock jumps past every deadline, so a poll loop answers with what it has.
import { setTimeout as sleep } from 'node:timers/promises';

/** Resolves after `ms`, or at once when the call is cancelled (the next check then ends the wait). */
export function sleepUnless(signal: AbortSignal): (ms: number) => Promise<void> {
  // The only rejection is the abort itself, which here means "stop waiting".
  return (ms) => sleep(ms, undefined, { signal }).catch(() => undefined);
}

/** Date.now, or the end of time once the call was cancelled. */
export function untilAborted(signal: AbortSignal): () => number {
  return () => (signal.aborted ? Number.MAX_SAFE_INTEGER : Date.now());
}
