// What the end-to-end tests of merge-request reviews share: a preview site on 127.0.0.1, a Goalie
// service with a worker (real Postgres, real Chromium), projects with a `repository:` block pointing
// at a fake GitHub or GitLab, webhook deliveries signed (GitHub) or carrying the token (GitLab) as
// the hosts send them, built from real payloads (@octokit/webhooks-examples, test/fixtures/gitlab),
// and reads of what got stored.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WebhookDefinition } from '@octokit/webhooks-examples';
import type { Logger } from 'pino';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import type { PlatformFactory } from '../../backend/src/app/ports/change-request-platform.js';
import { repositoryHostFetch } from '../../backend/src/integrations/http/checked-fetch.js';
import { startWorker, type RunningWorker } from '../../backend/src/main.js';
import { signGitHubPayload } from '../../backend/src/platforms/github/index.js';
import { platformFactory } from '../../backend/src/platforms/platform-factory.js';
import { startTestService, type TestService } from './service.js';
import { html, startSite, type Site } from './site.js';
import { waitFor } from './wait.js';

// Example payloads are read and tweaked freely: their full types would only add noise.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Payload = Record<string, any>;

/** The fake hosts' credentials the review tests share: the webhook secrets and Goalie's GitHub token and login. */
export const GITHUB_SECRET = 'github-webhook-secret-for-tests';
export const GITLAB_SECRET = 'gitlab-webhook-secret-token-for-tests';
export const GITHUB_TOKEN = 'ghp_goalie-bot';
export const GITHUB_BOT = 'goalie-bot';

// ---------------------------------------------------------------------------------------------
// The preview deployment: a test site whose pages a test chooses, and whose paths can be held
// (no answer until released) so that a review stays in progress as long as a test needs.

export type PreviewSite = Site;
export const startPreview = startSite;

export const PAGES = {
  /** Passes "Home shows the greeting" and gives exploration nothing to report. */
  clean: {
    '/': html('Shop', '<main><h1>Shop</h1><p>All good</p><p><a href="/about">About us</a></p></main>'),
    '/about': html('About', '<main><h1>About</h1><p>We sell things.</p><p><a href="/">Home</a></p></main>'),
  },
  /** The same, but the home page logs a console error: a minor finding only. */
  minor: {
    '/': html(
      'Shop',
      '<main><h1>Shop</h1><p>All good</p><p><a href="/about">About us</a></p></main><script>console.error("Analytics failed to load")</script>',
    ),
    '/about': html('About', '<main><h1>About</h1><p>We sell things.</p><p><a href="/">Home</a></p></main>'),
  },
  /** The application's own (non-preview) environment: never what a review should test. */
  staging: {
    '/': html('Staging', '<main><h1>Staging</h1><p>This is staging, not the preview.</p></main>'),
  },
} as const;

/** The previews every review test uses; `slow` has a page `/slow` a test can hold. */
export interface Previews {
  clean: PreviewSite;
  minor: PreviewSite;
  staging: PreviewSite;
  slow: PreviewSite;
}

export async function startPreviews(): Promise<Previews> {
  const slowPage = html('Slow', '<main><h1>Slow</h1><p>finally</p></main>');
  const [clean, minor, staging, slow] = await Promise.all([
    startPreview(PAGES.clean),
    startPreview(PAGES.minor),
    startPreview(PAGES.staging),
    startPreview({ ...PAGES.clean, '/slow': slowPage }),
  ]);
  return { clean: clean, minor: minor, staging: staging, slow: slow };
}

/** A URL on 127.0.0.1 where nothing listens: a preview that cannot be reached. */
export async function unreachableUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

// ---------------------------------------------------------------------------------------------
// The service and its worker.

export interface ReviewService {
  service: TestService;
  worker: RunningWorker;
  /** Moves the clock GitHub App installation tokens are judged by (kept or renewed) forward. */
  advanceTokenClock(ms: number): void;
  close(): Promise<void>;
}

/**
 * The real adapters, without GitHub's pacing of writes (a second between writes, three between
 * comments: right for github.com, only slow against a fake) and with short retry waits. Injected at
 * the PlatformFactory port.
 */
