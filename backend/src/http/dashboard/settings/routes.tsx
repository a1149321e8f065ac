// /p/:slug/settings: the overview, and its sub-pages (sections.ts lists them). Every page and form
// needs an admin or owner of the project's organization ('settings'); each form checks its CSRF token
// first, then the role, then hands over to the use case, which checks the rules again. Results come
// back as a redirect to the page with a notice, except a new token or invitation link: that is shown
// in the answer to its form, the only time it is ever shown.
import Router from '@koa/router';
import type { Context } from 'koa';
import type { ComponentChildren } from 'preact';
import { createInvitation, revokeInvitation } from '../../../app/accounts/invitations.js';
import { changeRole, removeMember } from '../../../app/accounts/members.js';
import type { AppContext } from '../../../app/context.js';
import { AppError } from '../../../app/errors.js';
import { saveNotificationDefaults } from '../../../app/notifications/notification-defaults.js';
import { saveReviewSettings, type ReviewSettingsInput } from '../../../app/review/review-settings.js';
import { saveSlackSettings } from '../../../app/slack/slack-settings.js';
import { createProjectToken, revokeProjectToken } from '../../../app/tokens.js';
import { addWebhook, enableWebhook, removeWebhook } from '../../../app/webhooks/webhook-settings.js';
import { can, type Role } from '../../../domain/access.js';
import type { AppState } from '../../state.js';
import { requireUser } from '../access.js';
import { csrfToken, requireCsrf } from '../csrf.js';
import { field } from '../form.js';
import { projectPage, type ProjectPage } from '../project-context.js';
import { renderPage } from '../render.js';
import { ApiPage, type ApiPageProps } from './api-tokens.js';
import { SettingsFrame, settingsPath } from './frame.js';
import { MembersPage, type MembersPageProps } from './members.js';
import { SettingsOverview } from './overview.js';
import { RepositoryPage, type RepositoryPageProps } from './repository.js';
import { NotificationsPage, type NotificationsPageProps } from './notifications.js';
import { ProjectFilePage } from './project-file.js';
import { SETTINGS_SECTIONS } from './sections.js';
import { SlackPage, type SlackPageProps } from './slack.js';
import { DELIVERIES_SHOWN, WebhooksPage, type WebhooksPageProps } from './webhooks.js';

const API_FORMS = {
  page: 'settings page (Settings › Integrations › API)',
  alternative: 'Use the forms on that page, or `goalie token create|revoke` on the server.',
};
const REPOSITORY_FORM = {
  page: 'settings page (Settings › Integrations › Repository)',
  alternative: 'Use the form on that page, or the repository block of the project file and `goalie apply`.',
};
const SLACK_FORM = {
  page: 'settings page (Settings › Integrations › Slack)',
  alternative: 'Use the form on that page, or project.slack in the project file and `goalie apply`.',
};
const WEBHOOK_FORMS = {
  page: 'settings page (Settings › Integrations › Webhooks)',
  alternative: 'Use the forms on that page, or project.webhooks in the project file and `goalie apply`.',
};
const NOTIFICATION_FORM = {
  page: 'settings page (Settings › Integrations › Email and Teams)',
  alternative: 'Use the form on that page, or project.notifications in the project file and `goalie apply`.',
};
const MEMBER_FORMS = {
  page: 'settings page (Settings › Members)',
  alternative: 'Use the forms on that page.',
};

/** The settings page for an admin or owner; anyone else gets a 403 that says who may. */
const settingsPage = (app: AppContext, ctx: Context, what: string) =>
  projectPage(app, ctx, ctx.params.slug, 'settings', what);

/** A settings sub-page: its title, the side navigation with `current` marked, and its content. */
function renderSettings(
  ctx: Context,
  page: ProjectPage,
  current: string,
  title: string,
  body: ComponentChildren,
  status?: number,
): void {
  renderPage(
    ctx,
    { title: `${title} · Settings · ${page.project.name}`, project: page.nav, section: 'settings', status },
    <SettingsFrame slug={page.project.slug} current={current}>
      {body}
    </SettingsFrame>,
  );
}

type Outcome = Pick<ApiPageProps, 'created' | 'notice' | 'name'>;

