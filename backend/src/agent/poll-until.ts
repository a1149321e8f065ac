// Expected results are judged until they come true or their time is up: one loop for every check.

const POLL_MS = 100;

/** Calls `check` every 100 ms until it answers true (then true) or `timeoutMs` has passed (then false). */
export async function pollUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
