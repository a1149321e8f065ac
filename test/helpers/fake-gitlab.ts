// A fake GitLab REST API v4 on 127.0.0.1: the endpoints Goalie calls, answering in GitLab's shapes
// (status codes, `{ message }` / `{ error }` bodies, offset pagination headers), recording every
// request. Projects are addressed as GitLab does: URL-encoded path (`group%2Fproject`) or numeric id.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GitLabRequest {
  method: string;
  /** The raw path, still URL-encoded: `/api/v4/projects/acme%2Fweb/merge_requests/1`. */
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown>;
  privateToken: string | undefined;
  authorization: string | undefined;
  /** The status the fake answered with. */
  status: number;
}

export interface FakeUser {
  id: number;
  username: string;
  name: string;
}

export interface FakeMergeRequest {
  iid: number;
  title: string;
  description: string;
  source_branch: string;
  target_branch: string;
  sha: string;
  draft: boolean;
  state: 'opened' | 'closed' | 'merged' | 'locked';
  author: FakeUser;
  /** From a fork: its source project is another project than the target. */
  fork: boolean;
}

export interface FakeNote {
  id: number;
  body: string;
  system: boolean;
  author: FakeUser;
  created_at: string;
  updated_at: string;
}

export interface FakeDeployment {
  id: number;
  iid: number;
  sha: string;
  ref: string;
  status: 'created' | 'running' | 'success' | 'failed' | 'canceled' | 'blocked';
  environment: { id: number; name: string; external_url: string | null };
  created_at: string;
}

export interface FakeStatus {
  id: number;
  sha: string;
  name: string;
  status: string;
  target_url: string | null;
  description: string | null;
}

export interface FakeHook {
  id: number;
  url: string;
  /** Kept for assertions; GitLab never returns it. */
  token: string | null;
  push_events: boolean;
  merge_requests_events: boolean;
  note_events: boolean;
  deployment_events: boolean;
  pipeline_events: boolean;
  enable_ssl_verification: boolean;
}

export interface FakeProject {
  id: number;
  path: string;
  mergeRequests: Map<number, FakeMergeRequest>;
  notes: Map<number, FakeNote[]>;
  /** Usernames that approved, by merge request iid. */
  approvals: Map<number, Set<string>>;
  statuses: FakeStatus[];
  deployments: FakeDeployment[];
  hooks: FakeHook[];
  /** Members' access levels by user id (direct or inherited alike); null makes someone a non-member (404). */
  members: Map<number, number | null>;
  /** The access level of any user not in `members`: Developer (30), so that tests are about reviews unless they say otherwise. */
  defaultAccessLevel: number | null;
}

export interface FakeGitLab {
  /** The instance URL (the API is under /api/v4), e.g. http://127.0.0.1:1234 */
  url: string;
  token: string;
  /** The token's user: author of the notes it creates, approver of what it approves. */
  user: FakeUser;
  /** Ids of the users GitLab marks `bot: true` (access tokens' bot users, service accounts); 404 for ids in `missingUsers`. */
  bots: Set<number>;
  missingUsers: Set<number>;
  requests: GitLabRequest[];
  addProject(path: string): FakeProject;
  project(path: string): FakeProject;
  addMergeRequest(path: string, fields: Partial<FakeMergeRequest> & { iid: number }): FakeMergeRequest;
  addNotes(path: string, iid: number, notes: (Partial<Omit<FakeNote, 'id'>> & { body: string })[]): FakeNote[];
  addDeployment(
    path: string,
    fields: Partial<Omit<FakeDeployment, 'environment'>> & { sha: string; environment: string; url?: string | null },
  ): FakeDeployment;
  /** Like a token whose user may not approve: approve and unapprove answer 403. */
  forbidApprovals: boolean;
  /**
   * Answer the next `times` requests (of `method`, when given) with `status`: 500 by default, 429 as
   * GitLab's rate limiter does. With `handled`, GitLab does the work and only the answer is lost,
   * as when a proxy times out after GitLab saved a note.
   */
  failNext(times: number, status?: number, options?: { method?: string; handled?: boolean }): void;
  /** Hold the answers to the next `times` requests for `ms` (to run into client timeouts). */
  delayNext(times: number, ms: number): void;
  reset(): void;
  close(): Promise<void>;
}

