// PostgreSQL may end a transaction with a serialization failure (40001) or a deadlock (40P01) that
// trying again resolves. The run engine's transactions take their locks in one order (the run row,
// then its test cases), so these are rare; when one happens the use case tries again instead of
// letting a client see a 500 or a worker lose its job.
const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 5;

export function isTransientConflict(error: unknown): boolean {
  const e = error as { code?: unknown; driverError?: { code?: unknown } } | null;
  const code = e?.driverError?.code ?? e?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
}

export async function retryOnConflict<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= ATTEMPTS || !isTransientConflict(error)) throw error;
      // A short, growing pause lets the other transaction finish first.
      await new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.floor(Math.random() * 10)));
    }
  }
}