function fastPlatforms(service: TestService, now: () => number): PlatformFactory {
  return platformFactory(service.runtime.logger, {
    fetchFor: repositoryHostFetch({ ownPorts: service.runtime.app.browserNetwork?.ownPorts ?? [] }),
    github: { paceWrites: false, retryAfterBaseMs: 10, timeoutMs: 5000 },
    gitlab: { retryDelayMs: 10, timeoutMs: 5000 },
    now,
  });
}

/** `options.logger`: where the service logs (silent unless given); `options.env`: more configuration. */
export async function startReviewService(
  options: { logger?: Logger; env?: Record<string, string>; queueRetryDelaySeconds?: number } = {},
): Promise<ReviewService> {
  const service = await startTestService(
    { GOALIE_EXPLORE_MAX_PAGES: '3', GOALIE_EXPLORE_MAX_SECONDS: '15', GOALIE_CONCURRENCY: '4', ...options.env },
    { logger: options.logger, queueRetryDelaySeconds: options.queueRetryDelaySeconds },
  );
  let clockOffsetMs = 0;
  service.runtime.app.platforms = fastPlatforms(service, () => Date.now() + clockOffsetMs);
  const worker = await startWorker(service.runtime);
  return {
    service,
    worker,
    advanceTokenClock: (ms) => void (clockOffsetMs += ms),
    async close() {
      await worker.stop();
      await service.close();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Projects with a repository connection.

export interface ReviewProjectOptions {
  /** Unique per project within the service. */
  name: string;
  organization?: string;
  usageLimit?: number;
  host: 'github' | 'gitlab';
  /** The fake's API root (GitHub) or host root (GitLab). */
  hostUrl: string;
  repository: string;
  /** The credentials: a token, or (GitHub) an App installation whose private key is in `env`. */
  token?: string;
  app?: { appId: number; installationId: number; privateKeyVariable: string };
  /** Environment variables the YAML uses. */
  env?: Record<string, string>;
  webhookSecret: string;
  stagingUrl: string;
  /** The test plan reviews run: `Smoke` (one passing test case) or `Failing` (plus one that fails). */
  testPlan?: 'Smoke' | 'Failing' | 'Slow';
  autoRun?: boolean;
  includeDrafts?: boolean;
  postCommentOnOpened?: boolean;
  mention?: string;
  /** The hosting environment mapped to the application: `preview` unless given (e.g. `review/*`). */
  environment?: string;
  /** Review Context. */
  context?: string;
  /** reviews.minimumPermission: who may ask for a review (write unless given). */
  minimumPermission?: 'read' | 'triage' | 'write' | 'maintain' | 'admin';
  /** reviews.allowForks */
  allowForks?: boolean;
  /**
   * reviews.previewOrigins: host patterns preview URLs must match. Unless given, any port of
   * 127.0.0.1, where the tests' previews run beside staging; null: the server's default (the
   * environments' hosts on their ports).
   */
  previewOrigins?: string[] | null;
}

export function reviewProjectYaml(o: ReviewProjectOptions): string {
  const previewOrigins = o.previewOrigins === undefined ? ['127.0.0.1'] : o.previewOrigins;
  return `
organization:
  name: ${o.organization ?? 'Review Org'}
${o.usageLimit === undefined ? '' : `  usageLimit: ${o.usageLimit}\n`}project:
  name: ${o.name}
  slug: ${o.name}
applications:
  - name: Storefront
    environments:
      - name: staging
        url: "${o.stagingUrl}"
        default: true
testCases:
  - name: Home shows the greeting
    application: Storefront
    goal: Go to /
    expectedResult: "'All good' is shown"
  - name: Free shipping banner
    application: Storefront
    goal: Go to /
    expectedResult: "'Free shipping' is shown"
  - name: Slow page
    application: Storefront
    goal: Go to /slow
    expectedResult: "'finally' is shown"
testPlans:
  - name: Smoke
    default: true
    testCases: [Home shows the greeting]
  - name: Failing
    testCases: [Home shows the greeting, Free shipping banner]
  - name: Slow
    testCases: [Slow page]
repository:
  host: ${o.host}
  url: "${o.hostUrl}"
  repository: ${o.repository}
${credentialsYaml(o)}
  webhookSecret: "${o.webhookSecret}"
  reviews:
    autoRun: ${o.autoRun ?? true}
    includeDrafts: ${o.includeDrafts ?? false}
    postCommentOnOpened: ${o.postCommentOnOpened ?? true}
    mention: "${o.mention ?? '@goalie'}"
    testPlan: ${o.testPlan ?? 'Smoke'}
${previewOrigins ? `    previewOrigins: ${JSON.stringify(previewOrigins)}\n` : ''}${o.minimumPermission ? `    minimumPermission: ${o.minimumPermission}\n` : ''}${o.allowForks === undefined ? '' : `    allowForks: ${o.allowForks}\n`}${
    o.context
      ? `    context: ${JSON.stringify(o.context)}
`
      : ''
  }    environments:
      "${o.environment ?? 'preview'}": Storefront
`;
}

function credentialsYaml(o: ReviewProjectOptions): string {
  if (!o.app) return `  token: "${o.token}"`;
  return `  app:\n    appId: ${o.app.appId}\n    installationId: ${o.app.installationId}\n    privateKey: \${${o.app.privateKeyVariable}}`;
}

export interface ReviewProject {
  summary: ApplySummary;
  projectId: string;
  /** The connection's short ID: the last segment of its webhook URL. */
  connection: string;
  connectionId: string;
  webhookUrl: string;
}

export async function applyReviewProject(service: TestService, options: ReviewProjectOptions): Promise<ReviewProject> {
  const summary = await service.apply(reviewProjectYaml(options), options.env);
  if (!summary.repository) throw new Error('apply returned no repository summary');
  const [row] = await sql<{ id: string }>(service, 'SELECT id FROM repository_connections WHERE short_id = $1', [
    summary.repository.shortId,
  ]);
  return {
    summary,
    projectId: summary.project.id,
    connection: summary.repository.shortId,
    connectionId: row!.id,
    webhookUrl: summary.repository.webhookUrl,
  };
}

/** The burn-ins of the applied test cases have ended (so runs replay recorded steps). */
export async function burnInsDone(service: TestService): Promise<void> {
  await waitFor(
    'the burn-ins',
    async () =>
      (
        await sql<{ n: number }>(
          service,
          `SELECT count(*)::int n FROM test_cases WHERE generation_status = 'GENERATING'`,
        )
      )[0]!.n === 0,
    120_000,
    100,
  );
}

// ---------------------------------------------------------------------------------------------
// Webhook deliveries.

export interface Delivered {
  status: number;
  body: { message?: string };
}

async function post(url: string, headers: Record<string, string>, rawBody: string): Promise<Delivered> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: rawBody,
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Delivered['body']) : {} };
}

