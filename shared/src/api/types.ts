// Wire types of the REST API v1 (../shared/spec/rest-api.md). Field names are the contract.

export type Trigger = 'API' | 'REPOHOST';
export type RunStatus = 'INITIATED' | 'RUNNING' | 'COMPLETED' | 'ERROR' | 'CANCELLED';
export type RunResult = 'PASSED' | 'FAILED' | 'SKIPPED';
export const TERMINAL_RUN_STATUSES: readonly RunStatus[] = ['COMPLETED', 'ERROR', 'CANCELLED'];

export interface TestPlanRef {
  name: string;
  shortId: string;
}

export interface Run {
  id: string;
  shortId: string;
  url: string;
  testCount: number;
  testPlan: TestPlanRef;
}

export interface RerunRun {
  id: string;
  shortId: string;
  url: string;
  testCount: number;
}

export interface RunTestCase {
  id: string;
  shortId: string;
  name: string;
  status: string;
  result: string | null;
  resultTitle: string | null;
  evaluationThought: string | null;
  promptGoal: string | null;
  promptExamples: string | null;
  /**
   * Goalie extension, present only when asked for (`?extensions=true`), so that the specification's
   * shape stays exact for every other client: the test case's own UUID (what rerun's
   * projectTestCaseIds takes); null once it was deleted.
   */
  projectTestCaseId?: string | null;
  /** Goalie extension, with `?extensions=true`: when it started and ended here (ISO 8601, UTC); null until then. */
  startedAt?: string | null;
  finishedAt?: string | null;
}

export interface RunStatusView {
  id: string;
  shortId: string;
  status: RunStatus;
  result: RunResult | null;
  runTestCases: RunTestCase[];
}

export interface TestCase {
  id: string;
  name: string;
  url: string;
}

export type GenerationStatus = 'GENERATING' | 'COMPLETED' | 'FAILED';

/** Goalie extension (GET/PATCH /v1/test-cases/{id}): a test case with its burn-in state and recorded steps. */
export interface TestCaseView {
  id: string;
  name: string;
  url: string;
  goal: string;
  expectedResult: string | null;
  applicationShortId: string;
  isEnabled: boolean;
  generationStatus: GenerationStatus;
  /** Why the burn-in failed and what would work; null unless generationStatus is FAILED. */
  generationError: string | null;
  /** `api` (POST /v1/test-cases) or `apply` (a project file, whose `enabled` wins at the next apply). */
  createdVia: 'api' | 'apply';
  stepCount: number;
  /** The recorded steps' sentences, config values as `{{config.key}}` placeholders. */
  steps: string[];
}

/** Goalie extension: PATCH /v1/test-cases/{id}. */
export interface UpdateTestCaseRequest {
  isEnabled: boolean;
}

export type ApplicationEnvironmentOverride = { url: string; name?: string } | { shortId: string };

export interface ApplicationOverride {
  applicationShortId: string;
  environment?: ApplicationEnvironmentOverride;
  devicePresetShortId?: string;
}

export interface NotificationOverride {
  type: 'slack';
  channel: string;
  notifyOn?: 'always' | 'failure';
}

export interface StartRunRequest {
  trigger?: Trigger;
  testPlanShortId?: string;
  applications?: ApplicationOverride[];
  notifications?: NotificationOverride[];
  actor?: string;
  branch?: string;
  commitHash?: string;
  commitMessage?: string;
  repository?: string;
}

export interface RerunRequest {
  failedOnly?: boolean;
  projectTestCaseIds?: string[];
}

export interface CreateTestCaseRequest {
  name: string;
  goal: string;
  applicationShortId: string;
  expectedResult?: string;
  configShortIds?: string[];
  scenarioShortId?: string;
  resumeFromDependencyProjectTestCaseId?: string;
  waitForDependenciesProjectTestCaseIds?: string[];
}

export interface StartRunResponse {
  success: boolean;
  run: Run;
}
export interface RerunResponse {
  success: boolean;
  run: RerunRun;
}
export interface CreateTestCaseResponse {
  success: boolean;
  testCase: TestCase;
}
export interface OutboundIpsResponse {
  ipAddresses: string[];
}
export interface ErrorBody {
  message: string;
}
