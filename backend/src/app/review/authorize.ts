// Who may make Goalie review. A person's mention counts only from someone with the repository's
// minimum permission; a fork's change request is reviewed automatically only when its author may
// write (or the repository allows forks); a mention by an automation identity (a workflow's bot, an
// access token's bot user) counts as a request of the change request's author, since anyone who
// opens one can make a workflow mention Goalie (domain/review/review-authorization.ts). Asked of the
// host in a job, since the webhook must answer at once. A refusal starts nothing and spends nothing;
// the change request gets one reply saying why.
import { refusalMarker } from '../../domain/review/comment-marker.js';
import { GITLAB_ROLE_FOR, type MinimumPermission } from '../../domain/review/permission.js';
import { deploymentsReady } from '../../domain/review/readiness.js';
import {
  authorizeReviewRequest,
  writerMinimum,
  type ReviewAsker,
  type ReviewAuthorization,
} from '../../domain/review/review-authorization.js';
import type { AppContext } from '../context.js';
import type { ChangeRequestPlatform } from '../ports/change-request-platform.js';
import type { ConnectionRecord, RefusalKind, ReviewRecord } from '../ports/review-store.js';
import { platformFor } from './review-context.js';
import { supersede } from './supersede.js';
import { writeNote } from './write-note.js';

/** A comment asked for the review (a person's or a bot's); otherwise it is the automatic review of a fork. */
const isMention = (review: ReviewRecord) => review.event === 'comment' || review.event === 'ci';

/** What kind of request the review is, and the permission its author needs, for the refusal's reply. */
function requirement(
  connection: ConnectionRecord,
  review: ReviewRecord,
): { kind: RefusalKind; minimum: MinimumPermission } {
  const kind: RefusalKind = isMention(review) ? 'mention' : 'fork';
  return {
    kind,
    minimum: kind === 'mention' ? connection.minimumPermission : writerMinimum(connection.minimumPermission),
  };
}

/** Who asks, as the host says; `actingFor` names the change request's author a bot asks for. */
async function askerOf(
  platform: ChangeRequestPlatform,
  review: ReviewRecord,
): Promise<{ asker: ReviewAsker; actingFor: string | null }> {
  const requester = { username: review.author, id: review.authorId };
  // An automatic review's author is the change request's author.
  if (!isMention(review))
    return { asker: { kind: 'fork', authorPermission: await platform.permissionOf(requester) }, actingFor: null };
  const [automation, permission] = await Promise.all([
    platform.isAutomation(requester),
    platform.permissionOf(requester),
  ]);
  if (!automation) return { asker: { kind: 'person', permission }, actingFor: null };
  const origin = await platform.changeRequestOrigin(review.changeRequestNumber);
  return {
    asker: {
      kind: 'automation',
      permission,
      authorPermission: await platform.permissionOf(origin.author),
      fromFork: origin.fromFork,
    },
    actingFor: origin.author.username ?? 'an unknown user',
  };
}

export async function authorizeReview(
  ctx: AppContext,
  connection: ConnectionRecord,
  review: ReviewRecord,
): Promise<void> {
  // Refused by an earlier try of this job whose reply did not reach the host: the reply is tried again.
  if (review.status === 'REFUSED') return replyToRefusal(ctx, connection, review);
  if (review.status !== 'AUTHORIZING') return;
  let asked: Awaited<ReturnType<typeof askerOf>>;
  try {
    asked = await askerOf(platformFor(ctx, connection), review);
  } catch (error) {
    // The host's client already retried with backoff: the request ends here, never AUTHORIZING forever.
    const why = error instanceof Error ? error.message : String(error);
    ctx.log.warn({ reviewId: review.id, err: error }, 'could not check who asked for a review');
    await ctx.store.transaction(async (tx) => {
      const current = await tx.reviews.lock(review.id);
      if (current?.status !== 'AUTHORIZING') return;
      const host = connection.host === 'gitlab' ? 'GitLab' : 'GitHub';
      await tx.reviews.update(review.id, {
        status: 'ERROR',
        errorMessage: `Could not ask ${host} whether ${review.author ?? 'the author'} may ask for a review: ${why}. Nothing ran; ask again once ${host} answers.`,
        finishedAt: ctx.now(),
      });
    });
    return;
  }
  const { asker } = asked;
  const decision = authorizeReviewRequest(asker, {
    minimumPermission: connection.minimumPermission,
    allowForks: connection.allowForks,
  });
  const { allowed } = decision;
  ctx.log.info(
    {
      reviewId: review.id,
      changeRequest: review.changeRequestNumber,
      author: review.author,
      ...asker,
      ...(asked.actingFor === null ? {} : { actingFor: asked.actingFor }),
      minimum: connection.minimumPermission,
      allowed,
      ...(decision.allowed ? {} : { short: decision.short, needed: decision.needed }),
    },
    allowed ? 'review request authorized' : 'review request refused',
  );

  const decided = await ctx.store.transaction(async (tx) => {
    const current = await tx.reviews.lock(review.id);
    if (current?.status !== 'AUTHORIZING') return false;
    if (!decision.allowed) {
      await tx.reviews.update(review.id, {
        status: 'REFUSED',
        errorMessage: refusalReason(connection, review, asked.actingFor, decision),
        finishedAt: ctx.now(),
      });
      return true;
    }
    if (asker.kind !== 'fork') {
      // Only now may the request replace reviews in progress: an outsider's mention must not cancel them.
      await supersede(ctx, tx, connection, { number: review.changeRequestNumber, sha: null });
      await tx.reviews.update(review.id, { status: 'QUEUED' });
      await ctx.queue.enqueue([{ queue: 'review', data: { reviewId: review.id, step: 'start' } }], tx.sql);
      return true;
    }
    const readiness = deploymentsReady(
      connection.environmentMapping,
      await tx.reviews.deploymentsFor(connection.id, review.headSha),
      review.headSha,
    );
    await tx.reviews.update(review.id, {
      status: readiness.ready ? 'QUEUED' : 'WAITING',
      deploymentUrls: readiness.urls,
    });
    await ctx.queue.enqueue(
      [{ queue: 'review', data: { reviewId: review.id, step: readiness.ready ? 'start' : 'waiting' } }],
      tx.sql,
    );
    return true;
  });
  if (decided && !allowed) await replyToRefusal(ctx, connection, review);
}

