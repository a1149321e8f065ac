// Usage is counted in runs per calendar month (UTC); a null limit means unlimited.

export function usagePeriod(at: Date): string {
  return at.toISOString().slice(0, 7);
}
