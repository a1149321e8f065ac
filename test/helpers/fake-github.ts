// A fake GitHub REST API on 127.0.0.1, for exactly the endpoints Goalie calls. Request and response
// shapes, status codes and error bodies follow GitHub's REST docs (docs.github.com/rest: pulls,
// issues/comments, pulls/reviews, commits/statuses, deployments, repos/webhooks, rate limits,
// pagination with `Link` headers, GitHub Apps' JWTs and installation tokens). It serves both at the
// root (github.com style) and under /api/v3 (GitHub Enterprise style), and records every request it
// receives.
import { createPublicKey, randomBytes, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyAppJwt } from './fake-github-app-jwt.js';

export interface FakeGitHubRequest {
  method: string;
  /** REST path without the /api/v3 prefix and query, e.g. /repos/acme/shop/pulls/7 */
  path: string;
  /** Which API root was called: '' (github.com style) or '/api/v3' (GitHub Enterprise style). */
  root: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | undefined;
  userAgent: string | undefined;
}

export interface FakeUser {
  login: string;
  id: number;
}
export interface FakePull {
  number: number;
  title: string;
  author: string;
  branch: string;
  headSha: string;
  draft: boolean;
  state: 'open' | 'closed';
  merged: boolean;
  /** owner/name of the fork the head branch lives in; the base repository when absent. */
  fork?: string;
}
export interface FakeComment {
  id: number;
  issueNumber: number;
  body: string;
  user: FakeUser;
  createdAt: string;
  updatedAt: string;
}
export interface FakeReview {
  id: number;
  pullNumber: number;
  user: FakeUser;
  body: string;
  state: 'APPROVED' | 'CHANGES_REQUESTED' | 'COMMENTED' | 'PENDING';
  commitId: string;
}
export interface FakeStatus {
  id: number;
  /** Login of whoever set it. */
  creator: string;
  sha: string;
  state: string;
  context: string;
  description: string | null;
  targetUrl: string | null;
}
export interface FakeDeploymentStatus {
  id: number;
  state: string;
  environment: string;
  environmentUrl: string;
  targetUrl: string;
  createdAt: string;
}
export interface FakeDeployment {
  id: number;
  sha: string;
  ref: string;
  environment: string;
  payload: Record<string, unknown>;
  createdAt: string;
  /** Oldest first, as added; listed newest first like GitHub does. */
  statuses: FakeDeploymentStatus[];
}
export interface FakeHook {
  id: number;
  active: boolean;
  events: string[];
  config: Record<string, string>;
}
export interface FakeRepo {
  owner: string;
  name: string;
  id: number;
  pulls: Map<number, FakePull>;
  comments: FakeComment[];
  reviews: FakeReview[];
  statuses: FakeStatus[];
  deployments: FakeDeployment[];
  hooks: FakeHook[];
  /** Collaborators' roles by login; `none` makes someone a non-collaborator (404). */
  permissions: Map<string, FakeRole | 'none'>;
  /** The role of anyone not in `permissions`: write, so that tests are about reviews unless they say otherwise. */
  defaultPermission: FakeRole | 'none';
}
export type FakeRole = 'read' | 'triage' | 'write' | 'maintain' | 'admin';

/** A GitHub App: its JWTs are checked with `publicKey`; its installation tokens act as `<slug>[bot]`. */
export interface FakeApp {
  id: number;
  slug: string;
  publicKey: KeyObject;
  installations: number[];
  /** Only these repositories (owner/name) are visible to its installations; all when omitted. */
  repositories?: string[];
  readOnly?: boolean;
}
export interface FakeInstallationToken {
  token: string;
  appId: number;
  installationId: number;
  expiresAt: string;
}
export interface FakeTokenOwner {
  login: string;
  readOnly?: boolean;
  /** An App installation's token: expires, and may see only some repositories. */
  installation?: { expiresAt: number; repositories?: string[] };
}