async function renderApi(
  app: AppContext,
  ctx: Context,
  page: ProjectPage,
  outcome: Outcome = {},
  status?: number,
): Promise<void> {
  const { project } = page;
  const tokens = await app.store.tokens.list(project.id);
  const revoked = typeof ctx.query.revoked === 'string' ? tokens.find((t) => t.id === ctx.query.revoked) : undefined;
  const notice =
    outcome.notice ??
    (revoked
      ? {
          kind: 'ok' as const,
          text: `The token “${revoked.name || revoked.prefix}” (${revoked.prefix}…) is revoked: clients that still send it get 403.`,
        }
      : undefined);
  renderSettings(
    ctx,
    page,
    'api',
    'API tokens',
    <ApiPage
      slug={project.slug}
      project={project}
      tokens={tokens}
      serverUrl={app.links.server()}
      csrf={csrfToken(ctx)}
      {...outcome}
      notice={notice}
    />,
    status,
  );
}

type MembersOutcome = Pick<MembersPageProps, 'created' | 'notice' | 'invite'>;

function membersNotice(ctx: Context, members: MembersPageProps['members']): MembersPageProps['notice'] {
  const q = ctx.query;
  const changed = typeof q.changed === 'string' ? members.find((m) => m.userId === q.changed) : undefined;
  if (changed)
    return {
      kind: 'ok',
      text: `${changed.name || changed.email} is now ${changed.role === 'admin' || changed.role === 'owner' ? 'an' : 'a'} ${changed.role}.`,
    };
  if (q.removed !== undefined)
    return { kind: 'ok', text: 'The member was removed: they no longer see any project of the organization.' };
  if (q.withdrawn !== undefined) return { kind: 'ok', text: 'The invitation was withdrawn: its link no longer works.' };
  return undefined;
}

async function renderMembers(
  app: AppContext,
  ctx: Context,
  page: ProjectPage,
  outcome: MembersOutcome = {},
  status?: number,
): Promise<void> {
  const { project } = page;
  const [members, invitations, projects] = await Promise.all([
    app.store.accounts.membersOf(project.organizationId),
    app.store.accounts.openInvitationsOf(project.organizationId, app.now()),
    app.store.overview.projects([project.organizationId]),
  ]);
  renderSettings(
    ctx,
    page,
    'members',
    'Members',
    <MembersPage
      slug={project.slug}
      organizationName={project.organizationName}
      projectCount={projects.length}
      members={members}
      invitations={invitations}
      actor={{ user: requireUser(ctx), role: page.role as Role }}
      csrf={csrfToken(ctx)}
      {...outcome}
      notice={outcome.notice ?? membersNotice(ctx, members)}
    />,
    status,
  );
}

async function renderRepository(
  app: AppContext,
  ctx: Context,
  page: ProjectPage,
  outcome: Pick<RepositoryPageProps, 'notice' | 'typed'> = {},
  status?: number,
): Promise<void> {
  const { project } = page;
  const [connection, applications] = await Promise.all([
    app.store.reviews.connectionOfProject(project.id),
    app.store.catalog.applicationsOfProject(project.id),
  ]);
  let notice = outcome.notice;
  if (!notice && connection && ctx.query.saved !== undefined) {
    notice = connection.webhookError
      ? {
          kind: 'error',
          text: `The review settings are saved, but the webhook could not be set up: ${connection.webhookError}. Saving again retries.`,
        }
      : {
          kind: 'ok',
          text: 'The review settings are saved, and the webhook is set up. Put them in the project file as well, or its next apply undoes them.',
        };
  }
  renderSettings(
    ctx,
    page,
    'repository',
    'Repository',
    <RepositoryPage
      slug={project.slug}
      connection={connection}
      applications={applications}
      webhookUrl={connection ? app.links.webhook(connection.host, connection.shortId) : null}
      csrf={csrfToken(ctx)}
      typed={outcome.typed}
      notice={notice}
    />,
    status,
  );
}

/** The repository form's fields; the mapping is rows of two same-named fields, in order. */
function repositoryForm(form: URLSearchParams): ReviewSettingsInput {
  const environments = form.getAll('environment');
  const applications = form.getAll('application');
  return {
    reviewContext: form.get('reviewContext') ?? '',
    autoRun: form.has('autoRun'),
    includeDrafts: form.has('includeDrafts'),
    postCommentOnOpened: form.has('postCommentOnOpened'),
    environments: Array.from({ length: Math.max(environments.length, applications.length) }, (_, i) => ({
      environment: environments[i] ?? '',
      applicationId: applications[i] ?? '',
    })),
  };
}

/** Runs a form's use case; an AppError (bad input, a rule) shows the page again with its message and status. */
async function attempt(work: () => Promise<void>, refused: (error: AppError) => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await refused(error);
  }
}

