// Entity -> record. The only place that knows both shapes.
import type {
  ApiTokenRecord,
  EnvironmentRecord,
  OrganizationRecord,
  ProjectRecord,
  RunRecord,
  RunTestCaseRecord,
} from '../app/records.js';
import type { RunResult, RunStatus, RunTestCaseResult, RunTestCaseStatus } from '../domain/run-state.js';
import type { DevicePresetRecord, TokenUsage } from '../app/ports/test-executor.js';
import type {
  ApiTokenEntity,
  DevicePresetEntity,
  EnvironmentEntity,
  OrganizationEntity,
  ProjectEntity,
  RunEntity,
  RunTestCaseEntity,
} from './entities/index.js';
import type { NotificationRequest } from '../app/records.js';

export const toOrganization = (e: OrganizationEntity): OrganizationRecord => ({
  id: e.id,
  name: e.name,
  suspended: e.suspended,
  usageLimit: e.usageLimit,
});

export const toProject = (e: ProjectEntity): ProjectRecord => ({
  id: e.id,
  organizationId: e.organizationId,
  name: e.name,
  slug: e.slug,
  defaultTestPlanId: e.defaultTestPlanId,
  defaultDevicePresetId: e.defaultDevicePresetId,
  slackDefaultChannel: e.slackDefaultChannel,
  slackNotifyOn: e.slackNotifyOn,
  slackConfigured: e.slackBotToken !== null,
  sshTunnelProxy: e.sshTunnelProxy,
  publicResults: e.publicResults,
});

export const toToken = (e: ApiTokenEntity): ApiTokenRecord => ({
  id: e.id,
  projectId: e.projectId,
  name: e.name,
  prefix: e.prefix,
  scope: e.scope,
  createdAt: e.createdAt,
  lastUsedAt: e.lastUsedAt,
  revokedAt: e.revokedAt,
});

export const toEnvironment = (e: EnvironmentEntity): EnvironmentRecord => ({
  id: e.id,
  shortId: e.shortId,
  name: e.name,
  applicationId: e.applicationId,
  url: e.url,
  isDefault: e.isDefault,
  isPreview: e.isPreview,
});

export const toDevicePreset = (e: DevicePresetEntity | null): DevicePresetRecord | null =>
  e && {
    viewportWidth: e.viewportWidth,
    viewportHeight: e.viewportHeight,
    locale: e.locale,
    timezone: e.timezone,
    userAgent: e.userAgent,
    extraHeaders: e.extraHeaders,
    colorScheme: e.colorScheme,
  };

export const toRun = (e: RunEntity): RunRecord => ({
  id: e.id,
  shortId: e.shortId,
  projectId: e.projectId,
  testPlanId: e.testPlanId,
  testPlanName: e.testPlanName,
  testPlanShortId: e.testPlanShortId,
  trigger: e.trigger,
  status: e.status as RunStatus,
  result: e.result as RunResult | null,
  actor: e.actor,
  branch: e.branch,
  commitHash: e.commitHash,
  commitMessage: e.commitMessage,
  repository: e.repository,
  rerunOfRunId: e.rerunOfRunId,
  notifications: e.notifications as NotificationRequest[] | null,
  errorMessage: e.errorMessage,
  createdAt: e.createdAt,
  startedAt: e.startedAt,
  finishedAt: e.finishedAt,
});

export const toRunTestCase = (e: RunTestCaseEntity): RunTestCaseRecord => ({
  id: e.id,
  shortId: e.shortId,
  runId: e.runId,
  testCaseId: e.testCaseId,
  name: e.name,
  status: e.status as RunTestCaseStatus,
  result: e.result as RunTestCaseResult | null,
  resultTitle: e.resultTitle,
  evaluationThought: e.evaluationThought,
  promptGoal: e.promptGoal,
  promptExamples: e.promptExamples,
  expectedResult: e.expectedResult,
  resumeFromId: e.resumeFromId,
  waitForIds: e.waitForIds,
  applicationId: e.applicationId,
  environmentId: e.environmentId,
  environmentUrl: e.environmentUrl,
  devicePresetId: e.devicePresetId,
  position: e.position,
  stepVersion: e.stepVersion,
  attempt: e.attempt,
  healed: e.healed as RunTestCaseRecord['healed'],
  evidence: e.evidence as RunTestCaseRecord['evidence'],
  evidenceExpiredAt: e.evidenceExpiredAt ?? null,
  errorMessage: e.errorMessage,
  modelTokens: tokensOf(e.modelPromptTokens, e.modelCompletionTokens),
  startedAt: e.startedAt,
  finishedAt: e.finishedAt,
});

/** Two token columns -> TokenUsage; null when no language model was asked. */
export const tokensOf = (prompt: number | null, completion: number | null): TokenUsage | null =>
  prompt === null && completion === null ? null : { promptTokens: prompt ?? 0, completionTokens: completion ?? 0 };
