// Storage side of executing runs: claiming work, recording outcomes, recovering from dead workers,
// firing schedules and generating steps.
import type { HeldJob } from './queue.js';
import type { ProgressRow } from '../../domain/run-progress.js';
import type { RunResult, RunStatus } from '../../domain/run-state.js';
import type { SecretValue } from '../../domain/mask-secrets.js';
import type { ConfigValues, Step } from '../../domain/steps.js';
import type { EvidenceItem } from './evidence.js';
import type { BrowserAccess, DevicePresetRecord, ExecutionRequest, HealedStep, TokenUsage } from './test-executor.js';

export interface RunHead {
  id: string;
  shortId: string;
  projectId: string;
  status: RunStatus;
  cancelRequested: boolean;
}

export interface ExecutionInput extends Pick<
  ExecutionRequest,
  'name' | 'goal' | 'expectedResult' | 'baseUrl' | 'devicePreset' | 'configs' | 'secrets'
> {
  runTestCaseId: string;
  runId: string;
  testCaseId: string | null;
  steps: { version: number; steps: Step[] } | null;
  /** Decrypted state of the Resume From dependency's row, when it has one. */
  resumeState: string | null;
  /** Whether a row of this run resumes from this one. */
  hasResumingDependents: boolean;
  /** Where the project's browser may go and its config values may be typed. */
  access: BrowserAccess;
}

export interface RecordedOutcome {
  status: 'COMPLETED' | 'ERROR' | 'CANCELLED';
  result: 'PASSED' | 'FAILED' | null;
  resultTitle: string | null;
  evaluationThought: string | null;
  promptExamples: string | null;
  stepVersion: number | null;
  healed: HealedStep[];
  evidence: EvidenceItem[];
  browserState: string | null;
  errorMessage: string | null;
  /** Language-model tokens of the execution; null or absent when none was asked. */
  modelTokens?: TokenUsage | null;
  finishedAt: Date;
}

export interface StaleWork {
  runTestCaseId: string;
  runId: string;
  attempt: number;
  /** The worker that claimed it (null only for a row no worker claimed). */
  workerId: string | null;
  name: string;
}

/**
 * Whose a RUNNING test case is: the attempt a worker claimed. Only the current claim may store an
 * outcome, so a worker cut off from the database whose test case was given to another attempt
 * cannot overwrite that attempt's verdict when it comes back.
 */
export interface Claim {
  attempt: number;
  workerId: string | null;
}

export interface DueSchedule {
  id: string;
  cron: string;
  timezone: string;
  description: string;
  createdAt: Date;
  lastFiredAt: Date | null;
  testPlanId: string;
  testPlanShortId: string;
  projectId: string;
}

export interface GenerationInput {
  testCaseId: string;
  projectId: string;
  name: string;
  goal: string;
  expectedResult: string | null;
  baseUrl: string | null;
  devicePreset: DevicePresetRecord | null;
  configs: ConfigValues;
  /** The Resume From chain, oldest first, with their latest steps when recorded. */
  preludes: { name: string; goal: string; steps: Step[] | null; configs: ConfigValues }[];
  /** Where the project's browser may go and its config values may be typed. */
  access: BrowserAccess;
  /** Every secret config value of the project, to mask in the outcome and the evidence. */
  secrets: SecretValue[];
}

