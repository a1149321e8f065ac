// Storage side of `goalie apply`: read what a project already has (by name), write the desired state.
import type { WebhookEvent } from '../../../../shared/src/project-file/schema.js';
import type { DeclaredChannels, EmailChannel, TeamsChannelWrite } from '../notifications/channels.js';
import type { MinimumPermission } from '../../domain/review/permission.js';
import type { GenerationStatus, NamedRecord } from '../records.js';
import type { PlatformCredentials } from './change-request-platform.js';
import type { NewTestCase } from './store.js';
import type { DevicePresetRecord } from './test-executor.js';

export interface ExistingProject {
  organization: { id: string; name: string } | null;
  project: { id: string; slug: string; defaultTestPlanId: string | null } | null;
  applications: (NamedRecord & { environments: (NamedRecord & { url: string; isDefault: boolean })[] })[];
  devicePresets: NamedRecord[];
  /** `secretValues`: the stored secret entries, decrypted, so apply can tell whether one changed. */
  configs: (NamedRecord & { secretValues: Record<string, string> })[];
  scenarios: NamedRecord[];
  testCases: {
    id: string;
    name: string;
    applicationId: string;
    goal: string;
    generationStatus: GenerationStatus;
    resumeFromId: string | null;
    waitForIds: string[];
  }[];
  testPlans: (NamedRecord & { schedules: { id: string; cron: string; timezone: string }[] })[];
  repository: { id: string; shortId: string } | null;
}

/** The desired state. `undefined` leaves a stored value as it is; ids of new rows are already chosen. */
export interface ProjectWrite {
  organization: { id: string; name: string; usageLimit?: number | null; suspended?: boolean };
  project: {
    id: string;
    organizationId: string;
    name: string;
    slug: string;
    sshTunnelProxy?: boolean;
    /** Results readable by anyone with the link (docs/dashboard.md). */
    publicResults?: boolean;
    /** Evidence older than this many days is deleted (app/expire-evidence.ts). */
    evidenceRetentionDays?: number;
    /** null: the defaults (docs/security.md). */
    browserAccess?: {
      allowLoopback: boolean | null;
      allowPrivate: boolean | null;
      previewOrigins: string[] | null;
    } | null;
    /** undefined: keep the stored one; null: remove it (Slack off). */
    slackBotToken?: string | null;
    slackSigningSecret?: string | null;
    slackDefaultChannel?: string | null;
    slackNotifyOn?: 'always' | 'failure';
    /** `project.notifications`: written every time, null when the file declares none of a kind. */
    emailNotifications: EmailChannel[] | null;
    teamsNotifications: TeamsChannelWrite[] | null;
    defaultDevicePresetId?: string | null;
    defaultTestPlanId?: string | null;
  };
  applications: { id: string; shortId: string; name: string }[];
  environments: { id: string; shortId: string; applicationId: string; name: string; url: string; isDefault: boolean }[];
  devicePresets: (DevicePresetRecord & { id: string; shortId: string; name: string })[];
  /** Plain values; the store encrypts the secret ones. */
  configs: { id: string; shortId: string; name: string; entries: { key: string; value: string; secret: boolean }[] }[];
  scenarios: { id: string; shortId: string; name: string; description: string | null; examples: string | null }[];
  /** Dependencies before dependents. `regenerate`: the steps must be generated again (new, or goal or application changed). */
  testCases: (Omit<NewTestCase, 'projectId' | 'createdVia'> & {
    generationStatus: GenerationStatus;
    regenerate: boolean;
  })[];
  testPlans: {
    id: string;
    shortId: string;
    name: string;
    description: string | null;
    owner: string | null;
    slackChannel: string | null;
    slackNotifyOn: 'always' | 'failure' | null;
    /** null: the plan declares none of that kind, and its runs get the project's. */
    emailNotifications: EmailChannel[] | null;
    teamsNotifications: TeamsChannelWrite[] | null;
    testCaseIds: string[];
    applications: { applicationId: string; environmentId: string; devicePresetId: string | null }[];
    /** `id` of an existing schedule keeps its firing history. */
    schedules: { id: string; cron: string; description: string; timezone: string; enabled: boolean }[];
  }[];
  repository: RepositoryWrite | null;
}

