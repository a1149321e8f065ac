// The rows whose evidence has outlived their project's `evidenceRetentionDays`: finished run test
// cases, finished reviews, and test cases whose last burn-in began before the cut-off.

export type EvidenceOwner = 'run-test-case' | 'review' | 'generation';

export interface ExpiredEvidence {
  id: string;
  /** The folder of all its evidence, such as runs/<run id>/<run test case id>/. */
  prefix: string;
  /** Keys the row lists (run test cases), deleted also when they are outside `prefix`. */
  keys: string[];
}

export interface EvidenceRetentionStore {
  /**
   * Up to `limit` rows of `owner` past their project's retention at `now`, locked for this
   * transaction and skipped by any other sweep that runs at the same time (FOR UPDATE SKIP LOCKED).
   */
  claimExpired(owner: EvidenceOwner, now: Date, limit: number): Promise<ExpiredEvidence[]>;
  /** Marks them expired at `now`: their evidence lists become empty and no sweep claims them again. */
  markExpired(owner: EvidenceOwner, ids: readonly string[], now: Date): Promise<void>;
}