export interface GitHubDeliveryOptions {
  /** A fresh one unless given; null sends no X-GitHub-Delivery. */
  deliveryId?: string | null;
  /** The secret the delivery is signed with; null sends no signature header. */
  secret?: string | null;
}

export async function deliverGitHub(
  service: TestService,
  connection: string,
  secret: string,
  event: string,
  payload: unknown,
  options: GitHubDeliveryOptions = {},
): Promise<Delivered> {
  const rawBody = JSON.stringify(payload);
  const signWith = options.secret === undefined ? secret : options.secret;
  const headers: Record<string, string> = {
    'x-github-event': event,
    ...(options.deliveryId === null ? {} : { 'x-github-delivery': options.deliveryId ?? randomUUID() }),
    'x-github-hook-id': '1',
    'user-agent': 'GitHub-Hookshot/044aadd',
  };
  if (signWith !== null) headers['x-hub-signature-256'] = signGitHubPayload(signWith, rawBody);
  return post(`${service.baseUrl}/webhooks/github/${connection}`, headers, rawBody);
}

export interface GitLabDeliveryOptions {
  uuid?: string;
  /** GitLab 17.4+: the same on every retry of a delivery. */
  idempotencyKey?: string;
  /** The token sent in X-Gitlab-Token; null sends none. */
  token?: string | null;
}

