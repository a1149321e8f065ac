// Who may make Goalie review. A mention counts only from someone with the repository's minimum
// permission; a fork's change request is reviewed automatically only when its author may write (or
// the repository allows forks). Asked of the host in a job, since the webhook must answer at once.
// A refusal starts nothing and spends nothing; the change request gets one reply saying why.
import { refusalMarker } from '../../domain/review/comment-marker.js';
import { GITLAB_ROLE_FOR, meetsMinimum, type MinimumPermission } from '../../domain/review/permission.js';
import { deploymentsReady } from '../../domain/review/readiness.js';
import type { AppContext } from '../context.js';
import type { ConnectionRecord, RefusalKind, ReviewRecord } from '../ports/review-store.js';
import { platformFor } from './review-context.js';
import { supersede } from './supersede.js';
import { writeNote } from './write-note.js';

/** What kind of request the review is, and the permission its author needs. */
function requirement(
  connection: ConnectionRecord,
  review: ReviewRecord,
): { kind: RefusalKind; minimum: MinimumPermission } {
  const kind: RefusalKind = review.event === 'comment' || review.event === 'ci' ? 'mention' : 'fork';
  return {
    kind,
    minimum: kind === 'mention' ? connection.minimumPermission : atLeastWrite(connection.minimumPermission),
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
  const { kind, minimum } = requirement(connection, review);
  let permission: Awaited<ReturnType<ReturnType<typeof platformFor>['permissionOf']>>;
  try {
    permission = await platformFor(ctx, connection).permissionOf({ username: review.author, id: review.authorId });
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
  const allowed = meetsMinimum(permission, minimum);
  ctx.log.info(
    {
      reviewId: review.id,
      changeRequest: review.changeRequestNumber,
      author: review.author,
      permission,
      minimum,
      allowed,
    },
    allowed ? 'review request authorized' : 'review request refused',
  );

  const decided = await ctx.store.transaction(async (tx) => {
    const current = await tx.reviews.lock(review.id);
    if (current?.status !== 'AUTHORIZING') return false;
    if (!allowed) {
      const who = review.author ?? 'an unknown user';
      await tx.reviews.update(review.id, {
        status: 'REFUSED',
        errorMessage: `${who} has ${permission} permission; ${minimumWords(connection, minimum)} is needed.`,
        finishedAt: ctx.now(),
      });
      return true;
    }
    if (kind === 'mention') {
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

/** A fork's code is run automatically only for authors who could push it to the repository themselves. */
function atLeastWrite(minimum: MinimumPermission): MinimumPermission {
  return meetsMinimum(minimum, 'write') ? minimum : 'write';
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
  const ci =
    connection.host === 'gitlab'
      ? "and the project access token's bot member"
      : "and this repository's own GitHub Actions workflows";
  if (kind === 'mention') {
    return `Goalie did not start a review: only ${who} ${ci} can ask for one by mentioning \`${connection.mention}\`. Goalie answers this once per ${changeRequest}.`;
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
