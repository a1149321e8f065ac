// Waiting for work at most so long: closing a browser, a readiness check, a job's last moments.
// The timer is cleared when the work wins and never keeps the process alive.

/** What `work` settles to, or `late()` once `ms` have passed first. The work itself is not stopped. */
export async function settleWithin<T, L>(work: Promise<T>, ms: number, late: () => L): Promise<T | L> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<L>((resolve) => {
    timer = setTimeout(() => resolve(late()), ms);
    timer.unref();
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
