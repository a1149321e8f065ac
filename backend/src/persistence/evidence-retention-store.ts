// Which rows' evidence has expired, in SQL: each kind of owner joined to its project's retention.
import type { EntityManager } from 'typeorm';
import type { EvidenceOwner, EvidenceRetentionStore, ExpiredEvidence } from '../app/ports/evidence-retention.js';

/**
 * Claims rows of `table` (alias `t`) past their project's retention by `since`, oldest first: those
 * no sweep holds, or whose claim is older than the lease ($3 ms). Locked rows are skipped, so two
 * sweeps at once take different rows.
 */
const claim = (table: string, prefix: string, keys: string, since: string, unmarked: string) => `
    WITH due AS (
      SELECT t.id
        FROM ${table} t
        ${table === 'run_test_cases' ? 'JOIN runs r ON r.id = t.run_id JOIN projects p ON p.id = r.project_id' : 'JOIN projects p ON p.id = t.project_id'}
       WHERE ${unmarked}
         AND ${since} < $1::timestamptz - make_interval(days => p.evidence_retention_days)
         AND (t.evidence_sweep_claimed_at IS NULL OR t.evidence_sweep_claimed_at < $1::timestamptz - make_interval(secs => $3::int / 1000.0))
       ORDER BY ${since}
       LIMIT $2
         FOR UPDATE OF t SKIP LOCKED
    ), claimed AS (
      UPDATE ${table} t SET evidence_sweep_claimed_at = $1
        FROM due WHERE t.id = due.id
      RETURNING t.id, ${prefix} AS prefix, ${keys} AS keys
    )
    SELECT * FROM claimed`;

const CLAIM: Record<EvidenceOwner, string> = {
  'run-test-case': claim(
    'run_test_cases',
    `'runs/' || t.run_id || '/' || t.id || '/'`,
    `COALESCE((SELECT array_agg(e->>'key') FROM jsonb_array_elements(t.evidence) e), '{}')`,
    't.finished_at',
    't.evidence_expired_at IS NULL',
  ),
  review: claim(
    'reviews',
    `'reviews/' || t.id || '/'`,
    `'{}'::text[]`,
    't.finished_at',
    't.evidence_expired_at IS NULL',
  ),
  // Every burn-in of a test case began at or before its last one: all are past the cut-off with it.
  // A burn-in begun after the last sweep of its test case has evidence to delete again.
  generation: claim(
    'test_cases',
    `'generation/' || t.id || '/'`,
    `'{}'::text[]`,
    't.generation_started_at',
    `t.generation_status <> 'GENERATING' AND (t.evidence_expired_at IS NULL OR t.evidence_expired_at < t.generation_started_at)`,
  ),
};

const MARK: Record<EvidenceOwner, string> = {
  'run-test-case': `UPDATE run_test_cases SET evidence = '[]', evidence_expired_at = $2, evidence_sweep_claimed_at = NULL WHERE id = ANY($1::uuid[])`,
  review: `UPDATE reviews SET evidence_expired_at = $2, evidence_sweep_claimed_at = NULL WHERE id = ANY($1::uuid[])`,
  generation: `UPDATE test_cases SET evidence_expired_at = $2, evidence_sweep_claimed_at = NULL WHERE id = ANY($1::uuid[])`,
};

export function evidenceRetentionStore(m: EntityManager): EvidenceRetentionStore {
  return {
    async claimExpired(owner, now, limit, leaseMs) {
      const rows = await m.query<ExpiredEvidence[]>(CLAIM[owner], [now, limit, leaseMs]);
      return rows.map((r) => ({ id: r.id, prefix: r.prefix, keys: r.keys }));
    },
    async markExpired(owner, ids, now) {
      if (ids.length) await m.query(MARK[owner], [ids, now]);
    },
  };
}
