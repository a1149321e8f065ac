// Settings › Integrations › Slack: the bot's credentials, the default channel and when to post.
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { AppContext } from '../../../app/context.js';
import { saveSlackSettings } from '../../../app/slack/slack-settings.js';
import type { AppState } from '../../state.js';
import { csrfToken, requireCsrf } from '../csrf.js';
import { field } from '../form.js';
import type { ProjectPage } from '../project-context.js';
import { settingsPath } from './frame.js';
import { attempt, renderSettings, settingsPage } from './settings-page.js';
import { SlackPage, type SlackPageProps } from './slack.js';

const SLACK_FORM = {
  page: 'settings page (Settings › Integrations › Slack)',
  alternative: 'Use the form on that page, or project.slack in the project file and `goalie apply`.',
};

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

/** Adds this section's pages and forms to the settings router. */
export function slackRoutes(app: AppContext, router: Router<AppState>): void {
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
}