async function renderSlack(
  app: AppContext,
  ctx: Context,
  page: ProjectPage,
  outcome: Pick<SlackPageProps, 'notice' | 'typed'> = {},
  status?: number,
): Promise<void> {
  const [record, plans] = await Promise.all([
    app.store.projects.findById(page.project.id),
    app.store.planQueries.plans(page.project.id),
  ]);
  const saved =
    ctx.query.saved !== undefined
      ? {
          kind: 'ok' as const,
          text: record?.slackConfigured
            ? 'The Slack settings are saved.'
            : 'The Slack settings are saved; Slack is not connected.',
        }
      : undefined;
  renderSettings(
    ctx,
    page,
    'slack',
    'Slack',
    <SlackPage
      slug={page.project.slug}
      csrf={csrfToken(ctx)}
      connected={record?.slackConfigured ?? false}
      defaultChannel={record?.slackDefaultChannel ?? null}
      notifyOn={record?.slackNotifyOn ?? 'always'}
      planChannels={plans.flatMap((p) =>
        p.slack ? [{ plan: p.name, channel: p.slack.channel, notifyOn: p.slack.notifyOn }] : [],
      )}
      notice={outcome.notice ?? saved}
      typed={outcome.typed}
    />,
    status,
  );
}

async function renderWebhooks(
  app: AppContext,
  ctx: Context,
  page: ProjectPage,
  outcome: Pick<WebhooksPageProps, 'notice' | 'typed' | 'created'> = {},
  status?: number,
): Promise<void> {
  const endpoints = await app.store.webhooks.endpointsWithDeliveries(page.project.id, DELIVERIES_SHOWN);
  // The notice of a redirect names the webhook only as it stands, so a crafted link cannot put words on the page.
  const done = (verb: string) => {
    const name = ctx.query[verb];
    if (typeof name !== 'string' || endpoints.some((e) => e.name === name) === (verb === 'removed')) return undefined;
    return { kind: 'ok' as const, text: `The webhook “${name}” is ${verb}.` };
  };
  renderSettings(
    ctx,
    page,
    'webhooks',
    'Webhooks',
    <WebhooksPage
      slug={page.project.slug}
      csrf={csrfToken(ctx)}
      endpoints={endpoints}
      {...outcome}
      notice={outcome.notice ?? done('added') ?? done('removed') ?? done('enabled')}
    />,
    status,
  );
}

async function renderNotifications(
  app: AppContext,
  ctx: Context,
  page: ProjectPage,
  outcome: Pick<NotificationsPageProps, 'notice' | 'typed'> = {},
  status?: number,
): Promise<void> {
  const { project } = await app.store.projects.notificationChannels(page.project.id, null);
  const saved = ctx.query.saved !== undefined ? { kind: 'ok' as const, text: 'The defaults are saved.' } : undefined;
  renderSettings(
    ctx,
    page,
    'notifications',
    'Email and Teams',
    <NotificationsPage
      slug={page.project.slug}
      csrf={csrfToken(ctx)}
      email={project.email}
      teams={project.teams}
      smtpConfigured={app.smtpConfigured ?? false}
      notice={outcome.notice ?? saved}
      typed={outcome.typed}
    />,
    status,
  );
}

