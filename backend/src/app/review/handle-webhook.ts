// A webhook delivery from the repository host: verified before it is read, ignored when repeated,
// and turned into review state changes plus queued jobs, all in one transaction. Calls to the host
// (comments, statuses) happen in those jobs, never while the host waits for our answer.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { CI_REQUEST_TAG } from '../../../../shared/src/ci/review-request-tag.js';
import { outsideUrl, outsideUrlRefusal } from '../../domain/outside-url.js';
import { makePlainShortId } from '../../domain/short-id.js';
import { deploymentsReady } from '../../domain/review/readiness.js';
import { findReviewRequest } from '../../domain/review/review-request.js';
import type { AppContext } from '../context.js';
import { BadRequest, Unauthorized } from '../errors.js';
import type { ChangeRequest, HostKind, PlatformEvent, WebhookRequest } from '../ports/change-request-platform.js';
import type { ConnectionRecord, ReviewEvent } from '../ports/review-store.js';
import type { Repositories } from '../ports/store.js';
import { supersede } from './supersede.js';

/**
 * A second automatic review of the same commit within this time is taken for a replayed delivery
 * (the same signed body under a new delivery id) and not started (docs/reviews.md).
 */
export const REPLAY_WINDOW_MS = 10 * 60_000;

const UNKNOWN_CONNECTION_SECRET = randomBytes(32).toString('hex');

export async function handleWebhook(
  ctx: AppContext,
  host: HostKind,
  connectionShortId: string,
  request: WebhookRequest,
): Promise<string> {
  const found = await ctx.store.reviews.connectionByShortId(connectionShortId);
  const connection = found?.host === host ? found : null;
  const receiver = ctx.platforms.receiver(host);
  // An unknown connection is checked against a secret nobody has and answered as a wrong signature:
  // the answer (and its time) does not tell a stranger which connections exist.
  if (!receiver.verify(request, connection?.webhookSecret ?? UNKNOWN_CONNECTION_SECRET) || !connection) {
    throw new Unauthorized(
      `${host === 'github' ? 'The X-Hub-Signature-256 signature does' : 'The X-Gitlab-Token does'} not match the secret of webhook ${connectionShortId}, or there is no such webhook. Check the webhook URL and the secret \`goalie apply\` printed.`,
    );
  }
  let event: PlatformEvent;
  try {
    event = receiver.parse(request);
  } catch (error) {
    throw new BadRequest(`The webhook body cannot be read: ${(error as Error).message}`);
  }
  // A delivery without an id is known by its verified body: the same bytes again are a replay.
  const deliveryId =
    receiver.deliveryId(request) ?? `body:${createHash('sha256').update(request.rawBody).digest('hex')}`;
  return ctx.store.transaction(async (tx) => {
    if (!(await tx.reviews.recordDelivery(connection.id, deliveryId)))
      return `delivery ${deliveryId} was already handled`;
    return dispatch(ctx, tx, connection, event);
  });
}

async function dispatch(
  ctx: AppContext,
  tx: Repositories,
  connection: ConnectionRecord,
  event: PlatformEvent,
): Promise<string> {
  // Whether a review of the commit exists is read, then written: deliveries about one change
  // request must not both read "none" (a redelivery under a new id arriving with the original).
  const number =
    event.kind === 'change-request' ? event.changeRequest.number : event.kind === 'comment' ? event.number : null;
  if (number !== null) await tx.reviews.lockChangeRequest(connection.id, number);
  switch (event.kind) {
    case 'change-request':
      return changeRequestEvent(ctx, tx, connection, event);
    case 'comment':
      return commentEvent(ctx, tx, connection, event);
    case 'deployment':
      return deploymentEvent(ctx, tx, connection, event);
    case 'push': {
      const superseded = await supersede(ctx, tx, connection, { branch: event.branch, sha: event.sha });
      return superseded ? `push to ${event.branch} superseded ${superseded} review(s)` : 'push: nothing to supersede';
    }
    case 'ignored':
      return `ignored: ${event.reason}`;
  }
}