export interface FakeGitHub {
  /** http://127.0.0.1:PORT (github.com style API root). */
  url: string;
  /** http://127.0.0.1:PORT/api/v3 (GitHub Enterprise style API root). */
  enterpriseUrl: string;
  requests: FakeGitHubRequest[];
  /** Tokens GitHub accepts, and whose they are. Read-only tokens get 403 on writes. */
  tokens: Map<string, FakeTokenOwner>;
  /** Registers a GitHub App and its installations. `publicKey`: PEM or key object of the App's key pair. */
  addApp(app: Omit<FakeApp, 'publicKey'> & { publicKey: string | KeyObject }): FakeApp;
  /** Installation tokens handed out, oldest first. */
  installationTokens: FakeInstallationToken[];
  /** How far this server's clock is ahead of the machine's (negative: behind): for JWT checks, token expiry and the Date header. */
  clockOffsetSeconds: number;
  addRepo(fullName: string): FakeRepo;
  repo(fullName: string): FakeRepo;
  addPull(fullName: string, pull: Partial<FakePull> & { number: number }): FakePull;
  /** `count` comments by `author` on issue/PR `number`; `bodies` replaces the text of some (by index). */
  addComments(
    fullName: string,
    number: number,
    count: number,
    options?: { author?: string; bodies?: Record<number, string> },
  ): FakeComment[];
  addDeployment(
    fullName: string,
    deployment: { sha: string; environment: string; ref?: string; payload?: Record<string, unknown> },
    statuses?: { state: string; environment_url?: string; target_url?: string }[],
  ): FakeDeployment;
  addHook(fullName: string, hook: { url: string; events?: string[]; secret?: string }): FakeHook;
  /** Answer the next `times` requests (of `only.method`, when given) with `status` (default 500) and GitHub's error body. */
  failNext(times: number, status?: number, only?: { method?: string }): void;
  /** Answer the next `times` requests as rate-limited: 403 with x-ratelimit-remaining 0 (primary), or 429 with retry-after (secondary). */
  rateLimitNext(times: number, options?: { kind?: 'primary' | 'secondary'; retryAfterSeconds?: number }): void;
  /** Handle the next `times` requests (of `only.method`, when given) at once but hold their answers for `ms`. */
  delayNext(times: number, ms: number, only?: { method?: string }): void;
  /** When set, every request is handled at once and its answer held back this many ms (network latency). */
  latency: (() => number) | null;
  reset(): void;
  close(): Promise<void>;
}

class HttpFailure {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {}
}
const DOCS = 'https://docs.github.com/rest';
/** How long GitHub's installation tokens live. */
const INSTALLATION_TOKEN_SECONDS = 3600;
/** An error answer in GitHub's shape: its message, the docs link and the status as a string. */
const errorAnswer = (status: number, message: string) => ({
  status,
  data: { message, documentation_url: DOCS, status: String(status) },
});
const notFound = () => new HttpFailure(404, errorAnswer(404, 'Not Found').data);
const validationFailed = (resource: string, field: string, message: string) =>
  new HttpFailure(422, {
    message: 'Validation Failed',
    errors: [{ resource, code: 'custom', field, message }],
    documentation_url: DOCS,
    status: '422',
  });

