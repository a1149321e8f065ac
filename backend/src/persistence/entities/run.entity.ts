import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type StoredTrigger = 'API' | 'REPOHOST' | 'SCHEDULE' | 'MANUAL';

@Entity('runs')
export class RunEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'text' }) shortId: string;
  @Column({ type: 'uuid' }) projectId: string;
  @Column({ type: 'uuid', nullable: true }) testPlanId: string | null;
  /** Snapshots, so the run still reads right after the plan is renamed or deleted. */
  @Column({ type: 'text' }) testPlanName: string;
  @Column({ type: 'text' }) testPlanShortId: string;
  @Column({ type: 'text' }) trigger: StoredTrigger;
  @Column({ type: 'text', default: 'INITIATED' }) status: string;
  @Column({ type: 'text', nullable: true }) result: string | null;
  @Column({ type: 'text', nullable: true }) actor: string | null;
  @Column({ type: 'text', nullable: true }) branch: string | null;
  @Column({ type: 'text', nullable: true }) commitHash: string | null;
  @Column({ type: 'text', nullable: true }) commitMessage: string | null;
  @Column({ type: 'text', nullable: true }) repository: string | null;
  @Column({ type: 'uuid', nullable: true }) rerunOfRunId: string | null;
  @Column({ type: 'uuid', nullable: true }) scheduleId: string | null;
  @Column({ type: 'jsonb', nullable: true }) notifications:
    { type: string; channel: string; notifyOn: string }[] | null;
  @Column({ type: 'text', nullable: true }) errorMessage: string | null;
  @Column({ type: 'timestamptz', nullable: true }) cancelRequestedAt: Date | null;
  @Column({ type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
  @Column({ type: 'timestamptz', nullable: true }) startedAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) finishedAt: Date | null;
}

@Entity('run_test_cases')
export class RunTestCaseEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'text' }) shortId: string;
  @Column({ type: 'uuid' }) runId: string;
  @Column({ type: 'uuid', nullable: true }) testCaseId: string | null;
  @Column({ type: 'text' }) name: string;
  @Column({ type: 'text', default: 'PENDING' }) status: string;
  @Column({ type: 'text', nullable: true }) result: string | null;
  @Column({ type: 'text', nullable: true }) resultTitle: string | null;
  @Column({ type: 'text', nullable: true }) evaluationThought: string | null;
  @Column({ type: 'text', nullable: true }) promptGoal: string | null;
  @Column({ type: 'text', nullable: true }) promptExamples: string | null;
  @Column({ type: 'text', nullable: true }) expectedResult: string | null;
  /** Dependencies within this run, as run test case ids (a snapshot of the test cases' dependencies). */
  @Column({ type: 'uuid', nullable: true }) resumeFromId: string | null;
  @Column({ type: 'uuid', array: true, default: () => "'{}'" }) waitForIds: string[];
  @Column({ type: 'uuid', nullable: true }) applicationId: string | null;
  @Column({ type: 'uuid', nullable: true }) environmentId: string | null;
  @Column({ type: 'text', nullable: true }) environmentUrl: string | null;
  @Column({ type: 'uuid', nullable: true }) devicePresetId: string | null;
  @Column({ type: 'integer', default: 0 }) position: number;
  @Column({ type: 'integer', nullable: true }) stepVersion: number | null;
  @Column({ type: 'integer', default: 0 }) attempt: number;
  /** Set when its job was queued: a PENDING row with it set must not be queued again. */
  @Column({ type: 'timestamptz', nullable: true }) queuedAt: Date | null;
  @Column({ type: 'text', nullable: true }) workerId: string | null;
  /** Cookies, localStorage and sessionStorage after it ran, for Resume From dependents. Encrypted. */
  @Column({ type: 'text', nullable: true }) browserState: string | null;
  @Column({ type: 'jsonb', default: [] }) healed: unknown[];
  @Column({ type: 'jsonb', default: [] }) evidence: unknown[];
  /** When retention deleted its evidence (and emptied `evidence`). */
  @Column({ type: 'timestamptz', nullable: true }) evidenceExpiredAt: Date | null;
  @Column({ type: 'text', nullable: true }) errorMessage: string | null;
  /** Language-model tokens of this execution; null when none was asked. */
  @Column({ type: 'integer', nullable: true }) modelPromptTokens: number | null;
  @Column({ type: 'integer', nullable: true }) modelCompletionTokens: number | null;
  @Column({ type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
  @Column({ type: 'timestamptz', nullable: true }) startedAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) finishedAt: Date | null;
}