async function changeRequestEvent(
  ctx: AppContext,
  tx: Repositories,
  connection: ConnectionRecord,
  event: Extract<PlatformEvent, { kind: 'change-request' }>,
): Promise<string> {
  const { action, changeRequest: cr } = event;
  if (action === 'closed') {
    const n = await supersede(ctx, tx, connection, { number: cr.number, sha: null });
    return `closed: ${n} review(s) cancelled`;
  }
  if (action === 'other') return 'change request event without new commits: nothing to do';
  // A newer commit makes any review of an older one stale, whether or not auto-run is on.
  await supersede(ctx, tx, connection, { number: cr.number, sha: cr.headSha });
  if (!connection.autoRun) return 'auto-run is off: waiting for a review request comment';
  if (cr.draft && !connection.includeDrafts)
    return `draft change request ${cr.number} skipped (Include Draft Merge Requests is off)`;
  if ((await tx.reviews.active(connection.id, cr.number)).some((r) => r.headSha === cr.headSha))
    return `a review of ${cr.headSha} already exists`;
  if (
    await tx.reviews.autoReviewedSince(
      connection.id,
      cr.number,
      cr.headSha,
      new Date(ctx.now().getTime() - REPLAY_WINDOW_MS),
    )
  ) {
    return `${cr.headSha} was reviewed less than ${REPLAY_WINDOW_MS / 60_000} minutes ago: taken for a replayed delivery`;
  }
  const trigger = action === 'opened' ? 'opened' : 'updated';
  if (event.fromFork && !connection.allowForks) {
    // A fork's code runs with the project's configs only when its author may write: the host is asked in a job.
    const id = await createReview(ctx, tx, connection, cr, event.authorId, trigger, 'AUTHORIZING', []);
    await ctx.queue.enqueue([{ queue: 'review', data: { reviewId: id, step: 'authorize' } }], tx.sql);
    return `review ${id} of a fork's change request waits for its author's permission`;
  }

  const readiness = deploymentsReady(
    connection.environmentMapping,
    await tx.reviews.deploymentsFor(connection.id, cr.headSha),
    cr.headSha,
  );
  const id = await createReview(
    ctx,
    tx,
    connection,
    cr,
    event.authorId,
    trigger,
    readiness.ready ? 'QUEUED' : 'WAITING',
    readiness.urls,
  );
  if (readiness.ready) {
    await ctx.queue.enqueue([{ queue: 'review', data: { reviewId: id, step: 'start' } }], tx.sql);
    return `review ${id} queued: deployments ready`;
  }
  // The waiting step also asks the host for deployments that happened before the webhook existed.
  await ctx.queue.enqueue([{ queue: 'review', data: { reviewId: id, step: 'waiting' } }], tx.sql);
  return `review ${id} waits for deployments: ${readiness.missing.join(', ') || 'no environment mapping'}`;
}

async function commentEvent(
  ctx: AppContext,
  tx: Repositories,
  connection: ConnectionRecord,
  event: Extract<PlatformEvent, { kind: 'comment' }>,
): Promise<string> {
  const { number, body, author } = event;
  const request = findReviewRequest(body, connection.mention);
  if (!request) return 'comment without a review request';
  const previewUrl = outsideUrl(request.url);
  if (!previewUrl) return `ignored: the review request's preview URL ${notKept(request.url)}`;
  // One comment asks once, whatever delivery id a replay of it carries.
  if (!(await tx.reviews.recordDelivery(connection.id, `comment:${event.commentId}`)))
    return `comment ${event.commentId} was already handled`;
  // Nothing is superseded or started before the host says the author may ask (the authorize job);
  // the CI tag only names the trigger, it proves nothing. The change request's branch and head
  // commit are read from the host by the start job.
  const id = await createReview(
    ctx,
    tx,
    connection,
    { number, title: '', branch: '', headSha: '', draft: false, state: 'open', url: '', author },
    event.authorId,
    body.includes(CI_REQUEST_TAG) ? 'ci' : 'comment',
    'AUTHORIZING',
    [{ applicationId: '', url: previewUrl, environment: 'comment' }],
  );
  await ctx.queue.enqueue([{ queue: 'review', data: { reviewId: id, step: 'authorize' } }], tx.sql);
  return `review ${id} queued for ${previewUrl}, to start once the host confirms its author may ask`;
}

async function deploymentEvent(
  ctx: AppContext,
  tx: Repositories,
  connection: ConnectionRecord,
  event: Extract<PlatformEvent, { kind: 'deployment' }>,
): Promise<string> {
  if (event.state !== 'success' || !event.url) return `deployment ${event.state}: nothing to do`;
  const url = outsideUrl(event.url);
  if (!url) return `ignored: the deployment of ${event.environment} is not stored: its URL ${notKept(event.url)}`;
  await tx.reviews.addDeployment(connection.id, { sha: event.sha, environment: event.environment, url });
  const deployments = await tx.reviews.deploymentsFor(connection.id, event.sha);
  const readiness = deploymentsReady(connection.environmentMapping, deployments, event.sha);
  if (!readiness.ready)
    return `deployment of ${event.environment} stored; still missing ${readiness.missing.join(', ')}`;
  const started: string[] = [];
  for (const review of await tx.reviews.waitingFor(connection.id, event.sha)) {
    await tx.reviews.update(review.id, { status: 'QUEUED', deploymentUrls: readiness.urls });
    await ctx.queue.enqueue([{ queue: 'review', data: { reviewId: review.id, step: 'start' } }], tx.sql);
    started.push(review.shortId);
  }
  return started.length ? `deployments ready: review(s) ${started.join(', ')} queued` : 'deployment stored';
}

async function createReview(
  ctx: AppContext,
  tx: Repositories,
  connection: ConnectionRecord,
  cr: ChangeRequest,
  authorId: string | null,
  event: ReviewEvent,
  status: 'AUTHORIZING' | 'WAITING' | 'QUEUED',
  deploymentUrls: { applicationId: string; url: string; environment: string }[],
): Promise<string> {
  const id = randomUUID();
  await tx.reviews.create({
    id,
    shortId: makePlainShortId(),
    projectId: connection.projectId,
    connectionId: connection.id,
    changeRequestNumber: cr.number,
    changeRequestTitle: cr.title,
    changeRequestUrl: outsideUrl(cr.url),
    branch: cr.branch,
    headSha: cr.headSha,
    author: cr.author,
    authorId,
    event,
    status,
    deploymentUrls,
  });
  ctx.log.info({ reviewId: id, changeRequest: cr.number, event, status }, 'review created');
  return id;
}

/** Why a URL from a delivery is not kept (the URL itself is not repeated: it may hold a password). */
function notKept(raw: string): string {
  return `is not an http(s) URL without user or password (${outsideUrlRefusal(raw)})`;
}