export async function deliverGitLab(
  service: TestService,
  connection: string,
  secretToken: string,
  event: string,
  payload: unknown,
  options: GitLabDeliveryOptions = {},
): Promise<Delivered> {
  const uuid = options.uuid ?? randomUUID();
  const token = options.token === undefined ? secretToken : options.token;
  const headers: Record<string, string> = {
    'x-gitlab-event': event,
    'x-gitlab-event-uuid': uuid,
    'x-gitlab-webhook-uuid': '3c5c0404-c866-44bc-a5f6-452bb1bfc76e',
    'x-gitlab-instance': 'https://gitlab.example.com',
    'user-agent': 'GitLab/17.3.0',
  };
  if (token !== null) headers['x-gitlab-token'] = token;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  return post(`${service.baseUrl}/webhooks/gitlab/${connection}`, headers, JSON.stringify(payload));
}

export const sha = (): string => randomBytes(20).toString('hex');

// ---------------------------------------------------------------------------------------------
// GitHub payloads: real examples from @octokit/webhooks-examples, adjusted to the fake's repository.

const examples = createRequire(import.meta.url)('@octokit/webhooks-examples') as WebhookDefinition[];

function example(name: string, pick: (payload: Payload) => boolean = () => true): Payload {
  const found = examples.find((d) => d.name === name)?.examples.find((e) => pick(e));
  if (!found) throw new Error(`no matching ${name} example in @octokit/webhooks-examples`);
  return structuredClone(found);
}

function adjustRepository(payload: Payload, fullName: string): void {
  const [owner, name] = fullName.split('/') as [string, string];
  if (payload.repository) {
    Object.assign(payload.repository, {
      name,
      full_name: fullName,
      html_url: `https://github.example/${fullName}`,
      url: `https://api.github.example/repos/${fullName}`,
    });
    if (payload.repository.owner) payload.repository.owner.login = owner;
  }
}

export interface GitHubPr {
  number: number;
  branch: string;
  sha: string;
  draft?: boolean;
  title?: string;
  author?: string;
  /** owner/name of the fork the head branch lives in. */
  fork?: string;
}

export const githubPayloads = {
  /** `opened`, `synchronize`, `reopened`, `ready_for_review` or `closed`. */
  pullRequest(repository: string, action: string, pr: GitHubPr, before?: string): Payload {
    const payload = example('pull_request', (p) => p.action === action);
    adjustRepository(payload, repository);
    payload.number = pr.number;
    const pull = payload.pull_request;
    Object.assign(pull, {
      number: pr.number,
      title: pr.title ?? `Change ${pr.number}`,
      draft: pr.draft ?? false,
      state: action === 'closed' ? 'closed' : 'open',
      html_url: `https://github.example/${repository}/pull/${pr.number}`,
      url: `https://api.github.example/repos/${repository}/pulls/${pr.number}`,
    });
    pull.user.login = pr.author ?? 'octocat';
    Object.assign(pull.head, {
      ref: pr.branch,
      sha: pr.sha,
      label: `${(pr.fork ?? repository).split('/')[0]}:${pr.branch}`,
    });
    pull.head.repo = pr.fork
      ? { ...pull.base.repo, id: pull.base.repo.id + 1, name: pr.fork.split('/')[1], full_name: pr.fork, fork: true }
      : { ...pull.base.repo };
    if (action === 'synchronize') Object.assign(payload, { before: before ?? sha(), after: pr.sha });
    return payload;
  },
  /** A new comment on pull request `number` (GitHub marks comments on pull requests with `issue.pull_request`). */
  issueComment(repository: string, number: number, body: string, author = 'octocat'): Payload {
    const payload = example('issue_comment', (p) => p.action === 'created');
    adjustRepository(payload, repository);
    payload.issue.number = number;
    payload.issue.pull_request = {
      url: `https://api.github.example/repos/${repository}/pulls/${number}`,
      html_url: `https://github.example/${repository}/pull/${number}`,
      diff_url: `https://github.example/${repository}/pull/${number}.diff`,
      patch_url: `https://github.example/${repository}/pull/${number}.patch`,
      merged_at: null,
    };
    payload.comment.id = Math.floor(Math.random() * 1e9);
    payload.comment.body = body;
    payload.comment.user.login = author;
    // GitHub Apps' logins end in [bot], and GitHub says they are bots.
    payload.comment.user.type = author.endsWith('[bot]') ? 'Bot' : 'User';
    return payload;
  },
  deploymentStatus(
    repository: string,
    d: { sha: string; environment: string; url: string; state?: string; ref?: string },
  ): Payload {
    const payload = example('deployment_status', (p) => p.deployment_status.state === 'success');
    adjustRepository(payload, repository);
    Object.assign(payload.deployment, {
      sha: d.sha,
      ref: d.ref ?? 'feature',
      environment: d.environment,
      id: Math.floor(Math.random() * 1e9),
    });
    Object.assign(payload.deployment_status, {
      state: d.state ?? 'success',
      environment: d.environment,
      environment_url: d.url,
      target_url: d.url,
    });
    return payload;
  },
  push(repository: string, branch: string, after: string, before = sha()): Payload {
    const payload = example('push', (p) => p.ref.startsWith('refs/heads/'));
    adjustRepository(payload, repository);
    Object.assign(payload, { ref: `refs/heads/${branch}`, before, after, deleted: false, created: false });
    if (payload.head_commit) payload.head_commit.id = after;
    return payload;
  },
};