export async function startFakeGitHub(options: { tokens?: Record<string, string> } = {}): Promise<FakeGitHub> {
  const requests: FakeGitHubRequest[] = [];
  const tokens: FakeGitHub['tokens'] = new Map(
    Object.entries(options.tokens ?? { 'ghp_goalie-bot': 'goalie-bot' }).map(([token, login]) => [token, { login }]),
  );
  const repos = new Map<string, FakeRepo>();
  const apps: FakeApp[] = [];
  const users = new Map<string, FakeUser>();
  let nextId = 1000;
  let clock = Date.parse('2024-01-01T00:00:00Z');
  let failures = { times: 0, status: 500, method: '' };
  let rateLimits = { times: 0, kind: 'primary' as 'primary' | 'secondary', retryAfterSeconds: 1 };
  let delays = { times: 0, ms: 0, method: '' };

  const now = () => new Date((clock += 1000)).toISOString();
  /** This server's idea of the time, in milliseconds. */
  const serverNow = () => Date.now() + fake.clockOffsetSeconds * 1000;
  const user = (login: string): FakeUser => {
    if (!users.has(login)) users.set(login, { login, id: nextId++ });
    return users.get(login)!;
  };
  const userJson = (u: FakeUser) => ({
    login: u.login,
    id: u.id,
    type: u.login.endsWith('[bot]') ? 'Bot' : 'User',
    html_url: `https://github.example/${u.login}`,
  });
  const repoOf = (fullName: string) => {
    const found = repos.get(fullName.toLowerCase());
    if (!found) throw new Error(`fake GitHub: no repository ${fullName}; addRepo it first`);
    return found;
  };

  const fake: FakeGitHub = {
    url: '',
    enterpriseUrl: '',
    requests,
    tokens,
    installationTokens: [],
    clockOffsetSeconds: 0,
    latency: null,
    addApp(app) {
      const added: FakeApp = {
        ...app,
        publicKey: typeof app.publicKey === 'string' ? createPublicKey(app.publicKey) : app.publicKey,
      };
      apps.push(added);
      return added;
    },
    addRepo(fullName) {
      const [owner, name] = fullName.split('/');
      const created: FakeRepo = {
        owner: owner!,
        name: name!,
        id: nextId++,
        pulls: new Map(),
        comments: [],
        reviews: [],
        statuses: [],
        deployments: [],
        hooks: [],
        permissions: new Map(),
        defaultPermission: 'write',
      };
      repos.set(fullName.toLowerCase(), created);
      return created;
    },
    repo: repoOf,
    addPull(fullName, pull) {
      const full: FakePull = {
        title: `Change ${pull.number}`,
        author: 'octocat',
        branch: `feature-${pull.number}`,
        headSha: 'a'.repeat(40),
        draft: false,
        state: 'open',
        merged: false,
        ...pull,
      };
      repoOf(fullName).pulls.set(full.number, full);
      return full;
    },
    addComments(fullName, number, count, { author = 'octocat', bodies = {} } = {}) {
      const repo = repoOf(fullName);
      const added = Array.from({ length: count }, (_, i) => {
        const at = now();
        return {
          id: nextId++,
          issueNumber: number,
          body: bodies[i] ?? `Comment ${i + 1}`,
          user: user(author),
          createdAt: at,
          updatedAt: at,
        };
      });
      repo.comments.push(...added);
      return added;
    },
    addDeployment(fullName, deployment, statuses = []) {
      const created: FakeDeployment = {
        id: nextId++,
        ref: 'main',
        payload: {},
        ...deployment,
        createdAt: now(),
        statuses: [],
      };
      for (const status of statuses) created.statuses.push(deploymentStatus(created, status));
      repoOf(fullName).deployments.push(created);
      return created;
    },
    addHook(fullName, hook) {
      const created: FakeHook = {
        id: nextId++,
        active: true,
        events: hook.events ?? ['push'],
        config: {
          url: hook.url,
          content_type: 'json',
          insecure_ssl: '0',
          ...(hook.secret ? { secret: hook.secret } : {}),
        },
      };
      repoOf(fullName).hooks.push(created);
      return created;
    },
    failNext(times, status = 500, only = {}) {
      failures = { times, status, method: only.method ?? '' };
    },
    rateLimitNext(times, { kind = 'primary', retryAfterSeconds = 1 } = {}) {
      rateLimits = { times, kind, retryAfterSeconds };
    },
    delayNext(times, ms, only = {}) {
      delays = { times, ms, method: only.method ?? '' };
    },
    reset() {
      requests.length = 0;
      failures = { times: 0, status: 500, method: '' };
      rateLimits = { times: 0, kind: 'primary', retryAfterSeconds: 1 };
      delays = { times: 0, ms: 0, method: '' };
      fake.clockOffsetSeconds = 0;
      fake.latency = null;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };

  function deploymentStatus(
    deployment: FakeDeployment,
    status: { state: string; environment_url?: string; target_url?: string },
  ): FakeDeploymentStatus {
    return {
      id: nextId++,
      state: status.state,
      environment: deployment.environment,
      environmentUrl: status.environment_url ?? '',
      targetUrl: status.target_url ?? '',
      createdAt: now(),
    };
  }

  // ---- JSON in GitHub's shapes ----
  const repoApi = (repo: FakeRepo) => `${fake.url}/repos/${repo.owner}/${repo.name}`;
  const pullJson = (repo: FakeRepo, p: FakePull) => ({
    url: `${repoApi(repo)}/pulls/${p.number}`,
    id: p.number * 7919,
    number: p.number,
    state: p.state,
    locked: false,
    title: p.title,
    user: userJson(user(p.author)),
    body: null,
    draft: p.draft,
    merged: p.merged,
    merged_at: p.merged ? '2024-01-02T00:00:00Z' : null,
    html_url: `https://github.example/${repo.owner}/${repo.name}/pull/${p.number}`,
    head: p.fork
      ? {
          label: `${p.fork.split('/')[0]}:${p.branch}`,
          ref: p.branch,
          sha: p.headSha,
          user: userJson(user(p.fork.split('/')[0]!)),
          repo: { id: repo.id + 100_000, name: p.fork.split('/')[1], full_name: p.fork, fork: true },
        }
      : {
          label: `${repo.owner}:${p.branch}`,
          ref: p.branch,
          sha: p.headSha,
          user: userJson(user(repo.owner)),
          repo: { id: repo.id, name: repo.name, full_name: `${repo.owner}/${repo.name}` },
        },
    base: {
      label: `${repo.owner}:main`,
      ref: 'main',
      sha: 'b'.repeat(40),
      user: userJson(user(repo.owner)),
      repo: { id: repo.id, name: repo.name, full_name: `${repo.owner}/${repo.name}` },
    },
  });
  const commentJson = (repo: FakeRepo, c: FakeComment) => ({
    url: `${repoApi(repo)}/issues/comments/${c.id}`,
    html_url: `https://github.example/${repo.owner}/${repo.name}/pull/${c.issueNumber}#issuecomment-${c.id}`,
    issue_url: `${repoApi(repo)}/issues/${c.issueNumber}`,
    id: c.id,
    node_id: `IC_${c.id}`,
    user: userJson(c.user),
    created_at: c.createdAt,
    updated_at: c.updatedAt,
    author_association: 'MEMBER',
    body: c.body,
  });
  const hookJson = (repo: FakeRepo, h: FakeHook) => {
    // GitHub never shows the secret back, only that there is one.
    const { secret, ...config } = h.config;
    return {
      type: 'Repository',
      id: h.id,
      name: 'web',
      active: h.active,
      events: h.events,
      config: secret ? { ...config, secret: '********' } : config,
      updated_at: '2024-01-01T00:00:00Z',
      created_at: '2024-01-01T00:00:00Z',
      url: `${repoApi(repo)}/hooks/${h.id}`,
      test_url: `${repoApi(repo)}/hooks/${h.id}/test`,
      ping_url: `${repoApi(repo)}/hooks/${h.id}/pings`,
      deliveries_url: `${repoApi(repo)}/hooks/${h.id}/deliveries`,
      last_response: { code: null, status: 'unused', message: null },
    };
  };

  /** One page of `items` with GitHub's Link header (next, last, first, prev), absolute URLs like GitHub's. */
  function page<T>(
    req: { base: string; path: string; query: Record<string, string> },
    items: T[],
  ): { data: T[]; headers: Record<string, string> } {
    const perPage = Math.min(Math.max(Number(req.query.per_page) || 30, 1), 100);
    const current = Math.max(Number(req.query.page) || 1, 1);
    const last = Math.max(Math.ceil(items.length / perPage), 1);
    const link = (p: number) => {
      const url = new URL(`${req.base}${req.path}`);
      for (const [k, v] of Object.entries({ ...req.query, per_page: String(perPage), page: String(p) }))
        url.searchParams.set(k, v);
      return url.toString();
    };
    const rels: string[] = [];
    if (current > 1) rels.push(`<${link(current - 1)}>; rel="prev"`);
    if (current < last) rels.push(`<${link(current + 1)}>; rel="next"`, `<${link(last)}>; rel="last"`);
    if (current > 1) rels.push(`<${link(1)}>; rel="first"`);
    return {
      data: items.slice((current - 1) * perPage, current * perPage),
      headers: rels.length ? { link: rels.join(', ') } : {},
    };
  }

  // ---- routes ----
  type Ctx = {
    method: string;
    path: string;
    base: string;
    query: Record<string, string>;
    body: Record<string, unknown>;
    login: string;
    readOnly: boolean;
  };
  type Result = { status?: number; data: unknown; headers?: Record<string, string> };
  type Handler = (ctx: Ctx, repo: FakeRepo, params: string[]) => Result;
  const routes: [string, RegExp, Handler][] = [];
  const route = (method: string, pattern: string, handler: Handler) =>
    routes.push([method, new RegExp(`^/repos/([^/]+)/([^/]+)${pattern.replace(/:\w+/g, '([^/]+)')}$`), handler]);
  const pullOf = (repo: FakeRepo, number: string) => {
    const pull = repo.pulls.get(Number(number));
    if (!pull) throw notFound();
    return pull;
  };
  const requireString = (body: Record<string, unknown>, field: string, resource: string) => {
    if (typeof body[field] !== 'string' || !body[field])
      throw validationFailed(resource, field, `${field} wasn't supplied.`);
    return body[field];
  };

  route('GET', '/pulls/:n', (_ctx, repo, [n]) => ({ data: pullJson(repo, pullOf(repo, n!)) }));

  route('GET', '/issues/:n/comments', (ctx, repo, [n]) => {
    const comments = repo.comments.filter((c) => c.issueNumber === Number(n)).map((c) => commentJson(repo, c));
    return page(ctx, comments);
  });
  route('POST', '/issues/:n/comments', (ctx, repo, [n]) => {
    pullOf(repo, n!); // only pull requests exist in this fake
    const at = now();
    const comment: FakeComment = {
      id: nextId++,
      issueNumber: Number(n),
      body: requireString(ctx.body, 'body', 'IssueComment'),
      user: user(ctx.login),
      createdAt: at,
      updatedAt: at,
    };
    repo.comments.push(comment);
    return { status: 201, data: commentJson(repo, comment) };
  });
  route('PATCH', '/issues/comments/:id', (ctx, repo, [id]) => {
    const comment = repo.comments.find((c) => c.id === Number(id));
    if (!comment) throw notFound();
    comment.body = requireString(ctx.body, 'body', 'IssueComment');
    comment.updatedAt = now();
    return { data: commentJson(repo, comment) };
  });

  // The collaborator permission: 404 for someone who is not a collaborator. `permission` is the
  // legacy field (maintain shows as write, triage as read); role_name and the user's flags are exact.
  route('GET', '/collaborators/:username/permission', (_ctx, repo, [username]) => {
    const login = decodeURIComponent(username!);
    const role = repo.permissions.get(login) ?? repo.defaultPermission;
    if (role === 'none')
      throw new HttpFailure(404, {
        message: `${login} is not a user`,
        documentation_url: `${DOCS}/collaborators/collaborators#get-repository-permissions-for-a-user`,
        status: '404',
      });
    const order: FakeRole[] = ['read', 'triage', 'write', 'maintain', 'admin'];
    const has = (r: FakeRole) => order.indexOf(role) >= order.indexOf(r);
    const legacy = role === 'maintain' ? 'write' : role === 'triage' ? 'read' : role;
    return {
      data: {
        permission: legacy,
        role_name: role,
        user: {
          ...userJson(user(login)),
          permissions: {
            admin: has('admin'),
            maintain: has('maintain'),
            push: has('write'),
            triage: has('triage'),
            pull: true,
          },
          role_name: role,
        },
      },
    };
  });

  route('POST', '/pulls/:n/reviews', (ctx, repo, [n]) => {
    const pull = pullOf(repo, n!);
    const event = ctx.body.event as string | undefined;
    const states = { APPROVE: 'APPROVED', REQUEST_CHANGES: 'CHANGES_REQUESTED', COMMENT: 'COMMENTED' } as const;
    if (event !== undefined && !(event in states))
      throw validationFailed('PullRequestReview', 'event', `event must be one of APPROVE, REQUEST_CHANGES, COMMENT`);
    const body = typeof ctx.body.body === 'string' ? ctx.body.body : '';
    if ((event === 'REQUEST_CHANGES' || event === 'COMMENT') && !body) {
      throw new HttpFailure(422, {
        message: 'Unprocessable Entity',
        errors: [`Review Can not ${event === 'COMMENT' ? 'comment' : 'request changes'} without a body`],
        documentation_url: `${DOCS}/pulls/reviews#create-a-review-for-a-pull-request`,
        status: '422',
      });
    }
    if (ctx.login === pull.author && (event === 'APPROVE' || event === 'REQUEST_CHANGES')) {
      const refusal =
        event === 'APPROVE'
          ? 'Can not approve your own pull request'
          : 'Can not request changes on your own pull request';
      throw new HttpFailure(422, {
        message: 'Unprocessable Entity',
        errors: [refusal],
        documentation_url: `${DOCS}/pulls/reviews#create-a-review-for-a-pull-request`,
        status: '422',
      });
    }
    const review: FakeReview = {
      id: nextId++,
      pullNumber: pull.number,
      user: user(ctx.login),
      body,
      state: event ? states[event as keyof typeof states] : 'PENDING',
      commitId: (ctx.body.commit_id as string) ?? pull.headSha,
    };
    repo.reviews.push(review);
    return {
      data: {
        id: review.id,
        node_id: `PRR_${review.id}`,
        user: userJson(review.user),
        body: review.body,
        state: review.state,
        html_url: `https://github.example/${repo.owner}/${repo.name}/pull/${pull.number}#pullrequestreview-${review.id}`,
        pull_request_url: `${repoApi(repo)}/pulls/${pull.number}`,
        commit_id: review.commitId,
        submitted_at: review.state === 'PENDING' ? undefined : now(),
        author_association: 'MEMBER',
      },
    };
  });

  route('POST', '/statuses/:sha', (ctx, repo, [sha]) => {
    const state = ctx.body.state as string;
    if (!['error', 'failure', 'pending', 'success'].includes(state))
      throw validationFailed('Status', 'state', 'state is not included in the list');
    const description = typeof ctx.body.description === 'string' ? ctx.body.description : null;
    if (description && description.length > 140)
      throw validationFailed('Status', 'description', 'description is too long (maximum is 140 characters)');
    const status: FakeStatus = {
      id: nextId++,
      creator: ctx.login,
      sha: sha!,
      state,
      context: (ctx.body.context as string) || 'default',
      description,
      targetUrl: (ctx.body.target_url as string) ?? null,
    };
    repo.statuses.push(status);
    const at = now();
    return {
      status: 201,
      data: {
        url: `${repoApi(repo)}/statuses/${sha}`,
        id: status.id,
        node_id: `SC_${status.id}`,
        state,
        description,
        target_url: status.targetUrl,
        context: status.context,
        created_at: at,
        updated_at: at,
        creator: userJson(user(ctx.login)),
      },
    };
  });

  const deploymentJson = (repo: FakeRepo, d: FakeDeployment) => ({
    url: `${repoApi(repo)}/deployments/${d.id}`,
    id: d.id,
    node_id: `DE_${d.id}`,
    sha: d.sha,
    ref: d.ref,
    task: 'deploy',
    payload: d.payload,
    original_environment: d.environment,
    environment: d.environment,
    description: null,
    creator: userJson(user('deployer')),
    created_at: d.createdAt,
    updated_at: d.createdAt,
    statuses_url: `${repoApi(repo)}/deployments/${d.id}/statuses`,
    repository_url: repoApi(repo),
    transient_environment: false,
    production_environment: false,
  });
  route('GET', '/deployments', (ctx, repo) => {
    const matching = repo.deployments.filter(
      (d) =>
        (!ctx.query.sha || d.sha === ctx.query.sha) &&
        (!ctx.query.ref || d.ref === ctx.query.ref) &&
        (!ctx.query.environment || d.environment === ctx.query.environment),
    );
    return page(
      ctx,
      [...matching].reverse().map((d) => deploymentJson(repo, d)),
    );
  });
  route('GET', '/deployments/:id/statuses', (ctx, repo, [id]) => {
    const deployment = repo.deployments.find((d) => d.id === Number(id));
    if (!deployment) throw notFound();
    const statuses = [...deployment.statuses].reverse().map((s) => ({
      url: `${repoApi(repo)}/deployments/${deployment.id}/statuses/${s.id}`,
      id: s.id,
      node_id: `DES_${s.id}`,
      state: s.state,
      creator: userJson(user('deployer')),
      description: '',
      environment: s.environment,
      target_url: s.targetUrl,
      log_url: s.targetUrl,
      environment_url: s.environmentUrl,
      created_at: s.createdAt,
      updated_at: s.createdAt,
      deployment_url: `${repoApi(repo)}/deployments/${deployment.id}`,
      repository_url: repoApi(repo),
    }));
    return page(ctx, statuses);
  });

  const hookBody = (ctx: Ctx, existing?: FakeHook) => {
    const config = ctx.body.config as Record<string, string> | undefined;
    if (
      config !== undefined &&
      (typeof config !== 'object' || !config || typeof config.url !== 'string' || !config.url)
    ) {
      throw validationFailed('Hook', 'config', 'url is required');
    }
    if (!existing && !config) throw validationFailed('Hook', 'config', 'config is required');
    const events = ctx.body.events;
    if (events !== undefined && (!Array.isArray(events) || events.some((e) => typeof e !== 'string')))
      throw validationFailed('Hook', 'events', 'events must be an array of strings');
    return {
      config,
      events: events as string[] | undefined,
      active: typeof ctx.body.active === 'boolean' ? ctx.body.active : undefined,
    };
  };
  route('GET', '/hooks', (ctx, repo) =>
    page(
      ctx,
      repo.hooks.map((h) => hookJson(repo, h)),
    ),
  );
  route('POST', '/hooks', (ctx, repo) => {
    const { config, events, active } = hookBody(ctx);
    const hook: FakeHook = {
      id: nextId++,
      active: active ?? true,
      events: events ?? ['push'],
      config: { content_type: 'form', insecure_ssl: '0', ...config! },
    };
    repo.hooks.push(hook);
    return { status: 201, data: hookJson(repo, hook) };
  });
  route('PATCH', '/hooks/:id', (ctx, repo, [id]) => {
    const hook = repo.hooks.find((h) => h.id === Number(id));
    if (!hook) throw notFound();
    const { config, events, active } = hookBody(ctx, hook);
    if (config) hook.config = { content_type: 'form', insecure_ssl: '0', ...config };
    if (events) hook.events = events;
    if (active !== undefined) hook.active = active;
    return { data: hookJson(repo, hook) };
  });

  // ---- the server ----
  const send = (res: http.ServerResponse, status: number, data: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'x-github-media-type': 'github.v3; format=json',
      date: new Date(serverNow()).toUTCString(),
      ...headers,
    });
    res.end(JSON.stringify(data));
  };

  function record(req: http.IncomingMessage, text: string) {
    const url = new URL(req.url ?? '/', 'http://fake-github');
    const prefix = url.pathname.startsWith('/api/v3/') ? '/api/v3' : '';
    const path = url.pathname.slice(prefix.length);
    const query = Object.fromEntries(url.searchParams);
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      parsed = undefined;
    }
    requests.push({
      method: req.method ?? '',
      path,
      root: prefix,
      query,
      body: parsed ?? text,
      authorization: req.headers.authorization,
      userAgent: req.headers['user-agent'],
    });
    return { prefix, path, query, parsed };
  }

  function handle(
    req: http.IncomingMessage,
    { prefix, path, query, parsed }: ReturnType<typeof record>,
  ): { status: number; data: unknown; headers?: Record<string, string> } {
    if (parsed === undefined) return errorAnswer(400, 'Problems parsing JSON');
    const body = (parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {}) as Record<
      string,
      unknown
    >;

    if (failures.times > 0 && (!failures.method || failures.method === req.method)) {
      failures.times--;
      return errorAnswer(failures.status, failures.status >= 500 ? 'Server Error' : 'Error');
    }
    if (rateLimits.times > 0) {
      rateLimits.times--;
      const reset = String(Math.ceil(Date.now() / 1000) + rateLimits.retryAfterSeconds);
      if (rateLimits.kind === 'primary') {
        return {
          status: 403,
          data: {
            message:
              'API rate limit exceeded for user ID 1. If you reach out to GitHub Support for help, please include the request ID.',
            documentation_url: `${DOCS}/overview/rate-limits-for-the-rest-api`,
            status: '403',
          },
          headers: {
            'x-ratelimit-limit': '5000',
            'x-ratelimit-remaining': '0',
            'x-ratelimit-used': '5000',
            'x-ratelimit-reset': reset,
            'retry-after': String(rateLimits.retryAfterSeconds),
          },
        };
      }
      return {
        status: 429,
        data: {
          message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
          documentation_url: `${DOCS}/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits`,
          status: '429',
        },
        headers: { 'retry-after': String(rateLimits.retryAfterSeconds) },
      };
    }

    if (path.startsWith('/app/')) return appRoute(req, path);

    const token = /^(?:token|bearer)\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const owner = token ? tokens.get(token) : undefined;
    const expired = owner?.installation && owner.installation.expiresAt <= serverNow();
    if (!owner || expired) return errorAnswer(401, token ? 'Bad credentials' : 'Requires authentication');

    for (const [method, pattern, handler] of routes) {
      const match = pattern.exec(path);
      if (!match || method !== req.method) continue;
      const repo = repos.get(`${match[1]}/${match[2]}`.toLowerCase());
      const hidden =
        owner.installation?.repositories &&
        !owner.installation.repositories.some((r) => r.toLowerCase() === `${match[1]}/${match[2]}`.toLowerCase());
      if (!repo || hidden) return errorAnswer(404, 'Not Found');
      if (method !== 'GET' && owner.readOnly) {
        const message = owner.installation
          ? 'Resource not accessible by integration'
          : 'Resource not accessible by personal access token';
        return errorAnswer(403, message);
      }
      const base = `${fake.url}${prefix}`;
      try {
        const result = handler(
          { method, path, base, query, body, login: owner.login, readOnly: owner.readOnly === true },
          repo,
          match.slice(3),
        );
        return { status: result.status ?? 200, data: result.data, headers: result.headers };
      } catch (error) {
        if (error instanceof HttpFailure) return { status: error.status, data: error.body, headers: error.headers };
        throw error;
      }
    }
    return errorAnswer(404, 'Not Found');
  }

  /** The App's own endpoints: authenticated by its JWT, never by a token. */
  function appRoute(req: http.IncomingMessage, path: string): { status: number; data: unknown } {
    const refused = (message: string) => errorAnswer(401, message);
    const exchange = /^\/app\/installations\/([^/]+)\/access_tokens$/.exec(path);
    if (!exchange || req.method !== 'POST') return errorAnswer(404, 'Not Found');
    const verified = verifyAppJwt(req.headers.authorization, apps, Math.floor(serverNow() / 1000));
    if ('refusal' in verified) return refused(verified.refusal);
    const { app } = verified;
    const installationId = Number(exchange[1]);
    if (!app.installations.includes(installationId)) return errorAnswer(404, 'Not Found');
    const issued: FakeInstallationToken = {
      token: `ghs_${randomBytes(18).toString('base64url')}`,
      appId: app.id,
      installationId,
      // GitHub states expiry to the second: 2016-07-11T22:14:10Z.
      expiresAt: new Date(Math.floor(serverNow() / 1000 + INSTALLATION_TOKEN_SECONDS) * 1000)
        .toISOString()
        .replace('.000Z', 'Z'),
    };
    fake.installationTokens.push(issued);
    tokens.set(issued.token, {
      login: `${app.slug}[bot]`,
      readOnly: app.readOnly,
      installation: { expiresAt: Date.parse(issued.expiresAt), repositories: app.repositories },
    });
    const permissions = app.readOnly
      ? {
          pull_requests: 'read',
          issues: 'read',
          statuses: 'read',
          deployments: 'read',
          contents: 'read',
          repository_hooks: 'read',
          metadata: 'read',
        }
      : {
          pull_requests: 'write',
          issues: 'write',
          statuses: 'write',
          deployments: 'read',
          contents: 'read',
          repository_hooks: 'write',
          metadata: 'read',
        };
    return {
      status: 201,
      data: {
        token: issued.token,
        expires_at: issued.expiresAt,
        permissions,
        repository_selection: app.repositories ? 'selected' : 'all',
      },
    };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const received = record(req, Buffer.concat(chunks).toString('utf8'));
      // The work is done at once and only the answer is held back: a client that gives up waiting
      // cannot tell whether GitHub did the work, which is the case Goalie must not duplicate.
      let result: ReturnType<typeof handle>;
      try {
        result = handle(req, received);
      } catch (error) {
        result = { status: 500, data: { message: `fake GitHub bug: ${(error as Error).message}` } };
      }
      const answer = () => {
        if (!res.destroyed) send(res, result.status, result.data, result.headers);
      };
      if (delays.times > 0 && (!delays.method || delays.method === req.method)) {
        delays.times--;
        setTimeout(answer, delays.ms);
      } else if (fake.latency) setTimeout(answer, fake.latency());
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  fake.enterpriseUrl = `${fake.url}/api/v3`;
  return fake;
}
