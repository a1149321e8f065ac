// The bounds of one exploration: a deadline and an optional AbortSignal. Every wait in the crawl
// goes through `bounded`, so a page that never loads, a script that never returns or a request
// that never answers cannot hold exploration past its deadline.

export type Bounded<T> = { done: true; value: T } | { done: false; why: 'timeout' | 'stopped' };

export class Budget {
  readonly deadline: number;

  constructor(
    maxDurationMs: number,
    private readonly signal?: AbortSignal,
    private readonly now: () => number = Date.now,
  ) {
    this.deadline = now() + maxDurationMs;
  }

  remainingMs(): number {
    return Math.max(0, this.deadline - this.now());
  }

  get aborted(): boolean {
    return this.signal?.aborted ?? false;
  }

  /** Out of time, or aborted: start nothing new. */
  get stopped(): boolean {
    return this.aborted || this.remainingMs() <= 0;
  }

  /**
   * `work`'s value, or why it was not waited for: its own cap `capMs` passed ('timeout'), or the
   * deadline passed or the signal aborted ('stopped'). When `work` fails first, this rejects with
   * its error. Work that is no longer waited for has its failure swallowed.
   */
  async bounded<T>(work: Promise<T>, capMs = Number.POSITIVE_INFINITY): Promise<Bounded<T>> {
    if (this.stopped) {
      work.catch(() => {});
      return { done: false, why: 'stopped' };
    }
    const remaining = this.remainingMs();
    const waitMs = Math.min(capMs, remaining);
    const why: 'timeout' | 'stopped' = capMs < remaining ? 'timeout' : 'stopped';
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const cut = new Promise<Bounded<T>>((resolve) => {
      timer = setTimeout(() => resolve({ done: false, why }), waitMs);
      onAbort = () => resolve({ done: false, why: 'stopped' });
      this.signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      const outcome = await Promise.race([work.then((value): Bounded<T> => ({ done: true, value })), cut]);
      if (!outcome.done) work.catch(() => {});
      return outcome;
    } finally {
      clearTimeout(timer);
      if (onAbort) this.signal?.removeEventListener('abort', onAbort);
    }
  }
}
