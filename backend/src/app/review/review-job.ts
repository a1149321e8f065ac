// The steps of a review, run as queued jobs on a worker (they talk to the host and use the browser).
//   waiting  tell the change request what the review waits for; catch up on deployments the host has
//   start    read the change request, start the end-to-end run, explore the preview, run the context checks
//   finish   once the run has ended: the verdict, the final comment, the host's review and commit status
//   comment  show the newest state of the change request's review in its comment
import { outsideUrl } from '../../domain/outside-url.js';
import { deploymentsReady } from '../../domain/review/readiness.js';
import { matchingPattern } from '../../domain/url-policy.js';
import { contextChecks } from '../../domain/review/context-checks.js';
import { reviewVerdict } from '../../domain/review/verdict.js';
import { reviewFinishedData } from '../../domain/webhooks.js';
import { reviewStarted, verdictPosted } from '../activity-log.js';
import type { AppContext } from '../context.js';
import { AppError, UsageLimitReached } from '../errors.js';
import type { Explorer } from '../ports/explorer.js';
import type { ReviewStep } from '../ports/queue.js';
import type { CheckResult, ConnectionRecord, Exploration, ReviewRecord } from '../ports/review-store.js';
import type { TestExecutor } from '../ports/test-executor.js';
import type { Caller } from '../records.js';
import { checkDestination, startRun } from '../start-run.js';
import { authorizeReview } from './authorize.js';
import { renderVerdict } from './render-comment.js';
import { cancelReviewRun } from './supersede.js';
import { platformFor, runTestCasesOf } from './review-context.js';
import { showNewest, updateComment } from './update-comment.js';
import { queueWebhookEvent } from '../webhooks/queue-webhooks.js';
import { insideCaller } from '../project-caller.js';

export interface ReviewWorker {
  executor: TestExecutor;
  explorer: Explorer;
  exploreMaxPages: number;
  exploreMaxMs: number;
}

export async function runReviewStep(
  ctx: AppContext,
  worker: ReviewWorker,
  reviewId: string,
  step: ReviewStep,
): Promise<void> {
  const review = await ctx.store.reviews.byId(reviewId);
  if (!review) return;
  const connection = (await ctx.store.reviews.connectionById(review.connectionId))!;
  switch (step) {
    case 'authorize':
      return authorizeReview(ctx, connection, review);
    case 'comment':
      return updateComment(ctx, connection, review.changeRequestNumber);
    case 'waiting':
      return waiting(ctx, connection, review);
    case 'start':
      return start(ctx, worker, connection, review);
    case 'finish':
      return finish(ctx, connection, review.id);
    case 'superseded':
      return endSupersededStatus(ctx, connection, review);
    case 'errored':
      return endErroredStatus(ctx, connection, review);
  }
}

/** A review ended in ERROR outside a worker (its worker was lost): its pending commit status ends too. */
async function endErroredStatus(ctx: AppContext, connection: ConnectionRecord, review: ReviewRecord): Promise<void> {
  if (review.status !== 'ERROR' || !review.startedAt || !review.headSha) return;
  await platformFor(ctx, connection).setCommitStatus(
    review.headSha,
    'error',
    ctx.links.review(review.shortId),
    `Goalie could not review this commit: ${review.errorMessage ?? 'it stopped'}`,
  );
}

/** A superseded review's commit status ends: GitHub `error`, GitLab `canceled`, saying by what. */
async function endSupersededStatus(ctx: AppContext, connection: ConnectionRecord, review: ReviewRecord): Promise<void> {
  if (review.status !== 'SUPERSEDED' || !review.startedAt || !review.headSha) return;
  const by = review.supersededBySha
    ? `Superseded by ${review.supersededBySha.slice(0, 7)}`
    : 'Superseded by a newer review request';
  await platformFor(ctx, connection).setCommitStatus(review.headSha, 'cancelled', ctx.links.review(review.shortId), by);
}

async function waiting(ctx: AppContext, connection: ConnectionRecord, review: ReviewRecord): Promise<void> {
  if (review.status !== 'WAITING') return;
  // Deployments made before the webhook existed (or whose events were lost) are on the host.
  const known = await ctx.store.reviews.deploymentsFor(connection.id, review.headSha);
  const onHost = await platformFor(ctx, connection)
    .listDeployments(review.headSha)
    .catch((error: unknown) => {
      ctx.log.warn({ err: error }, 'could not list deployments on the host');
      return [];
    });
  // The host's answer is outside input like a webhook's: only http(s) URLs are kept.
  const fresh = onHost
    .flatMap((d) => {
      const url = outsideUrl(d.url);
      return url ? [{ ...d, url }] : [];
    })
    .filter((d) => !known.some((k) => k.environment === d.environment && k.url === d.url));
  const stillWaiting = await ctx.store.transaction(async (tx) => {
    for (const d of fresh) await tx.reviews.addDeployment(connection.id, d);
    const current = await tx.reviews.lock(review.id);
    if (current?.status !== 'WAITING') return false;
    const readiness = deploymentsReady(connection.environmentMapping, [...known, ...fresh], review.headSha);
    if (!readiness.ready) return true;
    await tx.reviews.update(review.id, { status: 'QUEUED', deploymentUrls: readiness.urls });
    await ctx.queue.enqueue([{ queue: 'review', data: { reviewId: review.id, step: 'start' } }], tx.sql);
    return false;
  });
  // Only a review that still waits says so: one that moved on (ready, superseded) has its own step
  // to update the comment.
  if (stillWaiting && connection.postCommentOnOpened) await showNewest(ctx, connection, review.changeRequestNumber);
}

