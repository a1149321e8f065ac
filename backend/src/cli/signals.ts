export interface StopSignal {
  /** Resolves with the first SIGINT or SIGTERM. */
  received: Promise<string>;
  /**
   * What a second SIGINT or SIGTERM does (while shutting down): `quitNow`, which ends the process
   * itself. Without it, a second signal ends the process at once; a third always does.
   */
  onSecond(quitNow: (signal: string) => void): void;
  /** Gives SIGINT and SIGTERM back to Node's default (end the process), e.g. once shut down or when starting failed. */
  dispose(): void;
}

/** Listens for SIGINT and SIGTERM from now on. */
export function untilSignal(): StopSignal {
  let quitNow: ((signal: string) => void) | null = null;
  let count = 0;
  let resolve: (signal: string) => void = () => {};
  const received = new Promise<string>((r) => (resolve = r));
  const dispose = () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  function onSignal(signal: NodeJS.Signals) {
    count++;
    if (count === 1) return resolve(signal);
    // The second: quit now. Listening stops, so a third ends the process however quitting goes.
    dispose();
    if (quitNow) quitNow(signal);
    else process.kill(process.pid, signal);
  }
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return { received, onSecond: (fn) => (quitNow = fn), dispose };
}