export function settingsRoutes(app: AppContext): Router<AppState> {
  const router = new Router<AppState>();

  router.get('/p/:slug/settings', async (ctx) => {
    const { project, nav } = await settingsPage(app, ctx, 'see or change the settings');
    const states = await Promise.all(
      SETTINGS_SECTIONS.map((s) => (s.state ? s.state(app, project) : Promise.resolve(null))),
    );
    renderPage(
      ctx,
      { title: `Settings · ${project.name}`, project: nav, section: 'settings' },
      <SettingsFrame slug={project.slug} current={null}>
        <SettingsOverview
          slug={project.slug}
          projectName={project.name}
          organizationName={project.organizationName}
          states={states}
        />
      </SettingsFrame>,
    );
  });

  // Integrations › API: tokens.
  router.get('/p/:slug/settings/api', async (ctx) => {
    await renderApi(app, ctx, await settingsPage(app, ctx, 'see or change the settings'));
  });

  router.post('/p/:slug/settings/api/tokens', async (ctx) => {
    const form = await requireCsrf(ctx, API_FORMS);
    const page = await settingsPage(app, ctx, 'create API tokens');
    const name = field(form, 'name');
    await attempt(
      async () => renderApi(app, ctx, page, { created: await createProjectToken(app, page.project.id, name) }, 201),
      (error) => renderApi(app, ctx, page, { notice: { kind: 'error', text: error.message }, name }, error.status),
    );
  });

  router.post('/p/:slug/settings/api/tokens/:id/revoke', async (ctx) => {
    await requireCsrf(ctx, API_FORMS);
    const page = await settingsPage(app, ctx, 'revoke API tokens');
    await attempt(
      async () => {
        const token = await revokeProjectToken(app, page.project.id, ctx.params.id!);
        ctx.redirect(`${settingsPath(page.project.slug, 'api')}?revoked=${encodeURIComponent(token.id)}`);
      },
      (error) => renderApi(app, ctx, page, { notice: { kind: 'error', text: error.message } }, error.status),
    );
  });

  // Integrations › Repository: the review settings.
  router.get('/p/:slug/settings/repository', async (ctx) => {
    await renderRepository(app, ctx, await settingsPage(app, ctx, 'see or change the settings'));
  });

  router.post('/p/:slug/settings/repository', async (ctx) => {
    const form = await requireCsrf(ctx, REPOSITORY_FORM);
    const page = await settingsPage(app, ctx, 'change the review settings');
    const typed = repositoryForm(form);
    await attempt(
      async () => {
        await saveReviewSettings(app, page.project.id, typed);
        ctx.redirect(`${settingsPath(page.project.slug, 'repository')}?saved=1`);
      },
      (error) =>
        renderRepository(app, ctx, page, { notice: { kind: 'error', text: error.message }, typed }, error.status),
    );
  });

  // Integrations › Slack.
  router.get('/p/:slug/settings/slack', async (ctx) => {
    await renderSlack(app, ctx, await settingsPage(app, ctx, 'see or change the settings'));
  });

  router.post('/p/:slug/settings/slack', async (ctx) => {
    const form = await requireCsrf(ctx, SLACK_FORM);
    const page = await settingsPage(app, ctx, 'change the Slack settings');
    const input = {
      botToken: field(form, 'botToken'),
      signingSecret: field(form, 'signingSecret'),
      defaultChannel: field(form, 'defaultChannel'),
      notifyOn: field(form, 'notifyOn'),
      disconnect: field(form, 'disconnect') === '1',
    };
    await attempt(
      async () => {
        await saveSlackSettings(app, page.project.id, input);
        ctx.redirect(`${settingsPath(page.project.slug, 'slack')}?saved=1`);
      },
      (error) =>
        renderSlack(
          app,
          ctx,
          page,
          {
            notice: { kind: 'error', text: error.message },
            typed: { defaultChannel: input.defaultChannel, notifyOn: input.notifyOn },
          },
          error.status,
        ),
    );
  });

  // Integrations › Email and Teams: the project's defaults.
  router.get('/p/:slug/settings/notifications', async (ctx) => {
    await renderNotifications(app, ctx, await settingsPage(app, ctx, 'see or change the settings'));
  });

  router.post('/p/:slug/settings/notifications', async (ctx) => {
    const form = await requireCsrf(ctx, NOTIFICATION_FORM);
    const page = await settingsPage(app, ctx, 'change the email and Teams defaults');
    const typed = {
      emails: field(form, 'emails'),
      emailNotifyOn: field(form, 'emailNotifyOn'),
      teamsNotifyOn: field(form, 'teamsNotifyOn'),
    };
    await attempt(
      async () => {
        await saveNotificationDefaults(app, page.project.id, {
          ...typed,
          teamsUrl: field(form, 'teamsUrl'),
          removeTeams: field(form, 'removeTeams') === '1',
        });
        ctx.redirect(`${settingsPath(page.project.slug, 'notifications')}?saved=1`);
      },
      (error) =>
        renderNotifications(app, ctx, page, { notice: { kind: 'error', text: error.message }, typed }, error.status),
    );
  });

  // Integrations › Webhooks: add, remove, enable again.
  router.get('/p/:slug/settings/webhooks', async (ctx) => {
    await renderWebhooks(app, ctx, await settingsPage(app, ctx, 'see or change the settings'));
  });

  router.post('/p/:slug/settings/webhooks', async (ctx) => {
    const form = await requireCsrf(ctx, WEBHOOK_FORMS);
    const page = await settingsPage(app, ctx, 'change the webhooks');
    const typed = { name: field(form, 'name'), url: field(form, 'url'), events: form.getAll('events') };
    await attempt(
      async () => {
        const added = await addWebhook(app, page.project.id, { ...typed, secret: field(form, 'secret') });
        // A generated secret is shown in this answer only; otherwise back to the page.
        if (added.generatedSecret)
          await renderWebhooks(app, ctx, page, { created: { name: added.name, secret: added.generatedSecret } }, 201);
        else ctx.redirect(`${settingsPath(page.project.slug, 'webhooks')}?added=${encodeURIComponent(added.name)}`);
      },
      (error) =>
        renderWebhooks(app, ctx, page, { notice: { kind: 'error', text: error.message }, typed }, error.status),
    );
  });

  for (const [action, work] of [
    ['remove', removeWebhook],
    ['enable', enableWebhook],
  ] as const) {
    router.post(`/p/:slug/settings/webhooks/:id/${action}`, async (ctx) => {
      await requireCsrf(ctx, WEBHOOK_FORMS);
      const page = await settingsPage(app, ctx, 'change the webhooks');
      await attempt(
        async () => {
          const name = await work(app, page.project.id, ctx.params.id!);
          ctx.redirect(`${settingsPath(page.project.slug, 'webhooks')}?${action}d=${encodeURIComponent(name)}`);
        },
        (error) => renderWebhooks(app, ctx, page, { notice: { kind: 'error', text: error.message } }, error.status),
      );
    });
  }

  // Project › Project file.
  router.get('/p/:slug/settings/project-file', async (ctx) => {
    const page = await settingsPage(app, ctx, 'see or change the settings');
    renderSettings(ctx, page, 'project-file', 'Project file', <ProjectFilePage slug={page.project.slug} />);
  });

  // Organization › Members: roles, removal, invitations.
  router.get('/p/:slug/settings/members', async (ctx) => {
    await renderMembers(app, ctx, await settingsPage(app, ctx, 'see or change the settings'));
  });

  router.post('/p/:slug/settings/members/:userId/role', async (ctx) => {
    const form = await requireCsrf(ctx, MEMBER_FORMS);
    const page = await settingsPage(app, ctx, "change members' roles");
    const userId = ctx.params.userId!;
    const role = field(form, 'role');
    await attempt(
      async () => {
        await changeRole(app, page.role, page.project.organizationId, userId, role);
        // Whoever gave up their own right to the settings goes where they still may.
        const self = userId === requireUser(ctx).id && !requireUser(ctx).isAdmin;
        if (self && !can(role as Role, 'settings')) ctx.redirect(`/p/${page.project.slug}/runs`);
        else ctx.redirect(`${settingsPath(page.project.slug, 'members')}?changed=${encodeURIComponent(userId)}`);
      },
      (error) => renderMembers(app, ctx, page, { notice: { kind: 'error', text: error.message } }, error.status),
    );
  });

  router.post('/p/:slug/settings/members/:userId/remove', async (ctx) => {
    await requireCsrf(ctx, MEMBER_FORMS);
    const page = await settingsPage(app, ctx, 'remove members');
    const userId = ctx.params.userId!;
    await attempt(
      async () => {
        await removeMember(app, page.role, page.project.organizationId, userId);
        const self = userId === requireUser(ctx).id && !requireUser(ctx).isAdmin;
        ctx.redirect(self ? '/' : `${settingsPath(page.project.slug, 'members')}?removed=1`);
      },
      (error) => renderMembers(app, ctx, page, { notice: { kind: 'error', text: error.message } }, error.status),
    );
  });

  router.post('/p/:slug/settings/invitations', async (ctx) => {
    const form = await requireCsrf(ctx, MEMBER_FORMS);
    const page = await settingsPage(app, ctx, 'invite members');
    const invite = { role: field(form, 'role'), email: field(form, 'email') };
    await attempt(
      async () => {
        const created = await createInvitation(
          app,
          { user: requireUser(ctx), role: page.role },
          page.project.organizationId,
          { role: invite.role, email: invite.email || null },
        );
        await renderMembers(app, ctx, page, { created }, 201);
      },
      (error) =>
        renderMembers(app, ctx, page, { notice: { kind: 'error', text: error.message }, invite }, error.status),
    );
  });

  router.post('/p/:slug/settings/invitations/:id/withdraw', async (ctx) => {
    await requireCsrf(ctx, MEMBER_FORMS);
    const page = await settingsPage(app, ctx, 'withdraw invitations');
    await attempt(
      async () => {
        await revokeInvitation(app, page.role, page.project.organizationId, ctx.params.id!);
        ctx.redirect(`${settingsPath(page.project.slug, 'members')}?withdrawn=1`);
      },
      (error) => renderMembers(app, ctx, page, { notice: { kind: 'error', text: error.message } }, error.status),
    );
  });

  return router;
}
