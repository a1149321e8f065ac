// Plain records the use cases work with. Persistence maps its entities to these; entities never leave it.
import type { RunResult, RunStatus, RunTestCaseResult, RunTestCaseStatus } from '../domain/run-state.js';
import type { HealedStep, TokenUsage } from './ports/test-executor.js';

export type StoredTrigger = 'API' | 'REPOHOST' | 'SCHEDULE' | 'MANUAL';
export type GenerationStatus = 'GENERATING' | 'COMPLETED' | 'FAILED';

export interface OrganizationRecord {
  id: string;
  name: string;
  suspended: boolean;
  usageLimit: number | null;
}

export interface ProjectRecord {
  id: string;
  organizationId: string;
  name: string;
  slug: string;
  defaultTestPlanId: string | null;
  defaultDevicePresetId: string | null;
  slackDefaultChannel: string | null;
  slackNotifyOn: 'always' | 'failure';
  slackConfigured: boolean;
  sshTunnelProxy: boolean;
  /** Run, review and test case pages (and their evidence) are readable by anyone with the link. */
  publicResults: boolean;
}

/** Who is calling: resolved from an API token. */
/**
 * What an API token may do, each scope all the one before it may: `run` the spec's REST API, `plan`
 * a project file (a dry run: a merge request's pipeline), `admin`ister the project (apply its YAML).
 */
export type TokenScope = 'run' | 'plan' | 'admin';
export const TOKEN_SCOPES: readonly TokenScope[] = ['run', 'plan', 'admin'];

export interface Caller {
  tokenId: string;
  scope: TokenScope;
  project: ProjectRecord;
  organization: OrganizationRecord;
}

export interface NamedRecord {
  id: string;
  shortId: string;
  name: string;
}

export interface ApplicationRecord extends NamedRecord {
  defaultEnvironmentId: string | null;
}

export interface EnvironmentRecord extends NamedRecord {
  applicationId: string;
  url: string;
  isDefault: boolean;
  isPreview: boolean;
}

export interface TestPlanRecord extends NamedRecord {
  projectId: string;
  /** In plan order. */
  testCaseIds: string[];
  /** Per-application parameters. */
  applications: { applicationId: string; environmentId: string; devicePresetId: string | null }[];
  /** Plan-level Slack notifications. */
  slack: { channel: string; notifyOn: 'always' | 'failure' } | null;
}

export interface TestCaseRecord {
  id: string;
  projectId: string;
  applicationId: string;
  name: string;
  goal: string;
  expectedResult: string | null;
  generationStatus: GenerationStatus;
  generationError: string | null;
  isEnabled: boolean;
  scenarioId: string | null;
  resumeFromId: string | null;
  waitForIds: string[];
  configIds: string[];
  /** 'apply': declared in a project file, whose `enabled` is set again at each apply. */
  createdVia: 'api' | 'apply';
  /** Language-model tokens of the latest burn-in; null when none was asked. */
  burnInTokens: TokenUsage | null;
}

export interface RunRecord {
  id: string;
  shortId: string;
  projectId: string;
  testPlanId: string | null;
  testPlanName: string;
  testPlanShortId: string;
  trigger: StoredTrigger;
  status: RunStatus;
  result: RunResult | null;
  actor: string | null;
  branch: string | null;
  commitHash: string | null;
  commitMessage: string | null;
  repository: string | null;
  rerunOfRunId: string | null;
  notifications: NotificationRequest[] | null;
  errorMessage: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export interface RunTestCaseRecord {
  id: string;
  shortId: string;
  runId: string;
  testCaseId: string | null;
  name: string;
  status: RunTestCaseStatus;
  result: RunTestCaseResult | null;
  resultTitle: string | null;
  evaluationThought: string | null;
  promptGoal: string | null;
  promptExamples: string | null;
  expectedResult: string | null;
  resumeFromId: string | null;
  waitForIds: string[];
  applicationId: string | null;
  environmentId: string | null;
  environmentUrl: string | null;
  devicePresetId: string | null;
  position: number;
  stepVersion: number | null;
  attempt: number;
  healed: HealedStep[];
  evidence: { kind: string; key: string; label: string; contentType: string }[];
  /** When retention deleted its evidence (`evidence` is then empty); null: kept. */
  evidenceExpiredAt: Date | null;
  errorMessage: string | null;
  /** Language-model tokens of this execution; null when none was asked. */
  modelTokens: TokenUsage | null;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/** Where a run's messages go, resolved when it starts (`runs.notifications`; never in an API answer). */
export type NotificationRequest = SlackNotification | EmailNotification | TeamsNotification;

export interface SlackNotification {
  type: 'slack';
  channel: string;
  notifyOn: 'always' | 'failure';
}

export interface EmailNotification {
  type: 'email';
  to: string[];
  notifyOn: 'always' | 'failure';
}

/**
 * A Teams channel, by its webhook URL's `key` (a SHA-256 fingerprint): the URL itself is a secret,
 * kept encrypted with the project and plan, and looked up when the message is sent.
 */
export interface TeamsNotification {
  type: 'teams';
  /** The URL masked for people and logs: its origin and the start of `key`. */
  label: string;
  key: string;
  notifyOn: 'always' | 'failure';
}

export interface ApiTokenRecord {
  id: string;
  projectId: string;
  name: string;
  prefix: string;
  scope: TokenScope;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}