/** The project's repository connection and review settings. Plain secrets; the store seals them. */
export interface RepositoryWrite {
  id: string;
  shortId: string;
  host: 'github' | 'gitlab';
  apiUrl: string;
  repository: string;
  credentials: PlatformCredentials;
  /** undefined keeps the stored secret. */
  webhookSecret: string | undefined;
  reviewContext: string | null;
  autoRun: boolean;
  includeDrafts: boolean;
  postCommentOnOpened: boolean;
  mention: string;
  minimumPermission: MinimumPermission;
  allowForks: boolean;
  reviewTestPlanId: string | null;
  environmentMapping: { environment: string; applicationId: string }[];
}

/** A stored project as its `goalie apply` file describes it: names, not ids; secret values left out. */
export interface ProjectSnapshot {
  organization: { name: string; usageLimit: number | null };
  project: {
    name: string;
    slug: string;
    defaultDevicePreset: string | null;
    sshTunnelProxy: boolean;
    allowLoopback: boolean | null;
    allowPrivate: boolean | null;
    previewOrigins: string[] | null;
    publicResults: boolean;
    evidenceRetentionDays: number;
    slackDefaultChannel: string | null;
    slackNotifyOn: 'always' | 'failure';
    /** Email and Teams defaults; Teams by label and key, never the URL. */
    notifications: DeclaredChannels;
  };
  applications: { name: string; environments: { name: string; url: string; isDefault: boolean }[] }[];
  devicePresets: (DevicePresetRecord & { name: string })[];
  /** `value` is null for a secret entry. */
  configs: { name: string; entries: { key: string; value: string | null; secret: boolean }[] }[];
  scenarios: { name: string; description: string | null; examples: string | null }[];
  /** Dependencies before dependents, then by name. */
  testCases: {
    name: string;
    application: string;
    goal: string;
    expectedResult: string | null;
    configs: string[];
    scenario: string | null;
    resumeFrom: string | null;
    waitFor: string[];
    enabled: boolean;
  }[];
  testPlans: {
    name: string;
    isDefault: boolean;
    description: string | null;
    owner: string | null;
    testCases: string[];
    applications: { application: string; environment: string; devicePreset: string | null }[];
    schedules: { cron: string; description: string; timezone: string; enabled: boolean }[];
    slackChannel: string | null;
    slackNotifyOn: 'always' | 'failure' | null;
    notifications: DeclaredChannels;
  }[];
  repository:
    | (Pick<
        RepositoryWrite,
        | 'host'
        | 'apiUrl'
        | 'repository'
        | 'reviewContext'
        | 'autoRun'
        | 'includeDrafts'
        | 'postCommentOnOpened'
        | 'mention'
        | 'minimumPermission'
        | 'allowForks'
      > & {
        /** A GitHub App's numbers; null for a token. */
        app: { appId: number; installationId: number } | null;
        reviewTestPlan: string | null;
        environmentMapping: { environment: string; application: string }[];
      })
    | null;
  /** Outbound webhook endpoints by name; the URL only as a digest (it may carry a secret), no secret. */
  webhooks: { name: string; events: WebhookEvent[]; urlDigest: string }[];
}

export interface ProjectsAsCode {
  load(organizationName: string, projectName: string): Promise<ExistingProject>;
  /** What `goalie apply` would need to recreate the project; null when there is no such project. */
  snapshot(projectId: string): Promise<ProjectSnapshot | null>;
  /** The project that holds `slug`, if any. */
  slugOwner(slug: string): Promise<{ projectId: string; organizationName: string; projectName: string } | null>;
  write(state: ProjectWrite): Promise<void>;
  /** Whether any organization exists (first start seeds the demo). */
  isEmpty(): Promise<boolean>;
}