const STATUS_STATES = ['pending', 'running', 'success', 'failed', 'canceled', 'skipped'];
const FAILURE_TEXT: Record<number, string> = {
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

class Answer {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}
const json = (status: number, body: unknown, headers?: Record<string, string>) => new Answer(status, body, headers);
const message = (status: number, text: string) => json(status, { message: text });

export async function startFakeGitLab(options: { token?: string; user?: Partial<FakeUser> } = {}): Promise<FakeGitLab> {
  const token = options.token ?? 'glpat-test-token';
  const user: FakeUser = { id: 99, username: 'goalie-bot', name: 'Goalie', ...options.user };
  const requests: GitLabRequest[] = [];
  const projects = new Map<string, FakeProject>();
  const ids = { project: 0, note: 1000, deployment: 0, status: 0, hook: 0 };
  const clock = Date.parse('2025-01-01T00:00:00Z');
  const at = (n: number) => new Date(clock + n * 1000).toISOString();
  let failures: { times: number; status: number; method?: string; handled?: boolean } = { times: 0, status: 500 };
  let delays = { times: 0, ms: 0 };
  let baseUrl = '';

  const userEntity = (u: FakeUser) => ({
    ...u,
    state: 'active',
    locked: false,
    avatar_url: null,
    web_url: `${baseUrl}/${u.username}`,
  });
  const findProject = (idOrPath: string) =>
    /^\d+$/.test(idOrPath) ? [...projects.values()].find((p) => String(p.id) === idOrPath) : projects.get(idOrPath);

  const mrEntity = (p: FakeProject, mr: FakeMergeRequest) => ({
    id: p.id * 1000 + mr.iid,
    iid: mr.iid,
    project_id: p.id,
    title: mr.title,
    description: mr.description,
    state: mr.state,
    created_at: at(0),
    updated_at: at(1),
    target_branch: mr.target_branch,
    source_branch: mr.source_branch,
    source_project_id: mr.fork ? p.id + 1000 : p.id,
    target_project_id: p.id,
    author: userEntity(mr.author),
    draft: mr.draft,
    work_in_progress: mr.draft,
    sha: mr.sha,
    merge_commit_sha: null,
    detailed_merge_status: 'mergeable',
    web_url: `${baseUrl}/${p.path}/-/merge_requests/${mr.iid}`,
    diff_refs: { base_sha: null, head_sha: mr.sha, start_sha: null },
    references: { short: `!${mr.iid}`, relative: `!${mr.iid}`, full: `${p.path}!${mr.iid}` },
  });
  const noteEntity = (p: FakeProject, iid: number, n: FakeNote) => ({
    id: n.id,
    type: null,
    body: n.body,
    attachment: null,
    author: userEntity(n.author),
    created_at: n.created_at,
    updated_at: n.updated_at,
    system: n.system,
    noteable_id: p.id * 1000 + iid,
    noteable_type: 'MergeRequest',
    noteable_iid: iid,
    project_id: p.id,
    resolvable: false,
    confidential: false,
    internal: false,
  });
  const approvalsEntity = (p: FakeProject, mr: FakeMergeRequest) => {
    const approvedBy = [...(p.approvals.get(mr.iid) ?? [])];
    const mine = approvedBy.includes(user.username);
    return {
      id: p.id * 1000 + mr.iid,
      iid: mr.iid,
      project_id: p.id,
      title: mr.title,
      state: mr.state,
      approved: approvedBy.length > 0,
      approvals_required: 0,
      approvals_left: 0,
      approved_by: approvedBy.map((username) => ({
        user: { id: username === user.username ? user.id : 0, username, name: username },
      })),
      user_has_approved: mine,
      user_can_approve: !mine && mr.author.username !== user.username,
    };
  };
  const hookEntity = (p: FakeProject, h: FakeHook) => {
    const { token: _secret, ...shown } = h;
    return {
      ...shown,
      project_id: p.id,
      push_events_branch_filter: '',
      issues_events: false,
      tag_push_events: false,
      job_events: false,
      wiki_page_events: false,
      releases_events: false,
      alert_status: 'executable',
      created_at: at(0),
    };
  };

  /** GitLab's offset pagination: x-total, x-total-pages, x-per-page, x-page, x-next-page, x-prev-page and a Link header. */
  const paginate = (req: http.IncomingMessage, url: URL, items: unknown[]): Answer => {
    const perPage = Math.min(Math.max(Number(url.searchParams.get('per_page')) || 20, 1), 100);
    const page = Math.max(Number(url.searchParams.get('page')) || 1, 1);
    const totalPages = Math.max(1, Math.ceil(items.length / perPage));
    const link = (n: number, rel: string) => {
      const target = new URL(url.pathname + url.search, `http://${req.headers.host}`);
      target.searchParams.set('page', String(n));
      target.searchParams.set('per_page', String(perPage));
      return `<${target.toString()}>; rel="${rel}"`;
    };
    const links = [
      ...(page > 1 ? [link(page - 1, 'prev')] : []),
      ...(page < totalPages ? [link(page + 1, 'next')] : []),
      link(1, 'first'),
      link(totalPages, 'last'),
    ];
    return json(200, items.slice((page - 1) * perPage, page * perPage), {
      'x-total': String(items.length),
      'x-total-pages': String(totalPages),
      'x-per-page': String(perPage),
      'x-page': String(page),
      'x-next-page': page < totalPages ? String(page + 1) : '',
      'x-prev-page': page > 1 ? String(page - 1) : '',
      link: links.join(', '),
    });
  };

  const bool = (value: unknown, fallback: boolean) =>
    value === undefined ? fallback : value === true || value === 'true';

  const route = (req: http.IncomingMessage, url: URL, body: Record<string, unknown>): Answer => {
    const method = req.method ?? 'GET';
    const segments = url.pathname.split('/').slice(1).map(decodeURIComponent);
    if (segments[0] !== 'api' || segments[1] !== 'v4') return json(404, { error: '404 Not Found' });
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if ((req.headers['private-token'] ?? bearer) !== token) return message(401, '401 Unauthorized');
    const [resource, projectRef, ...rest] = segments.slice(2);
    // GET /users/:id: anyone may read a user; `bot` tells bot users from people.
    if (method === 'GET' && resource === 'users' && projectRef && rest.length === 0) {
      const id = Number(projectRef);
      if (!Number.isInteger(id) || fake.missingUsers.has(id)) return message(404, '404 User Not Found');
      const known = id === user.id ? user : { id, username: `user${id}`, name: `User ${id}` };
      return json(200, {
        ...userEntity(known),
        created_at: at(0),
        bio: '',
        public_email: null,
        bot: fake.bots.has(id),
      });
    }
    if (resource !== 'projects' || !projectRef) return json(404, { error: '404 Not Found' });
    const p = findProject(projectRef);
    if (!p) return message(404, '404 Project Not Found');
    // `GET merge_requests/:id/notes`: every second segment is an id (an iid, a note id, a SHA).
    const key = `${method} ${rest.map((s, i) => (i % 2 === 1 ? ':id' : s)).join('/')}`;

    // GET /projects/:id/members/all/:user_id: a member, direct or inherited, or 404.
    if (method === 'GET' && rest[0] === 'members' && rest[1] === 'all' && rest.length === 3) {
      const id = Number(rest[2]);
      const level = p.members.has(id) ? p.members.get(id)! : p.defaultAccessLevel;
      if (!Number.isInteger(id) || level === null) return message(404, '404 Not found');
      return json(200, {
        id,
        username: `user${id}`,
        name: `User ${id}`,
        state: 'active',
        avatar_url: null,
        web_url: `${baseUrl}/user${id}`,
        access_level: level,
        created_at: at(0),
        expires_at: null,
        membership_state: 'active',
      });
    }

    if (rest[0] === 'merge_requests') {
      const mr = p.mergeRequests.get(Number(rest[1]));
      if (!mr) return message(404, '404 Merge Request Not Found');
      const notes = p.notes.get(mr.iid) ?? [];
      const approvedBy = p.approvals.get(mr.iid) ?? new Set<string>();
      switch (key) {
        case 'GET merge_requests/:id':
          return json(200, mrEntity(p, mr));
        case 'GET merge_requests/:id/notes': {
          const sort = url.searchParams.get('sort') === 'asc' ? 1 : -1;
          const by = url.searchParams.get('order_by') === 'updated_at' ? 'updated_at' : 'created_at';
          const sorted = [...notes].sort((a, b) => sort * (a[by].localeCompare(b[by]) || a.id - b.id));
          return paginate(
            req,
            url,
            sorted.map((n) => noteEntity(p, mr.iid, n)),
          );
        }
        case 'POST merge_requests/:id/notes': {
          if (typeof body.body !== 'string' || !body.body.trim()) return json(400, { error: 'body is missing' });
          const id = ++ids.note;
          const note: FakeNote = {
            id,
            body: body.body,
            system: false,
            author: user,
            created_at: at(id),
            updated_at: at(id),
          };
          p.notes.set(mr.iid, [...notes, note]);
          return json(201, noteEntity(p, mr.iid, note));
        }
        case 'PUT merge_requests/:id/notes/:id': {
          const note = notes.find((n) => n.id === Number(rest[3]));
          if (!note) return message(404, '404 Note Not Found');
          if (note.author.username !== user.username) return message(403, '403 Forbidden');
          if (typeof body.body !== 'string' || !body.body.trim()) return json(400, { error: 'body is missing' });
          note.body = body.body;
          note.updated_at = at(++ids.note);
          return json(200, noteEntity(p, mr.iid, note));
        }
        case 'GET merge_requests/:id/approvals':
          return json(200, approvalsEntity(p, mr));
        case 'POST merge_requests/:id/approve':
          if (fake.forbidApprovals) return message(403, '403 Forbidden');
          if (body.sha !== undefined && body.sha !== mr.sha)
            return message(409, `SHA does not match HEAD of source branch: ${mr.sha}`);
          // GitLab's answer both to a second approval and to the author approving their own merge request.
          if (approvedBy.has(user.username) || mr.author.username === user.username)
            return message(401, '401 Unauthorized');
          p.approvals.set(mr.iid, new Set([...approvedBy, user.username]));
          return json(201, approvalsEntity(p, mr));
        case 'POST merge_requests/:id/unapprove':
          if (fake.forbidApprovals) return message(403, '403 Forbidden');
          if (!approvedBy.delete(user.username)) return message(404, '404 Not Found');
          return json(201, approvalsEntity(p, mr));
      }
    }

    switch (key) {
      case 'POST statuses/:id': {
        const state = body.state;
        if (typeof state !== 'string' || !STATUS_STATES.includes(state))
          return json(400, { error: 'state does not have a valid value' });
        const name =
          typeof body.name === 'string' ? body.name : typeof body.context === 'string' ? body.context : 'default';
        const sha = rest[1]!;
        const latest = [...p.statuses].reverse().find((s) => s.sha === sha && s.name === name);
        const active = latest && (latest.status === 'pending' || latest.status === 'running') ? latest : undefined;
        if (active && active.status === state) {
          const via = state === 'pending' ? 'enqueue' : 'run';
          return message(
            400,
            `Cannot transition status via :${via} from :${state} (Reason(s): Status cannot transition via "${via}")`,
          );
        }
        // Like GitLab: a pending or running status moves on; a finished one is followed by a new status.
        const status: FakeStatus = active ?? {
          id: ++ids.status,
          sha,
          name,
          status: state,
          target_url: null,
          description: null,
        };
        Object.assign(status, {
          status: state,
          target_url: (body.target_url as string | undefined) ?? status.target_url,
          description: (body.description as string | undefined) ?? status.description,
        });
        if (!active) p.statuses.push(status);
        return json(201, {
          ...status,
          ref: null,
          created_at: at(status.id),
          started_at: null,
          finished_at: null,
          allow_failure: false,
          coverage: null,
          author: userEntity(user),
        });
      }
      case 'GET deployments': {
        const wanted = url.searchParams.get('status');
        const sort = url.searchParams.get('sort') === 'desc' ? -1 : 1;
        const list = p.deployments.filter((d) => !wanted || d.status === wanted).sort((a, b) => sort * (a.id - b.id));
        return paginate(
          req,
          url,
          list.map((d) => ({
            ...d,
            updated_at: d.created_at,
            user: userEntity(user),
            deployable: null,
            environment: {
              ...d.environment,
              slug: d.environment.name.replace(/[^a-z0-9]+/gi, '-'),
              state: 'available',
            },
          })),
        );
      }
      case 'GET hooks':
        return paginate(
          req,
          url,
          p.hooks.map((h) => hookEntity(p, h)),
        );
      case 'POST hooks':
      case 'PUT hooks/:id': {
        const existing = key === 'PUT hooks/:id' ? p.hooks.find((h) => h.id === Number(rest[1])) : undefined;
        if (key === 'PUT hooks/:id' && !existing) return message(404, '404 Not Found');
        const url2 = body.url ?? existing?.url;
        if (typeof url2 !== 'string' || !url2) return json(400, { error: 'url is missing' });
        if (!/^https?:\/\/[^\s/]+/.test(url2)) return message(422, 'Invalid url given');
        const hook: FakeHook = existing ?? {
          id: ++ids.hook,
          url: url2,
          token: null,
          push_events: true,
          merge_requests_events: false,
          note_events: false,
          deployment_events: false,
          pipeline_events: false,
          enable_ssl_verification: true,
        };
        Object.assign(hook, {
          url: url2,
          token: typeof body.token === 'string' ? body.token : hook.token,
          push_events: bool(body.push_events, hook.push_events),
          merge_requests_events: bool(body.merge_requests_events, hook.merge_requests_events),
          note_events: bool(body.note_events, hook.note_events),
          deployment_events: bool(body.deployment_events, hook.deployment_events),
          pipeline_events: bool(body.pipeline_events, hook.pipeline_events),
          enable_ssl_verification: bool(body.enable_ssl_verification, hook.enable_ssl_verification),
        });
        if (!existing) p.hooks.push(hook);
        return json(existing ? 200 : 201, hookEntity(p, hook));
      }
    }
    return json(404, { error: '404 Not Found' });
  };

  const send = (res: http.ServerResponse, answer: Answer) => {
    if (res.destroyed) return;
    const isText = typeof answer.body === 'string';
    res.writeHead(answer.status, { 'content-type': isText ? 'text/plain' : 'application/json', ...answer.headers });
    res.end(isText ? answer.body : JSON.stringify(answer.body));
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake-gitlab');
      const text = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> = {};
      let invalidBody = false;
      try {
        if (text && req.headers['content-type']?.includes('application/json'))
          body = JSON.parse(text) as Record<string, unknown>;
        else if (text) body = Object.fromEntries(new URLSearchParams(text));
      } catch {
        invalidBody = true;
      }
      const recorded: GitLabRequest = {
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body,
        privateToken: req.headers['private-token'] as string | undefined,
        authorization: req.headers.authorization,
        status: 0,
      };
      requests.push(recorded);

      let answer: Answer;
      const fail = failures.times > 0 && (!failures.method || failures.method === req.method);
      if (fail) {
        failures.times--;
        if (failures.handled) route(req, url, body);
        answer =
          failures.status === 429
            ? new Answer(429, 'Retry later\n', { 'retry-after': '60' })
            : message(failures.status, `${failures.status} ${FAILURE_TEXT[failures.status] ?? 'Error'}`);
      } else if (invalidBody) {
        answer = json(400, { error: 'The provided content-type and the body do not match' });
      } else {
        answer = route(req, url, body);
      }
      recorded.status = answer.status;
      if (delays.times > 0) {
        delays.times--;
        setTimeout(() => send(res, answer), delays.ms);
      } else {
        send(res, answer);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeGitLab = {
    url: baseUrl,
    token,
    user,
    requests,
    bots: new Set(),
    missingUsers: new Set(),
    forbidApprovals: false,
    addProject(path) {
      const project: FakeProject = {
        id: ++ids.project,
        path,
        mergeRequests: new Map(),
        notes: new Map(),
        approvals: new Map(),
        statuses: [],
        deployments: [],
        hooks: [],
        members: new Map(),
        defaultAccessLevel: 30,
      };
      projects.set(path, project);
      return project;
    },
    project(path) {
      const project = projects.get(path);
      if (!project) throw new Error(`fake GitLab has no project ${path}`);
      return project;
    },
    addMergeRequest(path, fields) {
      const mr: FakeMergeRequest = {
        title: `Merge request ${fields.iid}`,
        description: '',
        source_branch: `feature-${fields.iid}`,
        target_branch: 'main',
        sha: 'a'.repeat(40),
        draft: false,
        state: 'opened',
        author: { id: 7, username: 'alice', name: 'Alice' },
        fork: false,
        ...fields,
      };
      fake.project(path).mergeRequests.set(mr.iid, mr);
      return mr;
    },
    addNotes(path, iid, notes) {
      const project = fake.project(path);
      const added = notes.map((n) => {
        const id = ++ids.note;
        return {
          system: false,
          author: { id: 7, username: 'alice', name: 'Alice' },
          created_at: at(id),
          updated_at: at(id),
          ...n,
          id,
        };
      });
      project.notes.set(iid, [...(project.notes.get(iid) ?? []), ...added]);
      return added;
    },
    addDeployment(path, { environment, url, ...fields }) {
      const project = fake.project(path);
      const id = ++ids.deployment;
      const deployment: FakeDeployment = {
        iid: id,
        ref: 'main',
        status: 'success',
        created_at: at(id),
        ...fields,
        id,
        environment: {
          id: 500 + id,
          name: environment,
          external_url: url === undefined ? `https://${environment.replace(/\W+/g, '-')}.example.com` : url,
        },
      };
      project.deployments.push(deployment);
      return deployment;
    },
    failNext(times, status = 500, options = {}) {
      failures = { times, status, ...options };
    },
    delayNext(times, ms) {
      delays = { times, ms };
    },
    reset() {
      requests.length = 0;
      projects.clear();
      failures = { times: 0, status: 500 };
      delays = { times: 0, ms: 0 };
      fake.forbidApprovals = false;
      fake.bots.clear();
      fake.missingUsers.clear();
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return fake;
}