/** Which application a URL from a review request is for: the first mapped one, or the only one. */
async function applicationForRequest(ctx: AppContext, connection: ConnectionRecord): Promise<string | null> {
  if (connection.environmentMapping[0]) return connection.environmentMapping[0].applicationId;
  const apps = await ctx.store.catalog.applicationsOfProject(connection.projectId);
  return apps.length === 1 ? apps[0]!.id : null;
}

async function callerOf(ctx: AppContext, projectId: string): Promise<Caller> {
  const project = (await ctx.store.projects.findById(projectId))!;
  const organization = (await ctx.store.organizations.findById(project.organizationId))!;
  return insideCaller(project, organization);
}

/**
 * The run of a review superseded while it was being started. Its first test cases are being
 * claimed by workers at this very moment, which can make the cancelling transaction a deadlock
 * victim: it is tried again.
 */
async function cancelStaleRun(ctx: AppContext, reviewId: string, runId: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await ctx.store.transaction((tx) => cancelReviewRun(ctx, tx, runId));
      return;
    } catch (error) {
      if (attempt >= 3) {
        ctx.log.error({ err: error, reviewId, runId }, 'could not cancel the run of a superseded review');
        return;
      }
    }
  }
}

async function fail(
  ctx: AppContext,
  connection: ConnectionRecord,
  review: ReviewRecord,
  message: string,
): Promise<void> {
  // Only a review still in progress fails: one superseded meanwhile keeps saying so.
  const failed = await ctx.store.transaction(async (tx) => {
    const current = await tx.reviews.lock(review.id);
    if (!current || (current.status !== 'QUEUED' && current.status !== 'RUNNING')) return false;
    await tx.reviews.update(review.id, { status: 'ERROR', errorMessage: message, finishedAt: ctx.now() });
    return true;
  });
  if (!failed) return;
  await showNewest(ctx, connection, review.changeRequestNumber);
  // The commit may already show Goalie's status as pending: it must not stay so.
  if (review.headSha) {
    await platformFor(ctx, connection)
      .setCommitStatus(
        review.headSha,
        'error',
        ctx.links.review(review.shortId),
        `Goalie could not review this commit: ${message}`,
      )
      .catch((error: unknown) => ctx.log.warn({ err: error, reviewId: review.id }, 'commit status not set'));
  }
}

async function start(
  ctx: AppContext,
  worker: ReviewWorker,
  connection: ConnectionRecord,
  queued: ReviewRecord,
): Promise<void> {
  if (queued.status !== 'QUEUED') return;
  const platform = platformFor(ctx, connection);
  // The change request as the host has it now: a review requested by a comment learns its branch
  // and commit from it, and an automatic one whether its commit is still the newest (webhooks may
  // arrive out of order). Before the claim: when the host is down the job fails and is retried
  // later, with the review still QUEUED.
  const cr = await platform.getChangeRequest(queued.changeRequestNumber);
  // Claim: only one worker starts a review, and only a QUEUED one.
  const review = await ctx.store.transaction(async (tx) => {
    const current = await tx.reviews.lock(queued.id);
    if (current?.status !== 'QUEUED') return null;
    if (current.headSha && cr.headSha && cr.headSha !== current.headSha) {
      // A newer commit is the change request's head: reviewing this one would post a stale verdict.
      await tx.reviews.update(current.id, { status: 'SUPERSEDED', supersededBySha: cr.headSha, finishedAt: ctx.now() });
      await ctx.queue.enqueue([{ queue: 'review', data: { reviewId: current.id, step: 'comment' } }], tx.sql);
      return null;
    }
    const details = current.headSha
      ? {}
      : {
          headSha: cr.headSha,
          branch: cr.branch,
          changeRequestTitle: cr.title,
          changeRequestUrl: outsideUrl(cr.url),
          author: current.author ?? cr.author,
        };
    await tx.reviews.update(current.id, { status: 'RUNNING', startedAt: ctx.now(), ...details });
    return { ...current, ...details, status: 'RUNNING' as const };
  });
  if (!review) return;
  reviewStarted(
    ctx.log,
    review,
    connection.repository,
    review.deploymentUrls.map((d) => d.url),
    ctx.links.review(review.shortId),
  );
  try {
    await startClaimed(ctx, worker, connection, review);
  } catch (error) {
    // Claimed and then failed: end it visibly rather than leave it RUNNING; a new request retries.
    ctx.log.error({ err: error, reviewId: review.id }, 'review failed');
    await fail(
      ctx,
      connection,
      review,
      `The review stopped with an error: ${(error as Error).message}. Comment \`${connection.mention} <preview URL>\` to try again.`,
    ).catch(() => {});
  }
}

