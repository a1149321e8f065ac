// API tokens: shown once, stored as a sha256 hash with a display prefix.
import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from './context.js';
import { UUID_PATTERN } from '../../../shared/src/short-ids.js';
import { BadRequest, Conflict, Forbidden, NotFound, Unauthorized } from './errors.js';
import { TOKEN_SCOPES, type ApiTokenRecord, type Caller, type ProjectRecord, type TokenScope } from './records.js';

const TOKEN_PREFIX = 'goalie_';
/** Characters of the token shown in listings and used to revoke it. */
const DISPLAY_LENGTH = TOKEN_PREFIX.length + 8;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function findProject(ctx: AppContext, slugOrName: string): Promise<ProjectRecord> {
  const matches = await ctx.store.projects.findBySlugOrName(slugOrName);
  if (matches.length === 0)
    throw new NotFound(
      `No project named ${JSON.stringify(slugOrName)}. Declare it in a project YAML and run \`goalie apply\`.`,
    );
  if (matches.length > 1)
    throw new BadRequest(
      `More than one project is named ${JSON.stringify(slugOrName)}; use its slug (${matches.map((p) => p.slug).join(', ')}).`,
    );
  return matches[0]!;
}

/** A name longer than this is refused: it is a label in a list, not a note. */
export const TOKEN_NAME_MAX = 100;

/** `run` or `admin`, as a form or a flag gives it; anything else is refused with the choices. */
export function tokenScope(raw: string | undefined): TokenScope {
  const value = (raw ?? '').trim() || 'run';
  if (!(TOKEN_SCOPES as readonly string[]).includes(value))
    throw new BadRequest(
      `The token scope must be run (start runs, read results, create test cases), plan (also plan the project's YAML over the API) or admin (also apply it); got ${JSON.stringify(value)}.`,
    );
  return value as TokenScope;
}

async function issue(
  ctx: AppContext,
  projectId: string,
  name: string,
  scope: TokenScope,
): Promise<{ token: string; record: ApiTokenRecord }> {
  const token = TOKEN_PREFIX + randomBytes(24).toString('base64url');
  const record = await ctx.store.tokens.create({
    projectId,
    name,
    prefix: token.slice(0, DISPLAY_LENGTH),
    tokenHash: hashToken(token),
    scope,
  });
  return { token, record };
}

export async function createToken(
  ctx: AppContext,
  projectSlugOrName: string,
  name = '',
  scope: TokenScope = 'run',
): Promise<{ token: string; record: ApiTokenRecord }> {
  const project = await findProject(ctx, projectSlugOrName);
  return issue(ctx, project.id, name, scope);
}

/**
 * The dashboard's Create (Settings, Integrations, API): a token of the project with a name that tells
 * it apart from the project's other active tokens. The token itself is in the answer only.
 */
export async function createProjectToken(
  ctx: AppContext,
  projectId: string,
  rawName: string,
  scope: TokenScope = 'run',
): Promise<{ token: string; record: ApiTokenRecord }> {
  const name = rawName.trim();
  if (!name)
    throw new BadRequest('Give the token a name that says where it is used, e.g. "GitHub Actions" or "Ada\'s laptop".');
  if (name.length > TOKEN_NAME_MAX)
    throw new BadRequest(`The name has ${name.length} characters; keep it to ${TOKEN_NAME_MAX}.`);
  const clash = (await ctx.store.tokens.list(projectId)).find((t) => t.revokedAt === null && t.name === name);
  if (clash) {
    throw new Conflict(
      `An active token is named "${name}" already (${clash.prefix}…). Tokens are shown only once, when created: if you did not copy that one, revoke it and create a new one; otherwise choose another name.`,
    );
  }
  return issue(ctx, projectId, name, scope);
}

/** The dashboard's Revoke: a token of this project (a token of another project is not found). Revoking twice changes nothing. */
export async function revokeProjectToken(ctx: AppContext, projectId: string, tokenId: string): Promise<ApiTokenRecord> {
  const record = UUID_PATTERN.test(tokenId) ? await ctx.store.tokens.revokeById(projectId, tokenId, ctx.now()) : null;
  if (!record) throw new NotFound('This project has no such API token. The list on the page shows the ones it has.');
  ctx.callers?.forgetToken(record.id);
  return record;
}

