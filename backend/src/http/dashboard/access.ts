// Who may see a page: every page and piece of evidence needs a signed-in member of the project's
// organization, except the run, review and test case pages (and their evidence) of a project with
// `publicResults: true`. Someone signed out is sent to sign in and back; a signed-in user who is
// not a member gets the same 404 as for something that does not exist.
import type { Context } from 'koa';
import { requireAllowed, roleIn } from '../../app/accounts/access.js';
import type { AppContext } from '../../app/context.js';
import { AppError, NotFound } from '../../app/errors.js';
import type { UserRecord } from '../../app/ports/accounts.js';
import type { Action, Role } from '../../domain/access.js';

/** A page that needs a signed-in user, asked of someone signed out: browsers are sent to sign in. */
export class SignInNeeded extends AppError {
  constructor(readonly next: string) {
    super(401, 'Sign in to see this page: open it in a browser, or use the REST API with an API token.');
  }
}

export function currentUser(ctx: Context): UserRecord | null {
  return (ctx.state.session as { user: UserRecord } | null | undefined)?.user ?? null;
}

export function requireUser(ctx: Context): UserRecord {
  const user = currentUser(ctx);
  if (!user) throw new SignInNeeded(ctx.originalUrl);
  return user;
}

export interface ProjectRef {
  id: string;
  organizationId: string;
  publicResults?: boolean;
}

/**
 * The viewer's role in the project's organization for `action`. `results`: a run, review or test
 * case page (or its evidence), which `publicResults` opens to anyone for reading.
 */
export async function projectAccess(
  app: AppContext,
  ctx: Context,
  project: ProjectRef,
  action: Action,
  what: string,
  options: { results?: boolean } = {},
): Promise<Role | null> {
  const user = currentUser(ctx);
  const role = await roleIn(app, user, project.organizationId);
  if (action === 'read' && options.results && project.publicResults) return role;
  if (!user) throw new SignInNeeded(ctx.originalUrl);
  if (!role)
    throw new NotFound(
      'Nothing was found at this address, or you are not a member of its organization. Ask an owner of the organization for an invitation.',
    );
  requireAllowed(role, action, what);
  return role;
}