async function startClaimed(
  ctx: AppContext,
  worker: ReviewWorker,
  connection: ConnectionRecord,
  review: ReviewRecord,
): Promise<void> {
  const platform = platformFor(ctx, connection);
  const urls = await Promise.all(
    review.deploymentUrls.map(async (d) =>
      d.applicationId ? d : { ...d, applicationId: (await applicationForRequest(ctx, connection)) ?? '' },
    ),
  );
  if (urls.some((d) => !d.applicationId)) {
    return fail(
      ctx,
      connection,
      review,
      'The preview URL cannot be matched to an application: the project has several. Map the hosting environments to applications (repository.reviews.environments in the project YAML).',
    );
  }
  // The browser takes the project's configs to the preview: only to hosts the repository allows.
  const access = await ctx.store.projects.browserAccess(review.projectId);
  const outside = urls.find((d) => !matchingPattern(access.previewOrigins, d.url));
  if (outside) {
    const allowed = access.previewOrigins.length
      ? access.previewOrigins.join(', ')
      : 'none: the project has no environments';
    return fail(
      ctx,
      connection,
      review,
      `No review was run: the preview URL ${outside.url} is not on an allowed preview origin (${allowed}). Add its host pattern, such as *.vercel.app, to repository.reviews.previewOrigins in the project YAML and run \`goalie apply\`.`,
    );
  }
  try {
    for (const d of urls) await checkDestination(ctx, review.projectId, 'The preview URL', d.url);
  } catch (error) {
    if (error instanceof AppError) return fail(ctx, connection, review, `No review was run. ${error.message}`);
    throw error;
  }
  await ctx.store.reviews.update(review.id, { deploymentUrls: urls });
  await showNewest(ctx, connection, review.changeRequestNumber);
  await platform
    .setCommitStatus(review.headSha, 'pending', ctx.links.review(review.shortId), 'Goalie is reviewing this commit')
    .catch((error: unknown) => ctx.log.warn({ err: error }, 'commit status not set'));

  // End-to-end: the review plan (or the default plan), each mapped environment's URL overriding its application's environment.
  const caller = await callerOf(ctx, review.projectId);
  const apps = await ctx.store.catalog.applicationsById(
    review.projectId,
    urls.map((d) => d.applicationId),
  );
  const plan = connection.reviewTestPlanId
    ? await ctx.store.testPlans.findById(review.projectId, connection.reviewTestPlanId)
    : null;
  let runNote: string | null = null;
  // A run started by an earlier try whose worker was lost (recover-lost-jobs.ts) goes on: no second run.
  if (!review.runId) {
    try {
      const run = await startRun(ctx, caller, {
        trigger: 'REPOHOST',
        testPlanShortId: plan?.shortId,
        applications: urls.map((d) => ({
          applicationShortId: apps.find((a) => a.id === d.applicationId)!.shortId,
          environment: { url: d.url, name: `${d.environment} ${review.headSha.slice(0, 7)}` },
        })),
        actor: review.author ?? undefined,
        branch: review.branch,
        commitHash: review.headSha,
        commitMessage: review.changeRequestTitle || undefined,
        repository: connection.repository,
      });
      // Superseded while the run was being started (supersede saw no run to cancel): cancel it now.
      const superseded = await ctx.store.transaction(async (tx) => {
        const current = await tx.reviews.lock(review.id);
        await tx.reviews.update(review.id, { runId: run.id });
        const stale = current?.status !== 'RUNNING';
        // Its pending status may have been set after supersede's job ended it: end it again.
        if (stale)
          await ctx.queue.enqueue([{ queue: 'review', data: { reviewId: review.id, step: 'superseded' } }], tx.sql);
        return stale;
      });
      if (superseded) return cancelStaleRun(ctx, review.id, run.id);
    } catch (error) {
      if (error instanceof UsageLimitReached)
        return fail(ctx, connection, review, `No review was run: ${error.message}`);
      if (!(error instanceof AppError)) throw error;
      // No plan to run (or none that fits): the review goes on with exploration alone.
      runNote = error.message;
    }
  }

  // Exploratory testing and the review context's checks, against the first preview.
  const primary = urls[0]!.url;
  const explored = await worker.explorer
    .explore({
      startUrl: primary,
      network: access.network,
      maxPages: worker.exploreMaxPages,
      maxDurationMs: worker.exploreMaxMs,
    })
    .catch((error: unknown) => {
      // Exploration failing (no browser) must not lose the end-to-end half of the review.
      ctx.log.error({ err: error, reviewId: review.id }, 'exploration failed');
      return { pagesVisited: [], findings: [], unreachable: false, durationMs: 0, error: (error as Error).message };
    });
  const checks: CheckResult[] = [];
  for (const goal of contextChecks(connection.reviewContext)) {
    const outcome = await worker.executor.execute({
      name: 'Review context check',
      goal,
      expectedResult: null,
      baseUrl: primary,
      devicePreset: null,
      configs: {},
      secrets: [],
      steps: null,
      resumeState: null,
      keepState: false,
      evidencePrefix: `reviews/${review.id}/checks/${checks.length + 1}`,
      network: access.network,
      configOrigins: access.configOrigins,
    });
    checks.push({
      goal,
      passed: outcome.verdict === 'PASSED',
      title: outcome.resultTitle,
      thought: outcome.evaluationThought,
    });
  }
  const exploration: Exploration = {
    pagesVisited: explored.pagesVisited,
    // An unreachable preview is "nothing could be tested" (Comment), not a critical finding of the change.
    findings: explored.findings.filter((f) => f.kind !== 'unreachable'),
    unreachable: explored.unreachable,
    runNote: 'error' in explored ? `Exploration failed: ${explored.error}` : runNote,
  };
  await ctx.store.reviews.update(review.id, { exploration, checks });
  await finish(ctx, connection, review.id);
}