export async function listTokens(ctx: AppContext, projectSlugOrName: string): Promise<ApiTokenRecord[]> {
  const project = await findProject(ctx, projectSlugOrName);
  return ctx.store.tokens.list(project.id);
}

export async function revokeToken(ctx: AppContext, prefix: string): Promise<ApiTokenRecord> {
  if (prefix.length < DISPLAY_LENGTH) {
    throw new BadRequest(
      `Give the token's prefix as \`goalie token list\` shows it (${DISPLAY_LENGTH} characters, e.g. goalie_ab12cd34), or the whole token.`,
    );
  }
  const matches = await ctx.store.transaction(async (tx) => {
    const found = await tx.tokens.revokeByPrefix(prefix.slice(0, DISPLAY_LENGTH), ctx.now());
    if (found.length > 1)
      throw new BadRequest(`The prefix ${prefix} matches ${found.length} tokens; nothing was revoked.`);
    return found;
  });
  if (matches.length === 0)
    throw new NotFound(`No token starts with ${prefix}. See \`goalie token list --project <name>\`.`);
  ctx.callers?.forgetToken(matches[0]!.id);
  return matches[0]!;
}

const HOW_TO_GET_ONE =
  'Send the header `Authorization: Bearer <API_TOKEN>`; create a token in the dashboard under Settings, Integrations, API, or with `goalie token create --project <name>`.';

/** 401 for a missing or unknown token; 403 for a revoked token or a suspended organization. */
export async function authenticate(ctx: AppContext, authorization: string | undefined): Promise<Caller> {
  if (!authorization) throw new Unauthorized(`Missing API token. ${HOW_TO_GET_ONE}`);
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match)
    throw new Unauthorized(`The Authorization header must have the form \`Bearer <API_TOKEN>\`. ${HOW_TO_GET_ONE}`);
  const tokenHash = hashToken(match[1]!);
  const now = ctx.now();
  let caller = ctx.callers?.fresh(tokenHash, now.getTime());
  if (!caller) {
    const found = await ctx.store.tokens.findCaller(tokenHash);
    if (!found) throw new Unauthorized(`Invalid API token. ${HOW_TO_GET_ONE}`);
    ctx.callers?.remember(tokenHash, found, now.getTime());
    caller = found;
  }
  if (caller.revoked)
    throw new Forbidden(
      'This API token was revoked. Create a new one in the dashboard under Settings, Integrations, API, or with `goalie token create --project <name>`.',
    );
  if (caller.organization.suspended) {
    throw new Forbidden(
      `Organization ${caller.organization.name} is suspended; its projects cannot be used until an administrator lifts the suspension (\`suspended: false\` in its project YAML).`,
    );
  }
  if (!ctx.callers || ctx.callers.touchDue(tokenHash, now.getTime())) {
    // When a token was last used is a hint in the token list, not worth a write per request nor a
    // request's wait: at most once a minute per token (TOUCH_INTERVAL_MS), in the background.
    const tokenId = caller.tokenId;
    ctx.store.tokens
      .touch(tokenId, now)
      .catch((error: unknown) =>
        ctx.log.warn({ err: error, tokenId }, 'could not record when an API token was last used'),
      );
  }
  return { tokenId: caller.tokenId, scope: caller.scope, project: caller.project, organization: caller.organization };
}

const MAY: Record<TokenScope, string> = {
  run: 'run tests only',
  plan: 'run tests and plan project files only',
  admin: 'administer its project',
};

/** 403 unless the caller's token has `scope` or a wider one (`what`: "apply a project file"). */
export function requireScope(caller: Caller, scope: Exclude<TokenScope, 'run'>, what: string): void {
  if (TOKEN_SCOPES.indexOf(caller.scope) >= TOKEN_SCOPES.indexOf(scope)) return;
  throw new Forbidden(
    `This API token may ${MAY[caller.scope]}; to ${what} use a token with the ${scope} scope of project ${caller.project.name}: create one in the dashboard under Settings, Integrations, API (Access) or with \`goalie token create --project ${caller.project.slug} --scope ${scope}\`.`,
  );
}
