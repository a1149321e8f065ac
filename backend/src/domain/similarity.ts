// How alike two names are, 0..1: used to say what on the page came closest to a description, and by
// healing to accept a renamed element ("Email" -> "E-mail address").

export function normalizeName(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function bigrams(text: string): string[] {
  const compact = text.replace(/ /g, '');
  const out: string[] = [];
  for (let i = 0; i < compact.length - 1; i++) out.push(compact.slice(i, i + 2));
  return out;
}

function dice(a: string[], b: string[]): number {
  if (!a.length || !b.length) return 0;
  const counts = new Map<string, number>();
  for (const x of a) counts.set(x, (counts.get(x) ?? 0) + 1);
  let shared = 0;
  for (const x of b) {
    const n = counts.get(x) ?? 0;
    if (n > 0) {
      shared++;
      counts.set(x, n - 1);
    }
  }
  return (2 * shared) / (a.length + b.length);
}

export function similarity(a: string, b: string): number {
  const x = normalizeName(a);
  const y = normalizeName(b);
  if (!x || !y) return 0;
  if (x === y) return 1;
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  // A whole word or phrase inside the other ("Email" in "Email address") is close.
  if (` ${long} `.includes(` ${short} `)) return 0.7 + 0.25 * (short.length / long.length);
  return Math.max(dice(bigrams(x), bigrams(y)), dice(x.split(' '), y.split(' ')) * 0.9);
}

/** The `limit` items most similar to `query`, best first, each with its score. */
export function closest<T>(
  query: string,
  items: T[],
  nameOf: (item: T) => string,
  limit = 3,
): { item: T; score: number }[] {
  return items
    .map((item) => ({ item, score: similarity(query, nameOf(item)) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
}