async function finish(ctx: AppContext, connection: ConnectionRecord, reviewId: string): Promise<void> {
  const done = await ctx.store.transaction(async (tx) => {
    const review = await tx.reviews.lock(reviewId);
    // Both halves must be in: the exploration (saved by start) and the run (ended, or none).
    if (review?.status !== 'RUNNING' || !review.exploration) return null;
    const run = review.runId ? await tx.runs.findById(review.runId) : null;
    if (run && (run.status === 'INITIATED' || run.status === 'RUNNING')) return null;
    const exploration = review.exploration;
    const checks = review.checks ?? [];
    const testCases = (await runTestCasesOf(tx, review.runId)).map((t) => ({
      name: t.name,
      result: t.result,
      status: t.status,
    }));
    const outcome = reviewVerdict({
      testCases: [
        ...testCases,
        ...checks.map((c) => ({
          name: `Check: ${c.goal.split('\n')[0]}`,
          result: c.passed ? ('PASSED' as const) : ('FAILED' as const),
          status: 'COMPLETED',
        })),
      ],
      findings: exploration.findings,
      untestable: exploration.unreachable || run?.status === 'ERROR',
    });
    const summary = [
      ...outcome.reasons,
      ...(exploration.runNote ? [`End-to-end tests were not run: ${exploration.runNote}`] : []),
    ].join(' ');
    await tx.reviews.update(review.id, {
      status: 'COMPLETED',
      verdict: outcome.verdict,
      summary,
      finishedAt: ctx.now(),
    });
    const finished = { ...review, status: 'COMPLETED' as const, verdict: outcome.verdict, summary };
    const data = reviewFinishedData(finished, connection.repository, ctx.links.review(review.shortId));
    await queueWebhookEvent(ctx, tx, review.projectId, 'review.finished', data);
    return finished;
  });
  if (!done) return;
  // The review is COMPLETED from here on, so a retry of this job would post nothing: each of the
  // host calls (retried inside the adapters) is made whatever happened to the others, and a
  // failure is logged rather than leaving, say, the commit status pending because the review was refused.
  const platform = platformFor(ctx, connection);
  const attempt = async (what: string, call: () => Promise<unknown>) => {
    try {
      await call();
    } catch (error) {
      ctx.log.error({ err: error, reviewId: done.id }, `review verdict: could not ${what}`);
    }
  };
  await showNewest(ctx, connection, done.changeRequestNumber);
  const body = renderVerdict(done, ctx.links.review(done.shortId));
  await attempt('submit the verdict', async () => {
    const applied = await platform.submitVerdict(done.changeRequestNumber, done.verdict, body, done.headSha);
    if (!applied.applied) ctx.log.info({ detail: applied.detail }, 'verdict posted without approval state');
    verdictPosted(ctx.log, done, connection.repository, ctx.links.review(done.shortId));
  });
  const state = done.verdict === 'Changes Requested' ? 'failure' : 'success';
  await attempt('set the commit status', () =>
    platform.setCommitStatus(done.headSha, state, ctx.links.review(done.shortId), `Goalie: ${done.verdict}`),
  );
}