/** Whose permission fell short, for the review's record and the log: names and levels stay off the change request. */
function refusalReason(
  connection: ConnectionRecord,
  review: ReviewRecord,
  actingFor: string | null,
  decision: Extract<ReviewAuthorization, { allowed: false }>,
): string {
  const who = review.author ?? 'an unknown user';
  const needed = `${minimumWords(connection, decision.needed)} is needed`;
  if (decision.short === 'asker' || actingFor === null)
    return `${who} has ${decision.permission} permission; ${needed}.`;
  const changeRequest = connection.host === 'gitlab' ? 'merge request' : 'pull request';
  const fork = decision.fork ? ` for a ${changeRequest} from a fork` : '';
  return `${who} asks for the ${changeRequest}'s author, ${actingFor}, who has ${decision.permission} permission; ${needed}${fork}.`;
}

function minimumWords(connection: ConnectionRecord, minimum: MinimumPermission): string {
  return connection.host === 'gitlab'
    ? `at least the ${GITLAB_ROLE_FOR[minimum]} role`
    : `at least ${minimum} permission`;
}

function refusalText(connection: ConnectionRecord, kind: RefusalKind, minimum: MinimumPermission): string {
  const where = connection.host === 'gitlab' ? 'in this project' : 'on this repository';
  const changeRequest = connection.host === 'gitlab' ? 'merge request' : 'pull request';
  const who = `people with ${minimumWords(connection, minimum)} ${where}`;
  if (kind === 'mention') {
    const automation =
      connection.host === 'gitlab'
        ? 'a bot user (of a project or group access token, or a service account)'
        : 'a workflow or an app (a `[bot]` account)';
    const writer = minimumWords(connection, writerMinimum(minimum));
    return (
      `Goalie did not start a review: only ${who} can ask for one by mentioning \`${connection.mention}\`. ` +
      `A mention by ${automation} counts as the ${changeRequest}'s author asking: it needs an author who may ask and, ` +
      `on a ${changeRequest} from a fork, one with ${writer} (or \`reviews.allowForks: true\`); the bot itself needs ${writer}. ` +
      `Goalie answers this once per ${changeRequest}.`
    );
  }
  return (
    `Goalie does not review ${changeRequest}s from forks automatically when their author has less than ${minimumWords(connection, minimum).replace('at least ', '')} ${where}. ` +
    `One of ${who} can ask for a review with \`${connection.mention} <preview URL>\`, or the project can set \`reviews.allowForks: true\`.`
  );
}

/**
 * The refusal's reply, at most once per change request and kind, however many requests are refused.
 * It counts as said once the host has it: a failed post fails the job, whose retry posts it.
 */
async function replyToRefusal(ctx: AppContext, connection: ConnectionRecord, review: ReviewRecord): Promise<void> {
  const { kind, minimum } = requirement(connection, review);
  const number = review.changeRequestNumber;
  const marker = refusalMarker(number, kind);
  await writeNote(ctx, connection, {
    key: { connectionId: connection.id, changeRequestNumber: number, note: `refusal:${kind}` },
    marker,
    once: true,
    render: async () => `${refusalText(connection, kind, minimum)}\n\n${marker}`,
  });
}
