// When a test case is flaky: its verdict does not follow from the code alone. Judged on its last
// finished results (the strip the dashboard shows), verdicts only: an ERROR (Goalie could not run it)
// or a SKIPPED (a dependency did not pass) says nothing about the test case itself. Pure.

/** How many of its newest finished results are looked at. */
export const FLAKY_WINDOW = 10;

export interface FinishedResult {
  /** PASSED or FAILED are verdicts; ERROR and SKIPPED are shown but not judged. */
  outcome: 'PASSED' | 'FAILED' | 'ERROR' | 'SKIPPED';
  /** The commit the run was for, when it named one. */
  commitHash: string | null;
}

export type Flakiness = { flaky: false } | { flaky: true; reason: string };

/**
 * `results` oldest first (only the last FLAKY_WINDOW count). Flaky when
 * - it both passed and failed on one commit (nothing changed but the verdict), or
 * - its verdict changed at least twice (passed, failed, passed again; or the other way round).
 * One change is not flaky: that is a regression, or its fix.
 */
export function flakiness(results: readonly FinishedResult[]): Flakiness {
  const verdicts = results
    .slice(-FLAKY_WINDOW)
    .filter(
      (r): r is FinishedResult & { outcome: 'PASSED' | 'FAILED' } => r.outcome === 'PASSED' || r.outcome === 'FAILED',
    );
  const byCommit = new Map<string, Set<string>>();
  for (const r of verdicts) {
    if (!r.commitHash) continue;
    const seen = byCommit.get(r.commitHash) ?? new Set<string>();
    seen.add(r.outcome);
    byCommit.set(r.commitHash, seen);
  }
  const commit = [...byCommit].find(([, outcomes]) => outcomes.size === 2)?.[0];
  if (commit) return { flaky: true, reason: `passed and failed on the same commit ${commit.slice(0, 7)}` };
  let changes = 0;
  for (let i = 1; i < verdicts.length; i++) if (verdicts[i]!.outcome !== verdicts[i - 1]!.outcome) changes++;
  if (changes >= 2)
    return { flaky: true, reason: `its result changed ${changes} times in its last ${verdicts.length} verdicts` };
  return { flaky: false };
}