// ---------------------------------------------------------------------------------------------
// GitLab payloads: the documented examples in test/fixtures/gitlab, adjusted to the fake's project.

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'gitlab');
const fixture = (name: string): Payload =>
  JSON.parse(fs.readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8')) as Payload;

export interface GitLabMr {
  iid: number;
  branch: string;
  sha: string;
  draft?: boolean;
  title?: string;
  /** From a fork: the source project differs from the target project. */
  fork?: boolean;
  /** The author's user id (the fixture's otherwise). */
  authorId?: number;
}

function adjustProject(payload: Payload, project: string, baseUrl: string): void {
  if (payload.project)
    Object.assign(payload.project, { path_with_namespace: project, web_url: `${baseUrl}/${project}` });
}

export const gitlabPayloads = {
  /** `open`, `update-new-commits`, `draft-to-ready`, `close`. */
  mergeRequest(
    project: string,
    baseUrl: string,
    kind: 'open' | 'update-new-commits' | 'draft-to-ready' | 'close',
    mr: GitLabMr,
    oldrev?: string,
  ): Payload {
    const payload = fixture(`merge_request.${kind}`);
    adjustProject(payload, project, baseUrl);
    const attrs = payload.object_attributes;
    Object.assign(attrs, {
      iid: mr.iid,
      source_branch: mr.branch,
      title: mr.title ?? `Merge request ${mr.iid}`,
      draft: mr.draft ?? false,
      work_in_progress: mr.draft ?? false,
      url: `${baseUrl}/${project}/-/merge_requests/${mr.iid}`,
    });
    attrs.last_commit = { ...attrs.last_commit, id: mr.sha, url: `${baseUrl}/${project}/-/commit/${mr.sha}` };
    attrs.source_project_id = mr.fork ? attrs.target_project_id + 1000 : attrs.target_project_id;
    if (mr.authorId !== undefined) attrs.author_id = mr.authorId;
    if (kind === 'update-new-commits') attrs.oldrev = oldrev ?? sha();
    return payload;
  },
  /** A new comment by `author` (the fixture's root, user 1, unless given). */
  note(
    project: string,
    baseUrl: string,
    iid: number,
    body: string,
    mr: { branch: string; sha: string },
    author?: { id: number; username: string },
  ): Payload {
    const payload = fixture('note.merge_request');
    adjustProject(payload, project, baseUrl);
    if (author) Object.assign(payload.user, { id: author.id, username: author.username, name: author.username });
    Object.assign(payload.object_attributes, {
      id: Math.floor(Math.random() * 1e9),
      note: body,
      url: `${baseUrl}/${project}/-/merge_requests/${iid}#note_1`,
    });
    Object.assign(payload.merge_request, { iid, source_branch: mr.branch });
    payload.merge_request.last_commit = { ...payload.merge_request.last_commit, id: mr.sha };
    return payload;
  },
  deployment(
    project: string,
    baseUrl: string,
    d: { sha: string; environment: string; url: string; status?: string; ref?: string },
  ): Payload {
    const payload = fixture('deployment.success');
    adjustProject(payload, project, baseUrl);
    Object.assign(payload, {
      status: d.status ?? 'success',
      environment: d.environment,
      environment_slug: d.environment.replace(/[^a-z0-9]+/gi, '-'),
      environment_external_url: d.url,
      deployment_id: Math.floor(Math.random() * 1e6),
      short_sha: d.sha.slice(0, 8),
      commit_url: `${baseUrl}/${project}/-/commit/${d.sha}`,
      ref: d.ref ?? 'feature',
    });
    return payload;
  },
};

// ---------------------------------------------------------------------------------------------
// What got stored.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of arbitrary SQL
export async function sql<T = Record<string, any>>(
  service: TestService,
  query: string,
  params: unknown[] = [],
): Promise<T[]> {
  return await service.runtime.dataSource.query<T[]>(query, params);
}

export interface ReviewRow {
  id: string;
  short_id: string;
  change_request_number: number;
  branch: string;
  head_sha: string;
  event: string;
  status: string;
  verdict: string | null;
  summary: string | null;
  error_message: string | null;
  run_id: string | null;
  superseded_by_sha: string | null;
  deployment_urls: { applicationId: string; url: string; environment: string }[];
}

/** The reviews of a change request, oldest first. */
export async function reviewsOf(service: TestService, connectionId: string, number: number): Promise<ReviewRow[]> {
  return sql<ReviewRow>(
    service,
    'SELECT * FROM reviews WHERE connection_id = $1 AND change_request_number = $2 ORDER BY created_at, id',
    [connectionId, number],
  );
}

export const ENDED = ['COMPLETED', 'ERROR', 'SUPERSEDED'];

/** Waits until the newest review of a change request is in one of `statuses`. */
export async function waitForReview(
  service: TestService,
  connectionId: string,
  number: number,
  statuses: string[] = ENDED,
  timeoutMs = 90_000,
): Promise<ReviewRow> {
  return waitFor(
    `a review of change request ${number} in ${statuses.join('/')}`,
    async () => {
      const reviews = await reviewsOf(service, connectionId, number);
      const latest = reviews[reviews.length - 1];
      return latest && statuses.includes(latest.status) ? latest : null;
    },
    timeoutMs,
    100,
  );
}

export async function deliveriesOf(service: TestService, connectionId: string): Promise<string[]> {
  return (
    await sql<{ delivery_id: string }>(service, 'SELECT delivery_id FROM webhook_deliveries WHERE connection_id = $1', [
      connectionId,
    ])
  ).map((r) => r.delivery_id);
}

/** Every job of the review queue has ended (no comment updates still on their way). */
export async function reviewJobsSettled(service: TestService): Promise<void> {
  await waitFor(
    'the review jobs to settle',
    async () =>
      (
        await sql<{ n: number }>(
          service,
          `SELECT count(*)::int n FROM pgboss.job WHERE name = 'review' AND state IN ('created', 'retry', 'active')`,
        )
      )[0]!.n === 0,
    60_000,
    100,
  );
}

/** What is still going on in the service: for a failing test's message. */
export async function diagnose(service: TestService): Promise<string> {
  const jobs = await sql(
    service,
    `SELECT name, state, data, started_on FROM pgboss.job WHERE state IN ('active', 'created', 'retry')`,
  );
  const runs = await sql(
    service,
    `SELECT r.short_id, r.status, r.cancel_requested_at, rtc.name, rtc.status AS rtc_status, rtc.worker_id FROM runs r JOIN run_test_cases rtc ON rtc.run_id = r.id WHERE r.status IN ('INITIATED', 'RUNNING') OR rtc.status IN ('PENDING', 'QUEUED', 'RUNNING')`,
  );
  const waits = await sql(
    service,
    `SELECT pid, state, wait_event_type, wait_event, left(query, 200) AS query FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle'`,
  );
  return JSON.stringify({ jobs, runs, waits }, null, 1);
}
