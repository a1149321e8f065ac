// The settings' sub-pages, in the order the overview and the side navigation show them. A part of the
// settings is one entry here (its address under /p/:slug/settings/, its group, what it holds and an
// optional one-line state for the overview) and its own routes in `<section>-routes.tsx`, added in
// settings/routes.tsx.
import type { AppContext } from '../../../app/context.js';
import type { ProjectSummary } from '../../../app/ports/overview.js';
import { HOST_NAMES } from '../reviews/review-words.js';

export type SettingsGroup = 'Integrations' | 'Organization' | 'Project';

export interface SettingsSection {
  /** The address under /p/:slug/settings/. */
  path: string;
  group: SettingsGroup;
  title: string;
  /** What the page holds, in one sentence. */
  description: string;
  /** Its state in a few words, for the overview ("2 active tokens"). */
  state?: (app: AppContext, project: ProjectSummary) => Promise<string>;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export const SETTINGS_SECTIONS: SettingsSection[] = [
  // Integrations. The spec names the tokens' place "Settings, Integrations, API".
  {
    path: 'api',
    group: 'Integrations',
    title: 'API',
    description:
      'API tokens for CI jobs, the goalie command line and scripts that use the REST API, and the project ID older clients need.',
    state: async (app, project) =>
      plural((await app.store.tokens.list(project.id)).filter((t) => !t.revokedAt).length, 'active token'),
  },
  {
    path: 'repository',
    group: 'Integrations',
    title: 'Repository',
    description:
      'Reviews of pull requests and merge requests: the connected repository, the review context, when to review, and which environment previews which application.',
    state: async (app, project) => {
      const connection = await app.store.reviews.connectionOfProject(project.id);
      if (!connection) return 'no repository connected';
      return `${connection.repository} on ${HOST_NAMES[connection.host]}${connection.webhookError ? '; the webhook could not be set up' : ''}`;
    },
  },
  {
    path: 'slack',
    group: 'Integrations',
    title: 'Slack',
    description:
      "The project's Slack app: run summaries in a default channel, the /goalie command and the Rerun failed button.",
    state: async (app, project) => {
      const record = await app.store.projects.findById(project.id);
      if (!record?.slackConfigured) return 'not connected';
      return record.slackDefaultChannel
        ? `connected; default channel ${record.slackDefaultChannel}`
        : 'connected; no default channel';
    },
  },
  {
    path: 'notifications',
    group: 'Integrations',
    title: 'Email and Teams',
    description: 'Default email recipients and Microsoft Teams channel for run summaries of plans without their own.',
    state: async (app, project) => {
      const { project: channels } = await app.store.projects.notificationChannels(project.id, null);
      const emails = (channels.email ?? []).flatMap((e) => e.to).length;
      return `${plural(emails, 'email recipient')}, ${channels.teams?.length ? 'a Teams channel' : 'no Teams channel'}`;
    },
  },
  {
    path: 'webhooks',
    group: 'Integrations',
    title: 'Webhooks',
    description: 'Signed outbound webhooks of runs, burn-ins and reviews, and their newest deliveries.',
    state: async (app, project) => {
      const endpoints = await app.store.webhooks.endpointsWithDeliveries(project.id, 0);
      return endpoints.length ? plural(endpoints.length, 'webhook') : 'none';
    },
  },

  // Organization: who may see and do what, in every project of the organization.
  {
    path: 'members',
    group: 'Organization',
    title: 'Members',
    description:
      'Who may see and change this project and every other project of the organization, with their roles; invitations by link.',
    state: async (app, project) => {
      const [members, invitations] = await Promise.all([
        app.store.accounts.membersOf(project.organizationId),
        app.store.accounts.openInvitationsOf(project.organizationId, app.now()),
      ]);
      return `${plural(members.length, 'member')}, ${plural(invitations.length, 'open invitation')}`;
    },
  },

  // Project: the file that declares it.
  {
    path: 'project-file',
    group: 'Project',
    title: 'Project file',
    description: 'Download the project as the YAML file goalie apply reads, and what that file owns.',
  },
];

export const SETTINGS_GROUPS: SettingsGroup[] = ['Integrations', 'Organization', 'Project'];
