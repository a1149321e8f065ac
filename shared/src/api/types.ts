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

/** Goalie extension (GET /v1/test-plans): a test plan of the token's project. */
export interface TestPlanListEntry {
  shortId: string;
  name: string;
  description: string | null;
  /** What POST /v1/run without testPlanShortId runs. */
  isDefault: boolean;
  testCases: { id: string; name: string; isEnabled: boolean; generationStatus: GenerationStatus }[];
}

/** Goalie extension (GET /v1/test-cases): a test case with its burn-in state and last finished result. */
export interface TestCaseListEntry {
  id: string;
  name: string;
  url: string;
  applicationName: string;
  isEnabled: boolean;
  generationStatus: GenerationStatus;
  createdVia: 'api' | 'apply';
  testPlans: { shortId: string; name: string }[];
  lastResult: {
    result: 'PASSED' | 'FAILED' | 'ERROR' | 'SKIPPED';
    resultTitle: string | null;
    runShortId: string;
    runUrl: string;
    finishedAt: string;
  } | null;
}

export interface TestPlanListResponse {
  testPlans: TestPlanListEntry[];
}

export interface TestCaseListResponse {
  testCases: TestCaseListEntry[];
  /** More test cases exist than the answer holds (at most 500). */
  truncated: boolean;
}
