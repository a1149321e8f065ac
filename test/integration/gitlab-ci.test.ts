// The GitLab CI templates' jobs run as a GitLab runner would run them: the job is built from a
// pipeline that includes the template (or the component, with its inputs), its before_script and
// script lines run in one `bash -e` (or `dash -e`, like the node:alpine image's sh) session in a temp
// directory with GitLab's predefined variables, the job's variables and the project's CI/CD variables.
// They download the client from a live Goalie server whose worker drives Chromium, and post merge
// request notes to a fake GitLab API on 127.0.0.1. A stub client, served the same way, shows exactly
// which arguments the job passes.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { CI_REQUEST_TAG } from '../../shared/src/ci/review-request-tag.js';
import { findReviewRequest } from '../../backend/src/domain/review/review-request.js';
import { startWorker, type RunningWorker } from '../../backend/src/main.js';
import { loadPipeline, runJob, type Config, type JobRun } from '../helpers/gitlab-ci.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { html, startSite, type Site } from '../helpers/site.js';
import { waitFor } from '../helpers/wait.js';

// ── a fake GitLab API: merge request notes ──────────────────────────────────────────────────────

interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface FakeGitLab {
  /** CI_API_V4_URL: http://127.0.0.1:PORT/api/v4 */
  apiUrl: string;
  requests: RecordedRequest[];
  /** Answers the next N note requests with 502 (a GitLab having a bad moment). */
  failNext: number;
  close(): Promise<void>;
}

const GITLAB_TOKEN = 'glpat-goalie-review-bot-token';

