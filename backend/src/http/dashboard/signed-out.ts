// What someone signed out may open: the pages that sign in or make an account, and the results (a
// run, review or test case page and its evidence) of projects with `publicResults`. Every other
// dashboard address answers "sign in first" before anything is looked up, and a result answers the
// same whether it is private or missing (one statement either way), so a stranger cannot tell
// which projects, runs, reviews or test cases exist (docs/security.md).
import type { Context } from 'koa';
import { UUID_PATTERN } from '../../../../shared/src/short-ids.js';
import type { AppContext } from '../../app/context.js';
import type { ResultRef } from '../../app/ports/overview.js';
import { currentUser, SignInNeeded } from './access.js';

/** Signing in, out, resetting a password, joining by invitation, GitHub and GitLab sign-in. */
const OPEN = /^\/(sign-in|sign-out|password-reset\/.+|invitations\/.+|auth\/.+)$/;

const EVIDENCE_KINDS = new Map<string, ResultRef['kind']>([
  ['runs', 'run'],
  ['reviews', 'review'],
  ['generation', 'test-case'],
]);

/** The result a page or an evidence key (runs/<id>/..., reviews/<id>/..., generation/<id>/...) is about. */
export function resultOf(path: string): ResultRef | null {
  const [, first, second, third] = path.split('/');
  if (!second) return null;
  if (first === 'evidence') {
    const kind = EVIDENCE_KINDS.get(second);
    return kind && third && UUID_PATTERN.test(third) ? { kind, id: third } : null;
  }
  if (path.split('/').length !== 3) return null;
  if (first === 'runs') return { kind: 'run', shortId: second };
  if (first === 'reviews') return { kind: 'review', shortId: second };
  if (first === 'test-cases' && UUID_PATTERN.test(second)) return { kind: 'test-case', id: second };
  return null;
}

/** Runs after the session is loaded, on the dashboard's addresses only. */
export async function refuseSignedOut(app: AppContext, ctx: Context): Promise<void> {
  if (currentUser(ctx) || OPEN.test(ctx.path)) return;
  const result = ctx.method === 'GET' || ctx.method === 'HEAD' ? resultOf(ctx.path) : null;
  if (result && (await app.store.overview.publishedResult(result))) return;
  throw new SignInNeeded(ctx.originalUrl);
}
