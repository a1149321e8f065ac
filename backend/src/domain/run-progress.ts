// What happens next in a run, from the states of its test cases: which are ready to start, which
// must be skipped because a dependency did not pass, and whether the run is over.
import { runResult, type RunResult, type RunTestCaseResult, type RunTestCaseStatus } from './run-state.js';

export interface ProgressRow {
  id: string;
  name: string;
  status: RunTestCaseStatus;
  result: RunTestCaseResult | null;
  resumeFromId: string | null;
  waitForIds: readonly string[];
}

export interface Progress {
  /** PENDING rows whose dependencies all passed (or that have none): start them. */
  ready: string[];
  /** PENDING rows that can never run: a dependency did not pass. */
  skip: { id: string; title: string; thought: string }[];
  /** Set when every row has reached an end (after the skips above). */
  finished: { status: 'COMPLETED' | 'ERROR' | 'CANCELLED'; result: RunResult | null } | null;
}

const TERMINAL: ReadonlySet<RunTestCaseStatus> = new Set(['COMPLETED', 'SKIPPED', 'ERROR', 'CANCELLED']);

export const isTerminalTestCaseStatus = (status: RunTestCaseStatus) => TERMINAL.has(status);

const passed = (row: ProgressRow) => row.status === 'COMPLETED' && row.result === 'PASSED';

function describe(row: ProgressRow): string {
  if (row.status === 'COMPLETED') return row.result === 'FAILED' ? 'failed' : 'did not pass';
  if (row.status === 'SKIPPED') return 'was skipped';
  if (row.status === 'ERROR') return 'ended in an error';
  if (row.status === 'CANCELLED') return 'was cancelled';
  return 'did not pass';
}

/**
 * `pending` says which PENDING rows are already queued (they must not be started twice).
 * Skips cascade: the dependents of a skipped row are skipped in the same pass.
 */
export function progress(rows: readonly ProgressRow[], queued: ReadonlySet<string>): Progress {
  const byId = new Map(rows.map((r) => [r.id, { ...r }]));
  const skip: Progress['skip'] = [];
  let changed = true;
  while (changed) {
    changed = false;
    for (const row of byId.values()) {
      if (row.status !== 'PENDING') continue;
      const deps = [...new Set([...(row.resumeFromId ? [row.resumeFromId] : []), ...row.waitForIds])]
        .map((id) => byId.get(id))
        .filter((d): d is ProgressRow => !!d);
      const blocker = deps.find((d) => isTerminalTestCaseStatus(d.status) && !passed(d));
      if (blocker) {
        const kind = blocker.id === row.resumeFromId ? 'resumes from' : 'waits for';
        skip.push({
          id: row.id,
          title: `Skipped: dependency "${blocker.name}" ${describe(blocker)}`,
          thought: `This test case ${kind} "${blocker.name}", which ${describe(blocker)}, so it was not run.`,
        });
        row.status = 'SKIPPED';
        row.result = 'SKIPPED';
        changed = true;
      }
    }
  }
  const ready: string[] = [];
  for (const row of byId.values()) {
    if (row.status !== 'PENDING' || queued.has(row.id)) continue;
    const deps = [...(row.resumeFromId ? [row.resumeFromId] : []), ...row.waitForIds]
      .map((id) => byId.get(id))
      .filter((d): d is ProgressRow => !!d);
    if (deps.every(passed)) ready.push(row.id);
  }
  const all = [...byId.values()];
  return { ready, skip, finished: all.every((r) => isTerminalTestCaseStatus(r.status)) ? runOutcome(all) : null };
}

/**
 * How a run whose test cases all ended ends. ERROR: test cases ended in errors and none reached a
 * verdict (nothing could be tested). CANCELLED: some were cancelled. Otherwise COMPLETED with a result.
 */
export function runOutcome(rows: readonly { status: RunTestCaseStatus; result: RunTestCaseResult | null }[]): {
  status: 'COMPLETED' | 'ERROR' | 'CANCELLED';
  result: RunResult | null;
} {
  if (rows.some((r) => r.status === 'CANCELLED')) return { status: 'CANCELLED', result: null };
  if (rows.some((r) => r.status === 'ERROR') && !rows.some((r) => r.status === 'COMPLETED'))
    return { status: 'ERROR', result: null };
  return { status: 'COMPLETED', result: runResult(rows) };
}
