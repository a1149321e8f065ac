// The storage port. One implementation (persistence/store.ts over TypeORM); use cases know only this.
import type { WebhookStore } from './webhooks.js';
import type { DeclaredChannels, EmailChannel, NotifyOn, TeamsChannelWrite } from '../notifications/channels.js';
import type { AccountsStore } from './accounts.js';
import type { EvidenceRetentionStore } from './evidence-retention.js';
import type { ExecutionStore } from './execution-store.js';
import type { GoalTries } from './goal-tries.js';
import type { OverviewQueries } from './overview.js';
import type { PlanQueries } from './plan-queries.js';
import type { TestCaseQueries } from './test-case-queries.js';
import type { TestCaseChanges } from './test-case-changes.js';
import type { ReviewStore } from './review-store.js';
import type { RunQueries } from './run-queries.js';
import type { ReviewsQueries } from './reviews-queries.js';
import type { ProjectsAsCode } from './projects-as-code.js';
import type { SqlExecutor } from './queue.js';
import type { ProjectBrowserAccess } from './test-executor.js';
import type {
  ApiTokenRecord,
  ApplicationRecord,
  Caller,
  EnvironmentRecord,
  NamedRecord,
  OrganizationRecord,
  ProjectRecord,
  RunRecord,
  RunTestCaseRecord,
  TestCaseRecord,
  TestPlanRecord,
  TokenScope,
} from '../records.js';

export type NewRun = Pick<
  RunRecord,
  | 'id'
  | 'shortId'
  | 'projectId'
  | 'testPlanId'
  | 'testPlanName'
  | 'testPlanShortId'
  | 'trigger'
  | 'actor'
  | 'branch'
  | 'commitHash'
  | 'commitMessage'
  | 'repository'
  | 'rerunOfRunId'
  | 'notifications'
> & { scheduleId: string | null };

export type NewRunTestCase = Omit<
  RunTestCaseRecord,
  | 'status'
  | 'result'
  | 'resultTitle'
  | 'evaluationThought'
  | 'stepVersion'
  | 'attempt'
  | 'healed'
  | 'evidence'
  | 'evidenceExpiredAt'
  | 'errorMessage'
  | 'modelTokens'
  | 'startedAt'
  | 'finishedAt'
>;

export interface NewEnvironment {
  id: string;
  shortId: string;
  applicationId: string;
  name: string;
  url: string;
  isPreview: boolean;
  createdByRunId: string | null;
}

export interface NewTestCase {
  id: string;
  projectId: string;
  applicationId: string;
  name: string;
  goal: string;
  expectedResult: string | null;
  scenarioId: string | null;
  resumeFromId: string | null;
  waitForIds: string[];
  configIds: string[];
  isEnabled: boolean;
  createdVia: 'api' | 'apply';
}

/** Thrown by a repository when a write would break a uniqueness rule (e.g. two test cases with one name). */
export class UniqueViolation extends Error {
  constructor(readonly constraint: string) {
    super(`unique constraint ${constraint} violated`);
  }
}

export type UsageOutcome = { ok: true; count: number } | { ok: false; limit: number; period: string };