async function startFakeGitLab(): Promise<FakeGitLab> {
  const fake: FakeGitLab = { apiUrl: '', requests: [], failNext: 0, close: async () => {} };
  let nextNoteId = 9000;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      fake.requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, body });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      const note = /^\/api\/v4\/projects\/([^/]+)\/merge_requests\/(\d+)\/notes$/.exec(url.pathname);
      if (!note || req.method !== 'POST') return send(404, { message: '404 Not Found' });
      // GitLab answers 401 to a missing or unknown token, before anything else.
      if (req.headers['private-token'] !== GITLAB_TOKEN) return send(401, { message: '401 Unauthorized' });
      if (fake.failNext > 0) {
        fake.failNext--;
        return send(502, { message: '502 Bad Gateway' });
      }
      let parsed: { body?: unknown };
      try {
        parsed = JSON.parse(body) as { body?: unknown };
      } catch {
        return send(400, { error: 'body is invalid' });
      }
      if (typeof parsed.body !== 'string' || parsed.body === '') return send(400, { error: 'body is missing' });
      send(201, {
        id: nextNoteId++,
        type: null,
        body: parsed.body,
        author: { id: 77, username: 'project_4242_bot_1', name: 'goalie-review' },
        created_at: new Date().toISOString(),
        system: false,
        noteable_id: 5500,
        noteable_type: 'MergeRequest',
        noteable_iid: Number(note[2]),
        project_id: Number(decodeURIComponent(note[1]!)),
        internal: false,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v4`;
  fake.close = () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
  return fake;
}

// ── files to download (a stub client, and broken answers) ───────────────────────────────────────

interface FileServer {
  url: string;
  requested: string[];
  close(): Promise<void>;
}

async function startFileServer(files: Record<string, { status: number; body: string }>): Promise<FileServer> {
  const requested: string[] = [];
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    requested.push(pathname);
    const file = files[pathname] ?? { status: 404, body: 'Not found' };
    res.writeHead(file.status, { 'content-type': file.body.startsWith('<') ? 'text/html' : 'text/javascript' });
    res.end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requested,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** A client that writes what it was given to goalie-stub.json and exits with STUB_EXIT. */
const STUB_CLIENT = `#!/usr/bin/env node
const fs = require('fs');
const env = {};
for (const k of ['GOALIE_API_URL', 'GOALIE_API_TOKEN', 'GITLAB_CI']) env[k] = process.env[k];
fs.writeFileSync('goalie-stub.json', JSON.stringify({ argv: process.argv.slice(2), env }));
process.exit(Number(process.env.STUB_EXIT || 0));
`;

interface StubCall {
  argv: string[];
  env: Record<string, string | undefined>;
}

// ── the project under test ──────────────────────────────────────────────────────────────────────

const projectYaml = (siteUrl: string) => `
organization: { name: GitLab CI }
project: { name: gitlab-ci, slug: gitlab-ci }
applications:
  - name: Shop
    environments: [{ name: production, url: "${siteUrl}", default: true }]
testCases:
  - name: Home
    application: Shop
    goal: Go to /
    expectedResult: "'Welcome to the shop' is shown"
  - name: Free shipping
    application: Shop
    goal: Go to /
    expectedResult: "'Free shipping' is shown"
testPlans:
  - name: Passing
    default: true
    testCases: [Home]
  - name: Failing
    testCases: [Home, Free shipping]
`;

const SHA = '6f1c2b9e0d4a8c7b3e5f1a2d9c8b7a6e5f4d3c2b';

/** GitLab's predefined variables of a merge request pipeline (`mr: false`: a push to main). */
function predefined(gitlab: FakeGitLab, cwd: string, options: { mr?: boolean } = {}): Record<string, string> {
  const common = {
    CI: 'true',
    GITLAB_CI: 'true',
    CI_SERVER_FQDN: 'gitlab.example.com',
    CI_API_V4_URL: gitlab.apiUrl,
    CI_PROJECT_ID: '4242',
    CI_PROJECT_PATH: 'acme/shop',
    CI_PROJECT_URL: 'https://gitlab.example.com/acme/shop',
    CI_PROJECT_DIR: cwd,
    CI_DEFAULT_BRANCH: 'main',
    CI_COMMIT_SHA: SHA,
    CI_COMMIT_MESSAGE: 'Add the checkout page\n\nWith a summary of the cart.\n',
    GITLAB_USER_LOGIN: 'ada',
    CI_JOB_TOKEN: 'job-token-that-cannot-write-notes',
  };
  if (options.mr === false)
    return { ...common, CI_PIPELINE_SOURCE: 'push', CI_COMMIT_REF_NAME: 'main', CI_COMMIT_BRANCH: 'main' };
  return {
    ...common,
    CI_PIPELINE_SOURCE: 'merge_request_event',
    CI_COMMIT_REF_NAME: 'feature/checkout',
    CI_MERGE_REQUEST_IID: '17',
    CI_MERGE_REQUEST_PROJECT_ID: '4242',
    CI_MERGE_REQUEST_PROJECT_URL: 'https://gitlab.example.com/acme/shop',
    CI_MERGE_REQUEST_SOURCE_BRANCH_NAME: 'feature/checkout',
    CI_MERGE_REQUEST_TARGET_BRANCH_NAME: 'main',
  };
}

/** A user's .gitlab-ci.yml that includes the template (a local include of this repository's file). */
const withTemplate = (jobs: string) =>
  loadPipeline(`include:\n  - local: gitlab-ci-templates/goalie.gitlab-ci.yml\n\n${jobs}`);
/** A user's .gitlab-ci.yml that includes a component with inputs (inputs as YAML flow mapping). */
const withComponent = (name: string, inputs: string, jobs = '') =>
  loadPipeline(
    `include:\n  - component: $CI_SERVER_FQDN/acme/goalie-ci/${name}@1.0.0\n    inputs: ${inputs}\n\n${jobs}`,
  );

describe('GitLab CI templates: jobs run as a runner would', function () {
  this.timeout(180_000);
  let gitlab: FakeGitLab;
  let files: FileServer;
  let site: Site;
  let preview: Site;
  let service: TestService;
  let worker: RunningWorker | null = null;
  let token: string;
  let plans: Record<string, string>;
  let appShortId: string;
  let dirs: string[] = [];

  const q = (sql: string, params: unknown[] = []) => service.runtime.dataSource.query(sql, params);
  const workdir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goalie-gitlab-job-'));
    dirs.push(dir);
    return dir;
  };
  /** The project's CI/CD variables (Settings > CI/CD > Variables). */
  const settings = () => ({ GOALIE_API_URL: `${service.baseUrl}/v1`, GOALIE_API_TOKEN: token });
  const run = async (
    config: Config,
    job: string,
    options: { mr?: boolean; settings?: Record<string, string>; shell?: 'bash' | 'dash'; cwd?: string } = {},
  ) => {
    const cwd = options.cwd ?? workdir();
    const result = await runJob(config, job, {
      cwd,
      predefined: predefined(gitlab, cwd, options),
      settings: options.settings ?? settings(),
      shell: options.shell,
      timeoutMs: 150_000,
    });
    return { ...result, cwd };
  };
  const startedRun = (job: JobRun) => {
    const match = /Started run (\S+) /.exec(job.stdout);
    expect(match, `the job started a run:\n${job.output}`).to.not.equal(null);
    return match![1]!;
  };
  const storedRun = async (shortId: string) =>
    (
      await q(
        `SELECT trigger, actor, branch, commit_hash, commit_message, repository, status, result FROM runs WHERE short_id = $1`,
        [shortId],
      )
    )[0];
  const runEnded = (shortId: string) =>
    waitFor(
      `run ${shortId} to end`,
      async () => {
        const row = await storedRun(shortId);
        return ['COMPLETED', 'ERROR', 'CANCELLED'].includes(row?.status) ? row : null;
      },
      90_000,
      100,
    );

  before(async () => {
    gitlab = await startFakeGitLab();
    files = await startFileServer({
      '/cli/goalie.js': { status: 200, body: STUB_CLIENT },
      '/pinned/0.1.0/goalie.js': { status: 200, body: STUB_CLIENT },
      '/login/goalie.js': { status: 200, body: '<!doctype html><title>Sign in</title>' },
    });
    site = await startSite({ '/': html('Shop', '<h1>Welcome to the shop</h1>') });
    preview = await startSite({
      '/': html('Shop preview', '<h1>Welcome to the shop</h1><p>Preview of merge request 17</p>'),
    });
    service = await startTestService();
    await service.apply(projectYaml(site.url));
    token = await service.token('gitlab-ci');
    plans = Object.fromEntries(
      (await q(`SELECT name, short_id FROM test_plans`)).map((r: { name: string; short_id: string }) => [
        r.name,
        r.short_id,
      ]),
    );
    appShortId = (await q(`SELECT short_id FROM applications WHERE name = 'Shop'`))[0].short_id;
    worker = await startWorker(service.runtime);
    await waitFor(
      'the burn-ins',
      async () => (await q(`SELECT count(*)::int n FROM test_cases WHERE generation_status = 'GENERATING'`))[0].n === 0,
      90_000,
      100,
    );
  });

  after(async () => {
    await worker?.stop();
    await service?.close();
    await Promise.all([site?.close(), preview?.close(), gitlab?.close(), files?.close()]);
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    dirs = [];
  });

  beforeEach(() => {
    gitlab.requests.length = 0;
    files.requested.length = 0;
    gitlab.failNext = 0;
  });

  describe('.goalie-run with the client the Goalie server serves', () => {
    it('blocking, in a merge request pipeline: passes for a passing plan, writes the JUnit report, attributes the run to GitLab', async () => {
      const config = withTemplate(
        `goalie:\n  extends: .goalie-run\n  variables:\n    GOALIE_TEST_PLAN: ${plans.Passing}\n    GOALIE_TIMEOUT: 2m\n`,
      );
      const job = await run(config, 'goalie');
      expect(job.code, job.output).to.equal(0);
      expect(job.stdout).to.contain(`downloading the client from ${service.baseUrl}/cli/goalie.js`);
      expect(job.stdout).to.contain(
        `$ node goalie.js run --plan ${plans.Passing} --wait --timeout 2m --junit goalie-report.xml`,
      );
      const report = fs.readFileSync(path.join(job.cwd, 'goalie-report.xml'), 'utf8');
      expect(report).to.match(/<testsuites [^>]*tests="1" failures="0" errors="0"/);
      expect(report).to.contain('<testcase name="Home"');
      expect(await storedRun(startedRun(job))).to.deep.equal({
        trigger: 'REPOHOST',
        actor: 'ada',
        branch: 'feature/checkout',
        commit_hash: SHA,
        commit_message: 'Add the checkout page\n\nWith a summary of the cart.',
        repository: 'acme/shop',
        status: 'COMPLETED',
        result: 'PASSED',
      });
    });

    it('blocking, on a push to main: fails the job for a failing plan, with the failure in the JUnit report', async () => {
      const config = withTemplate(
        `goalie:\n  extends: .goalie-run\n  variables:\n    GOALIE_TEST_PLAN: ${plans.Failing}\n`,
      );
      const job = await run(config, 'goalie', { mr: false });
      expect(job.code, job.output).to.equal(1);
      const report = fs.readFileSync(path.join(job.cwd, 'goalie-report.xml'), 'utf8');
      expect(report).to.match(/<testsuites [^>]*tests="2" failures="1"/);
      expect(report).to.match(/<testcase name="Free shipping"[^>]*>\s*<failure message="[^"]*Free shipping/);
      expect(report).to.contain('<testcase name="Home"');
      expect(await storedRun(startedRun(job))).to.include({
        trigger: 'REPOHOST',
        branch: 'main',
        status: 'COMPLETED',
        result: 'FAILED',
      });
    });

    it('non-blocking: passes as soon as the run started, even when the run then fails', async () => {
      const config = withTemplate(
        `goalie:\n  extends: .goalie-run\n  variables:\n    GOALIE_TEST_PLAN: ${plans.Failing}\n    GOALIE_BLOCKING: "false"\n`,
      );
      const job = await run(config, 'goalie');
      expect(job.code, job.output).to.equal(0);
      expect(fs.existsSync(path.join(job.cwd, 'goalie-report.xml'))).to.equal(false);
      const shortId = startedRun(job);
      expect((await storedRun(shortId)).trigger).to.equal('REPOHOST');
      expect(await runEnded(shortId)).to.include({ status: 'COMPLETED', result: 'FAILED' });
    });

    it('an API problem (an unknown plan) fails the job with exit 2 and the API message', async () => {
      const config = withTemplate(
        `goalie:\n  extends: .goalie-run\n  variables:\n    GOALIE_TEST_PLAN: pln-nothing_000000\n`,
      );
      const job = await run(config, 'goalie');
      expect(job.code, job.output).to.equal(2);
      expect(job.stderr).to.match(/pln-nothing_000000/);
    });
  });

  describe('.goalie-run settings (a stub client shows the arguments)', () => {
    const stubCall = (cwd: string) =>
      JSON.parse(fs.readFileSync(path.join(cwd, 'goalie-stub.json'), 'utf8')) as StubCall;
    const stubSettings = () => ({ GOALIE_API_URL: `${files.url}/v1/`, GOALIE_API_TOKEN: 'goalie_stubtoken' });

    for (const shell of ['bash', 'dash'] as const) {
      it(`${shell}: blocking passes the plan, every application pair, --wait, --timeout and --junit; the client's exit code is the job's`, async () => {
        const config = withTemplate(
          `goalie:\n  extends: .goalie-run\n  variables:\n    GOALIE_TEST_PLAN: pln-smoke_4kq8z1\n    GOALIE_TIMEOUT: 45m\n    GOALIE_APPLICATIONS: |\n      app-web_1=https://mr-17.preview.example.com/?lang=en&x=*\n      app-admin_2=env-staging_3   app-api_4=https://api.example.com\n`,
        );
        const job = await run(config, 'goalie', { shell, settings: { ...stubSettings(), STUB_EXIT: '1' } });
        expect(job.code, job.output).to.equal(1);
        expect(files.requested).to.deep.equal(['/cli/goalie.js']);
        expect(stubCall(job.cwd)).to.deep.equal({
          argv: [
            'run',
            '--plan',
            'pln-smoke_4kq8z1',
            '--app',
            'app-web_1=https://mr-17.preview.example.com/?lang=en&x=*',
            '--app',
            'app-admin_2=env-staging_3',
            '--app',
            'app-api_4=https://api.example.com',
            '--wait',
            '--timeout',
            '45m',
            '--junit',
            'goalie-report.xml',
          ],
          env: { GOALIE_API_URL: `${files.url}/v1/`, GOALIE_API_TOKEN: 'goalie_stubtoken', GITLAB_CI: 'true' },
        });
      });

      it(`${shell}: non-blocking sends neither --wait nor --junit, and no plan means the default plan`, async () => {
        const config = withTemplate(`goalie:\n  extends: .goalie-run\n  variables:\n    GOALIE_BLOCKING: "false"\n`);
        const job = await run(config, 'goalie', { shell, settings: stubSettings() });
        expect(job.code, job.output).to.equal(0);
        expect(stubCall(job.cwd).argv).to.deep.equal(['run']);
      });
    }

    it('runs the downloaded client even where a package.json above the temp folder says "type": "module"', async () => {
      // A runner's TMPDIR can sit inside an ES-module project; the client is CommonJS, so it is saved as .cjs.
      const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'goalie-esm-'));
      fs.writeFileSync(path.join(tmp, 'package.json'), '{"type":"module"}');
      try {
        const config = withTemplate(`goalie:\n  extends: .goalie-run\n  variables:\n    GOALIE_BLOCKING: "false"\n`);
        const job = await run(config, 'goalie', { settings: { ...stubSettings(), TMPDIR: tmp } });
        expect(job.code, job.output).to.equal(0);
        expect(stubCall(job.cwd).argv).to.deep.equal(['run']);
      } finally {
        fs.rmSync(tmp, { recursive: true, force: true });
      }
    });

    it('uses a committed client (GOALIE_CLIENT_PATH) without downloading anything', async () => {
      const cwd = workdir();
      fs.mkdirSync(path.join(cwd, 'ci'));
      fs.writeFileSync(path.join(cwd, 'ci', 'goalie.cjs'), STUB_CLIENT);
      const config = withTemplate(
        `goalie:\n  extends: .goalie-run\n  variables:\n    GOALIE_CLIENT_PATH: ci/goalie.cjs\n`,
      );
      const job = await run(config, 'goalie', { cwd, settings: stubSettings() });
      expect(job.code, job.output).to.equal(0);
      expect(files.requested).to.deep.equal([]);
      expect(stubCall(cwd).argv).to.deep.equal(['run', '--wait', '--timeout', '30m', '--junit', 'goalie-report.xml']);
    });

    it('downloads a pinned client from GOALIE_CLIENT_URL', async () => {
      const config = withTemplate(
        `goalie:\n  extends: .goalie-run\n  variables:\n    GOALIE_CLIENT_URL: ${files.url}/pinned/0.1.0/goalie.js\n`,
      );
      const job = await run(config, 'goalie', {
        settings: { ...settings(), GOALIE_API_URL: 'https://goalie.example.com/v1' },
      });
      expect(job.code, job.output).to.equal(0);
      expect(files.requested).to.deep.equal(['/pinned/0.1.0/goalie.js']);
    });

    const problems: {
      name: string;
      variables?: string;
      settings?: Record<string, string>;
      code: number;
      message: RegExp;
      downloads: string[];
    }[] = [
      {
        name: 'no GOALIE_API_TOKEN',
        settings: { GOALIE_API_URL: 'http://127.0.0.1:1/v1' },
        code: 2,
        message: /GOALIE_API_TOKEN is not set\. .*Settings > CI\/CD > Variables.*protected variable/,
        downloads: [],
      },
      {
        name: 'no GOALIE_API_URL',
        settings: { GOALIE_API_TOKEN: 'goalie_x' },
        code: 2,
        message: /GOALIE_API_URL is not set\. Set it to your Goalie server's API address/,
        downloads: [],
      },
      {
        name: 'GOALIE_BLOCKING is neither true nor false',
        variables: '    GOALIE_BLOCKING: maybe\n',
        code: 2,
        message: /GOALIE_BLOCKING must be true or false, not "maybe"/,
        downloads: ['/cli/goalie.js'],
      },
      {
        name: 'a committed client that is not there',
        variables: '    GOALIE_CLIENT_PATH: ci/goalie.cjs\n',
        code: 2,
        message: /GOALIE_CLIENT_PATH is ci\/goalie\.cjs, but there is no such file/,
        downloads: [],
      },
      {
        name: 'no client at the URL (404)',
        variables: `    GOALIE_CLIENT_URL: FILES/missing/goalie.js\n`,
        code: 2,
        message:
          /could not download the client from http:\/\/127\.0\.0\.1:\d+\/missing\/goalie\.js \(HTTP 404\)\. Check GOALIE_API_URL/,
        downloads: ['/missing/goalie.js'],
      },
      {
        name: 'a sign-in page instead of the client',
        variables: `    GOALIE_CLIENT_URL: FILES/login/goalie.js\n`,
        code: 2,
        message: /the answer is an HTML page, not JavaScript/,
        downloads: ['/login/goalie.js'],
      },
    ];
    for (const problem of problems) {
      it(`says what to fix, with exit ${problem.code}: ${problem.name}`, async () => {
        const config = withTemplate(
          `goalie:\n  extends: .goalie-run\n  variables:\n    GOALIE_TEST_PLAN: pln-smoke_4kq8z1\n${(problem.variables ?? '').replace('FILES', files.url)}`,
        );
        const job = await run(config, 'goalie', { settings: problem.settings ?? stubSettings() });
        expect(job.code, job.output).to.equal(problem.code);
        expect(job.stderr).to.match(problem.message);
        expect(files.requested).to.deep.equal(problem.downloads);
      });
    }
  });

  describe('.goalie-review-request', () => {
    const notes = () => gitlab.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/notes'));

    it('posts "@goalie please review <URL>", the message and the CI tag on the merge request, with the project access token', async () => {
      const config = withTemplate(
        `goalie-review:\n  extends: .goalie-review-request\n  variables:\n    GOALIE_PREVIEW_URL: https://mr-$CI_MERGE_REQUEST_IID.preview.example.com\n    GOALIE_REVIEW_MESSAGE: "Focus on checkout.\\nLog in as demo@example.com."\n`,
      );
      const job = await run(config, 'goalie-review', { settings: { GOALIE_GITLAB_TOKEN: GITLAB_TOKEN } });
      expect(job.code, job.output).to.equal(0);
      expect(notes()).to.have.length(1);
      const [note] = notes();
      expect(note!.path).to.equal('/api/v4/projects/4242/merge_requests/17/notes');
      expect(note!.headers['private-token']).to.equal(GITLAB_TOKEN);
      expect(note!.headers['content-type']).to.equal('application/json');
      const { body } = JSON.parse(note!.body) as { body: string };
      expect(body).to.equal(
        `@goalie please review https://mr-17.preview.example.com\n\nFocus on checkout.\nLog in as demo@example.com.\n\n${CI_REQUEST_TAG}\n`,
      );
      // What Goalie reads from the note when GitLab delivers it: a review request of that URL, from CI.
      expect(findReviewRequest(body, '@goalie')).to.deep.equal({ url: 'https://mr-17.preview.example.com' });
      expect(job.stdout).to.match(
        /asked @goalie to review https:\/\/mr-17\.preview\.example\.com on !17: https:\/\/gitlab\.example\.com\/acme\/shop\/-\/merge_requests\/17#note_\d+/,
      );
    });

    it('dash: takes the preview URL from a dotenv variable and another mention, and retries when GitLab answers 502', async () => {
      gitlab.failNext = 1;
      const config = withTemplate(
        `goalie-review:\n  extends: .goalie-review-request\n  variables:\n    GOALIE_MENTION: review-bot\n`,
      );
      // Variables of a dotenv artifact reach the job like CI/CD variables, above the job's YAML variables.
      const job = await run(config, 'goalie-review', {
        shell: 'dash',
        settings: { GOALIE_GITLAB_TOKEN: GITLAB_TOKEN, GOALIE_PREVIEW_URL: 'https://preview-17.example.com/shop' },
      });
      expect(job.code, job.output).to.equal(0);
      expect(notes()).to.have.length(2);
      const { body } = JSON.parse(notes()[1]!.body) as { body: string };
      expect(body).to.equal(`@review-bot please review https://preview-17.example.com/shop\n\n${CI_REQUEST_TAG}\n`);
      expect(findReviewRequest(body, '@review-bot')).to.deep.equal({ url: 'https://preview-17.example.com/shop' });
    });

    const problems: {
      name: string;
      settings: Record<string, string>;
      mr?: boolean;
      message: RegExp;
      requests: number;
    }[] = [
      {
        name: 'no GOALIE_PREVIEW_URL',
        settings: { GOALIE_GITLAB_TOKEN: GITLAB_TOKEN },
        message: /GOALIE_PREVIEW_URL is not set\. Set it to the URL of the deployment to review/,
        requests: 0,
      },
      {
        name: 'a preview URL that is not a URL',
        settings: { GOALIE_GITLAB_TOKEN: GITLAB_TOKEN, GOALIE_PREVIEW_URL: 'mr-17.preview' },
        message: /GOALIE_PREVIEW_URL must be an http:\/\/ or https:\/\/ URL, not "mr-17\.preview"/,
        requests: 0,
      },
      {
        name: 'no GOALIE_GITLAB_TOKEN',
        settings: { GOALIE_PREVIEW_URL: 'https://p.example.com' },
        message:
          /GOALIE_GITLAB_TOKEN is not set\. Create a project access token with the api scope.*CI_JOB_TOKEN\) cannot write comments/,
        requests: 0,
      },
      {
        name: 'a wrong token (GitLab answers 401)',
        settings: { GOALIE_PREVIEW_URL: 'https://p.example.com', GOALIE_GITLAB_TOKEN: 'glpat-wrong' },
        message: /GitLab refused GOALIE_GITLAB_TOKEN \(401\)/,
        requests: 1,
      },
      {
        name: 'not a merge request pipeline',
        mr: false,
        settings: { GOALIE_PREVIEW_URL: 'https://p.example.com', GOALIE_GITLAB_TOKEN: GITLAB_TOKEN },
        message: /CI_MERGE_REQUEST_IID is not set: a review request needs a merge request pipeline/,
        requests: 0,
      },
    ];
    for (const problem of problems) {
      it(`fails with a clear message: ${problem.name}`, async () => {
        const config = withTemplate(`goalie-review:\n  extends: .goalie-review-request\n`);
        const job = await run(config, 'goalie-review', { settings: problem.settings, mr: problem.mr });
        expect(job.code, job.output).to.not.equal(0);
        expect(job.stderr).to.match(problem.message);
        expect(gitlab.requests).to.have.length(problem.requests);
      });
    }
  });

  describe('CI/CD components, with their inputs interpolated as GitLab does', () => {
    it('run: blocking, against a preview URL given as an input, in a job named by job_prefix', async () => {
      const config = withComponent(
        'run',
        `{ job_prefix: preview, test_plan: ${plans.Passing}, applications: "${appShortId}=${preview.url}", timeout: 2m }`,
      );
      const job = await run(config, 'preview-run');
      expect(job.code, job.output).to.equal(0);
      const shortId = startedRun(job);
      expect(await storedRun(shortId)).to.include({
        trigger: 'REPOHOST',
        branch: 'feature/checkout',
        status: 'COMPLETED',
        result: 'PASSED',
      });
      const [testCase] = await q(
        `SELECT rtc.environment_url FROM run_test_cases rtc JOIN runs r ON r.id = rtc.run_id WHERE r.short_id = $1`,
        [shortId],
      );
      expect(testCase.environment_url).to.equal(preview.url);
      expect(fs.readFileSync(path.join(job.cwd, 'goalie-report.xml'), 'utf8')).to.contain('<testcase name="Home"');
    });

    it('run: blocking false passes while a failing run goes on', async () => {
      const config = withComponent('run', `{ test_plan: ${plans.Failing}, blocking: false }`);
      const job = await run(config, 'goalie-run');
      expect(job.code, job.output).to.equal(0);
      expect(await runEnded(startedRun(job))).to.include({ result: 'FAILED' });
    });

    it('run: a given input wins over a CI/CD variable; an empty one leaves the variable in charge', async () => {
      const stub = { GOALIE_API_TOKEN: 'goalie_stubtoken' };
      // The global YAML variable would lose against a job variable: the component must not define GOALIE_API_URL itself.
      const globals = `variables:\n  GOALIE_API_URL: ${files.url}\n  GOALIE_TEST_PLAN: pln-global_1\n`;
      const fromVariables = await run(withComponent('run', `{ blocking: false }`, globals), 'goalie-run', {
        settings: stub,
      });
      expect(fromVariables.code, fromVariables.output).to.equal(0);
      const call = JSON.parse(fs.readFileSync(path.join(fromVariables.cwd, 'goalie-stub.json'), 'utf8')) as StubCall;
      expect(call.argv).to.deep.equal(['run', '--plan', 'pln-global_1']);
      expect(call.env.GOALIE_API_URL).to.equal(files.url);

      const fromInputs = await run(
        withComponent('run', `{ api_url: "${files.url}/v1", test_plan: pln-input_2, timeout: "90s" }`, globals),
        'goalie-run',
        { settings: stub },
      );
      expect(fromInputs.code, fromInputs.output).to.equal(0);
      const inputCall = JSON.parse(fs.readFileSync(path.join(fromInputs.cwd, 'goalie-stub.json'), 'utf8')) as StubCall;
      expect(inputCall.argv).to.deep.equal([
        'run',
        '--plan',
        'pln-input_2',
        '--wait',
        '--timeout',
        '90s',
        '--junit',
        'goalie-report.xml',
      ]);
      expect(inputCall.env.GOALIE_API_URL).to.equal(`${files.url}/v1`);
    });

    it('review-request: posts the note with the inputs, CI/CD variables in them expanded', async () => {
      const config = withComponent(
        'review-request',
        `{ job_prefix: ask, preview_url: "https://mr-$CI_MERGE_REQUEST_IID.preview.example.com", mention: "@qa-bot", message: "Check the cart." }`,
      );
      const job = await run(config, 'ask-review-request', {
        shell: 'dash',
        settings: { GOALIE_GITLAB_TOKEN: GITLAB_TOKEN },
      });
      expect(job.code, job.output).to.equal(0);
      expect(gitlab.requests.map((r) => r.path)).to.deep.equal(['/api/v4/projects/4242/merge_requests/17/notes']);
      expect(JSON.parse(gitlab.requests[0]!.body)).to.deep.equal({
        body: `@qa-bot please review https://mr-17.preview.example.com\n\nCheck the cart.\n\n${CI_REQUEST_TAG}\n`,
      });
    });

    it('review-request: without a preview URL, fails before calling GitLab', async () => {
      const job = await run(withComponent('review-request', '{}'), 'goalie-review-request', {
        settings: { GOALIE_GITLAB_TOKEN: GITLAB_TOKEN },
      });
      expect(job.code).to.not.equal(0);
      expect(job.stderr).to.match(/GOALIE_PREVIEW_URL is not set/);
      expect(gitlab.requests).to.deep.equal([]);
    });
  });
});
