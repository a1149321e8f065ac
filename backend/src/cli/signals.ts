export interface StopSignal {
  /** Resolves with the first SIGINT or SIGTERM. */
  received: Promise<string>;
  /** Gives SIGINT and SIGTERM back to Node's default (end the process), e.g. once shut down or when starting failed. */
  dispose(): void;
}

/** Listens for SIGINT and SIGTERM from now on. */
export function untilSignal(): StopSignal {
  let dispose = () => {};
  const received = new Promise<string>((resolve) => {
    // The first signal of either kind stops listening: a second one ends the process at once.
    const onInt = () => (dispose(), resolve('SIGINT'));
    const onTerm = () => (dispose(), resolve('SIGTERM'));
    process.once('SIGINT', onInt);
    process.once('SIGTERM', onTerm);
    dispose = () => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
    };
  });
  return { received, dispose };
}
