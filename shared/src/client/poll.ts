// Polling with backoff: read, report, stop when done or when the time is up. The interval starts at
// `firstIntervalMs` and grows by half each time up to `maxIntervalMs`, so a long wait costs few calls.

export interface PollOptions<T> {
  timeoutMs: number;
  firstIntervalMs?: number;
  maxIntervalMs?: number;
  onProgress?: (value: T) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export type PollOutcome<T> = { finished: boolean; value: T };

/** Resolves with the first value that is `done`, or with the last one read when the time is up. */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  options: PollOptions<T>,
): Promise<PollOutcome<T>> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const deadline = now() + options.timeoutMs;
  let interval = options.firstIntervalMs ?? 2000;
  for (;;) {
    const value = await read();
    options.onProgress?.(value);
    if (done(value)) return { finished: true, value };
    const left = deadline - now();
    if (left <= 0) return { finished: false, value };
    await sleep(Math.min(interval, left));
    interval = Math.min(Math.round(interval * 1.5), options.maxIntervalMs ?? 15_000);
  }
}
