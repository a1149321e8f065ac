// A finished run as the notification builders get it (app/records.ts), for tests of messages.
import type { RunRecord } from '../../backend/src/app/records.js';

export function runRecord(over: Partial<RunRecord> = {}): RunRecord {
  return {
    id: 'r1',
    shortId: 'run-abc',
    projectId: 'p1',
    testPlanId: 'tp1',
    testPlanName: 'Nightly',
    testPlanShortId: 'pln-1',
    trigger: 'REPOHOST',
    status: 'COMPLETED',
    result: 'FAILED',
    actor: 'ada',
    branch: 'main',
    commitHash: '0123456789abcdef',
    commitMessage: 'Fix <checkout>\nsecond line',
    repository: 'acme/shop',
    rerunOfRunId: null,
    notifications: null,
    errorMessage: null,
    createdAt: new Date('2026-01-01T10:00:00Z'),
    startedAt: new Date('2026-01-01T10:00:00Z'),
    finishedAt: new Date('2026-01-01T10:02:05Z'),
    ...over,
  };
}
