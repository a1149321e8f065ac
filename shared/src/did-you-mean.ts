// "Did you mean ...?": the candidates closest to a mistyped word, for messages that name what exists.

/** Edits (insert, delete, replace one character, or swap two neighbours) that turn `a` into `b`. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[0]!.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]!.push(best);
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The candidates `query` is probably a misspelling of, closest first (at most `limit`): any case,
 * within a third of the word's length in edits, or one that starts with the query or holds it.
 */
export function didYouMean(query: string, candidates: readonly string[], limit = 3): string[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const scored = candidates.flatMap((candidate) => {
    const c = candidate.toLowerCase();
    const distance = editDistance(q, c);
    const near = distance <= Math.max(1, Math.floor(Math.max(q.length, c.length) / 3));
    const part = q.length >= 3 && c.includes(q);
    return near || part ? [{ candidate, score: near ? distance : Math.max(q.length, c.length) }] : [];
  });
  return scored
    .sort((x, y) => x.score - y.score || x.candidate.localeCompare(y.candidate))
    .slice(0, limit)
    .map((s) => s.candidate);
}
