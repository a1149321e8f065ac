// Settings › Organization › Members: roles, removal, invitations. A new invitation link is shown in
// the answer to its form, the only time it is ever shown.
import type Router from '@koa/router';
import type { Context } from 'koa';
import { createInvitation, revokeInvitation } from '../../../app/accounts/invitations.js';
import { changeRole, removeMember } from '../../../app/accounts/members.js';
import type { AppContext } from '../../../app/context.js';
import { can, type Role } from '../../../domain/access.js';
import type { AppState } from '../../state.js';
import { requireUser } from '../access.js';
import { csrfToken, requireCsrf } from '../csrf.js';
import { field } from '../form.js';
import type { ProjectPage } from '../project-context.js';
import { settingsPath } from './frame.js';
import { MembersPage, type MembersPageProps } from './members.js';
import { attempt, renderSettings, settingsPage } from './settings-page.js';

const MEMBER_FORMS = {
  page: 'settings page (Settings › Members)',
  alternative: 'Use the forms on that page.',
};

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

/** Adds this section's pages and forms to the settings router. */
export function memberRoutes(app: AppContext, router: Router<AppState>): void {
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
}