export interface Repositories {
  tokens: {
    /** The caller behind a token hash, with revocation state; null when no such token exists. */
    findCaller(tokenHash: string): Promise<(Caller & { revoked: boolean }) | null>;
    touch(tokenId: string, at: Date): Promise<void>;
    create(token: {
      projectId: string;
      name: string;
      prefix: string;
      tokenHash: string;
      scope: TokenScope;
    }): Promise<ApiTokenRecord>;
    list(projectId: string): Promise<ApiTokenRecord[]>;
    /** Revokes the tokens whose prefix starts with `prefix`; returns them. */
    revokeByPrefix(prefix: string, at: Date): Promise<ApiTokenRecord[]>;
    /** Revokes the project's token `id` (keeping an earlier revocation's time); null when the project has none such. */
    revokeById(projectId: string, id: string, at: Date): Promise<ApiTokenRecord | null>;
  };
  organizations: {
    /** Counts one unit of usage in `period` unless the limit is reached. Race-free: one UPDATE, row-locked. */
    consumeUsage(organizationId: string, period: string): Promise<UsageOutcome>;
    findById(id: string): Promise<OrganizationRecord | null>;
  };
  projects: {
    findBySlugOrName(slugOrName: string): Promise<ProjectRecord[]>;
    findById(id: string): Promise<ProjectRecord | null>;
    /** The decrypted Slack bot token, or null when Slack is not configured. */
    slackBotToken(projectId: string): Promise<string | null>;
    /** Every project's decrypted Slack signing secret (requests from Slack are checked against them). */
    slackSigningSecrets(): Promise<{ projectId: string; signingSecret: string }[]>;
    /** Projects connected to a Slack channel: it is their default channel or one of their plans' channels. */
    connectedToChannel(channel: string): Promise<ProjectRecord[]>;
    /** Where the project's browser may go, where its configs may be typed, which preview URLs it takes. */
    browserAccess(projectId: string): Promise<ProjectBrowserAccess>;
    /** The email and Teams channels the project and one of its plans (null: none) declare. */
    notificationChannels(
      projectId: string,
      testPlanId: string | null,
    ): Promise<{ project: DeclaredChannels; plan: DeclaredChannels }>;
    /**
     * The project's default email and Teams channels (Settings › Email and Teams); null: none of that
     * kind. Teams `{ notifyOn }`: keep the stored URLs, each with this notifyOn.
     */
    updateNotificationDefaults(
      projectId: string,
      defaults: { email: EmailChannel[] | null; teams: TeamsChannelWrite[] | null | { notifyOn: NotifyOn } },
    ): Promise<void>;
    /** Every Teams webhook URL of the project and its plans, decrypted, by key. */
    teamsWebhookUrls(projectId: string): Promise<{ key: string; url: string }[]>;
    /** Plain secrets (the store seals them); an undefined secret keeps the stored one, null removes it. */
    updateSlack(
      projectId: string,
      settings: {
        botToken?: string | null;
        signingSecret?: string | null;
        defaultChannel: string | null;
        notifyOn: 'always' | 'failure';
      },
    ): Promise<void>;
  };
  catalog: {
    applicationsByShortId(projectId: string, shortIds: string[]): Promise<ApplicationRecord[]>;
    applicationsById(projectId: string, ids: string[]): Promise<ApplicationRecord[]>;
    applicationsOfProject(projectId: string): Promise<ApplicationRecord[]>;
    /** Environments of the project's applications with these short IDs. */
    environmentsByShortId(projectId: string, shortIds: string[]): Promise<EnvironmentRecord[]>;
    environmentsById(ids: string[]): Promise<EnvironmentRecord[]>;
    devicePresetsByShortId(projectId: string, shortIds: string[]): Promise<NamedRecord[]>;
    configsByShortId(projectId: string, shortIds: string[]): Promise<NamedRecord[]>;
    scenariosByShortId(projectId: string, shortIds: string[]): Promise<NamedRecord[]>;
    createEnvironment(environment: NewEnvironment): Promise<void>;
  };
  testPlans: {
    findByShortId(projectId: string, shortId: string): Promise<TestPlanRecord | null>;
    findById(projectId: string, id: string): Promise<TestPlanRecord | null>;
    listByProject(projectId: string): Promise<TestPlanRecord[]>;
  };
  testCases: {
    /** Every test case of the project: the dependency graph needs all of them. */
    listByProject(projectId: string): Promise<TestCaseRecord[]>;
    findByIds(projectId: string, ids: string[]): Promise<TestCaseRecord[]>;
    /** For the test case's page, addressed by its UUID alone. */
    findAnywhere(id: string): Promise<TestCaseRecord | null>;
    /** The newest recorded steps, or null before the burn-in recorded any. */
    latestSteps(id: string): Promise<{ version: number; steps: unknown; createdAt: Date } | null>;
    create(testCase: NewTestCase): Promise<void>;
    /**
     * Sets is_enabled. Enabling happens only while the burn-in is COMPLETED, checked in the same
     * statement (a burn-in queued again in between wins); false when nothing was changed for that reason.
     */
    setEnabled(id: string, enabled: boolean, at: Date): Promise<boolean>;
    /** Back to GENERATING, its last burn-in's message cleared; the job must be queued with it. */
    restartBurnIn(id: string, at: Date): Promise<void>;
    /** The secret values of every config of the test case's project, to mask in what is shown of it. */
    secretValues(id: string): Promise<{ placeholder: string; value: string }[]>;
  };
  runs: {
    findByShortId(projectId: string, shortId: string): Promise<RunRecord | null>;
    /** For the run's page, addressed by its short ID alone. */
    findAnywhere(shortId: string): Promise<RunRecord | null>;
    findById(id: string): Promise<RunRecord | null>;
    testCasesOf(runId: string): Promise<RunTestCaseRecord[]>;
    create(run: NewRun): Promise<void>;
    /** Dependencies first: a row may point at rows earlier in the list. */
    addTestCases(testCases: NewRunTestCase[]): Promise<void>;
  };
  projectsAsCode: ProjectsAsCode;
  execution: ExecutionStore;
  reviews: ReviewStore;
  evidenceRetention: EvidenceRetentionStore;
  accounts: AccountsStore;
  overview: OverviewQueries;
  runQueries: RunQueries;
  reviewsQueries: ReviewsQueries;
  testCaseQueries: TestCaseQueries;
  testCaseChanges: TestCaseChanges;
  planQueries: PlanQueries;
  webhooks: WebhookStore;
  /** The dashboard's tries of a goal before it is saved. */
  goalTries: GoalTries;
  /** SQL on this repository's connection (inside a transaction: that transaction), for the job queue. */
  sql: SqlExecutor;
  /**
   * Calls `done` once what was written here is committed (inside a transaction: after its commit,
   * never when it rolls back; outside one: at once). For what must happen once, such as a log line.
   */
  afterCommit(done: () => void): void;
}

export interface Store extends Repositories {
  /** Runs `work` in one transaction: everything it writes commits together or not at all. */
  transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T>;
}