export interface ExecutionStore {
  /** Locks the run row until the transaction ends: progress decisions of one run never interleave. */
  lockRun(runId: string): Promise<RunHead | null>;
  progressRows(runId: string): Promise<(ProgressRow & { queued: boolean; attempt: number })[]>;
  markQueued(ids: string[], at: Date): Promise<void>;
  skip(items: { id: string; title: string; thought: string }[], at: Date): Promise<void>;
  markRunRunning(runId: string, at: Date): Promise<void>;
  finishRun(
    runId: string,
    status: RunStatus,
    result: RunResult | null,
    at: Date,
    errorMessage?: string | null,
  ): Promise<void>;
  /**
   * PENDING -> RUNNING for this attempt. null when it is not (any more) this attempt's to run;
   * 'busy' when the project already runs `parallelism` test cases (claims of a project are serialised).
   */
  claim(
    runTestCaseId: string,
    attempt: number,
    workerId: string,
    at: Date,
    parallelism: number,
  ): Promise<{ runId: string } | 'busy' | null>;
  executionInput(runTestCaseId: string): Promise<ExecutionInput>;
  /** Whether the row is RUNNING under `claim`; locks it. Under the run lock the answer holds until commit. */
  holdsClaim(runTestCaseId: string, claim: Claim): Promise<boolean>;
  /** Only a row RUNNING under `claim` takes an outcome; false when it is not (any more). */
  recordOutcome(runTestCaseId: string, claim: Claim, outcome: RecordedOutcome): Promise<boolean>;
  /** Stores steps as the test case's next version; returns the version. */
  saveSteps(
    testCaseId: string,
    steps: Step[],
    source: 'burn-in' | 'heal' | 'run',
    runId: string | null,
    at: Date,
  ): Promise<number>;
  /** Cancellation: every PENDING row of the run becomes CANCELLED; returns the RUNNING ones. */
  cancelPending(runId: string, at: Date): Promise<string[]>;
  requestCancel(runId: string, at: Date): Promise<void>;

  /** Runs not final with nothing left to do: nothing RUNNING, and nothing PENDING or the run asked to cancel. */
  strandedRuns(): Promise<{ runId: string; shortId: string }[]>;
  /** RUNNING rows whose worker stopped beating before `before` (or is gone). */
  staleWork(before: Date): Promise<StaleWork[]>;
  /**
   * Where a test case stands for a job of `attempt`: `claimed` (RUNNING at that attempt),
   * `unclaimed` (PENDING at that attempt, queued), or `past` (ended, or at another attempt); null when gone.
   */
  jobTarget(
    runTestCaseId: string,
    attempt: number,
  ): Promise<{ runId: string; state: 'claimed' | 'unclaimed' | 'past' } | null>;
  /** Back to PENDING for another attempt, marked queued; false when another process already did. */
  retry(runTestCaseId: string, attempt: number, at: Date): Promise<boolean>;
  /** Back to PENDING at the same attempt (a worker shutting down gives it back), marked queued; false when `claim` no longer holds it. */
  release(runTestCaseId: string, claim: { attempt: number; workerId: string }, at: Date): Promise<boolean>;
  forgetWorkers(before: Date): Promise<void>;
  registerWorker(worker: { id: string; hostname: string; pid: number; concurrency: number }, at: Date): Promise<void>;
  /**
   * Beats, and records the other jobs the worker holds (`held`); returns those of `active` (run
   * test case ids) whose run was asked to cancel.
   */
  heartbeat(workerId: string, active: string[], at: Date, held?: HeldJob[]): Promise<string[]>;
  /** Workers that stopped beating before `before` and held jobs when they last beat. */
  workersWithHeldJobs(before: Date): Promise<{ workerId: string; jobs: HeldJob[] }[]>;
  /** Takes a job off a lost worker's list once it was dealt with. */
  dropHeldJob(workerId: string, jobId: string): Promise<void>;
  removeWorker(workerId: string): Promise<void>;
  /** Workers (goalie serve or goalie worker) that beat their heartbeat at or after `since`. */
  liveWorkers(since: Date): Promise<number>;

  schedules(): Promise<DueSchedule[]>;
  /** Marks `due` as fired unless it (or a later time) already was: exactly one process wins. */
  claimSchedule(scheduleId: string, due: Date): Promise<boolean>;

  generationInput(testCaseId: string): Promise<GenerationInput | null>;
  /** The test case's goal, its row locked until the transaction ends (null: deleted). */
  lockGoal(testCaseId: string): Promise<string | null>;
  /** Ends a generation: COMPLETED (steps were saved) or FAILED with the reason. */
  finishGeneration(
    testCaseId: string,
    outcome: { status: 'COMPLETED' | 'FAILED'; error: string | null },
    at: Date,
  ): Promise<void>;
  /** The language-model tokens of the test case's latest burn-in (null: none asked). */
  recordBurnInTokens(testCaseId: string, tokens: TokenUsage | null): Promise<void>;
}
