// Someone signed out (or with no API token) asks for every address that takes a project slug or an
// ID, once with a thing that exists in a project without publicResults and once with one that does
// not: the two answers must be the same (status, Location, body once the ID is written the same), so
// nobody can tell which projects, runs, reviews, test cases, plans or repository connections exist.
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { shopProject } from '../fixtures/projects.js';
import { cookiesOf, formTokenIn, pageFetch } from '../helpers/dashboard.js';
import { sql, withProjectSetting } from '../helpers/project-yaml.js';
import { writeReview } from '../helpers/review-rows.js';
import { startTestService, type TestService } from '../helpers/service.js';

/** A missing ID of the same shape and length as `id`. */
function missingLike(id: string): string {
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) return randomUUID();
  return id.slice(0, -2) + (id.endsWith('zz') ? 'yy' : 'zz');
}

interface Probe {
  /** The address with `{id}` where the slug or ID goes. */
  path: string;
  /** The slug or ID of something that exists (in a project without publicResults). */
  id: string;
  method?: 'GET' | 'POST' | 'PATCH';
}

/** What a client can read of an answer, with the slug or ID written as `{id}`. */
async function answer(res: Response, id: string) {
  const hide = (text: string) => text.split(encodeURIComponent(id)).join('{id}').split(id).join('{id}');
  const body = hide(await res.text())
    // Each answer names its own request id.
    .replace(/request id [0-9a-f-]+/g, 'request id …')
    // Every page has a fresh form token.
    .replace(/name="token" value="[^"]+"/g, 'name="token" value="…"');
  return { status: res.status, location: hide(res.headers.get('location') ?? ''), body };
}

describe('signed out, nothing tells an existing project, run or test case from a missing one', function () {
  this.timeout(60_000);
  let service: TestService;
  let shop: ApplySummary;
  let probes: Probe[];

  before(async () => {
    service = await startTestService();
    shop = await service.apply(
      `${shopProject()}
repository:
  host: github
  url: "https://api.github.example"
  repository: acme/shop
  token: "ghp_unused"
  webhookSecret: "hook-secret-0123456789"
`,
    );
    // A public project beside it: its results are readable, which must not open the private ones.
    await service.apply(
      withProjectSetting(shopProject({ organization: 'Open', project: 'oss' }), 'publicResults: true'),
    );
    const run = (await service.client(await service.token('shop')).post('/v1/run', {})).body.run.shortId as string;
    const [ids] = await sql<{ run_id: string; run_test_case_id: string; test_case_id: string; plan: string }>(
      service,
      `SELECT r.id AS run_id, rtc.id AS run_test_case_id, rtc.test_case_id, tp.short_id AS plan
         FROM runs r JOIN run_test_cases rtc ON rtc.run_id = r.id JOIN test_plans tp ON tp.id = r.test_plan_id
        WHERE r.short_id = $1 LIMIT 1`,
      [run],
    );
    const connectionShortId = shop.repository!.shortId;
    const idOf = async (table: string, shortId: string) =>
      (await sql<{ id: string }>(service, `SELECT id FROM ${table} WHERE short_id = $1`, [shortId]))[0]!.id;
    const connection = {
      id: await idOf('repository_connections', connectionShortId),
      projectId: shop.project.id,
      repository: 'acme/shop',
    };
    const review = await writeReview(service, connection, { number: 7, status: 'COMPLETED', verdict: 'Approved' });
    const reviewId = await idOf('reviews', review);
    const { run_id: runId, run_test_case_id: rtcId, test_case_id: testCaseId, plan } = ids!;
    for (const key of [
      `runs/${runId}/${rtcId}/attempt-0/console.txt`,
      `reviews/${reviewId}/exploration/console.txt`,
      `generation/${testCaseId}/console.txt`,
    ])
      await service.runtime.evidence.put(key, 'evidence', 'text/plain', []);

    const slugPages = [
      '/p/{id}/runs',
      '/p/{id}/test-cases',
      '/p/{id}/plans',
      '/p/{id}/reviews',
      '/p/{id}/settings',
      '/p/{id}/settings/members',
      '/p/{id}/settings/repository',
      '/p/{id}/settings/api',
      '/p/{id}/settings/slack',
      '/p/{id}/settings/webhooks',
      '/p/{id}/settings/notifications',
      '/p/{id}/settings/project-file',
      '/p/{id}/export.yaml',
    ];
    const slugForms = [
      `/p/{id}/plans/${plan}/run`,
      '/p/{id}/settings/notifications',
      '/p/{id}/settings/members/00000000-0000-4000-8000-000000000000/role',
      '/p/{id}/settings/invitations',
      '/p/{id}/settings/repository',
      '/p/{id}/settings/api/tokens',
      '/p/{id}/settings/slack',
      '/p/{id}/settings/webhooks',
    ];
    probes = [
      ...slugPages.map((path) => ({ path, id: 'shop' })),
      ...slugForms.map((path) => ({ path, id: 'shop', method: 'POST' as const })),
      { path: '/runs/{id}', id: run },
      ...['cancel', 'rerun', 'rerun-failed'].map((a) => ({
        path: `/runs/{id}/${a}`,
        id: run,
        method: 'POST' as const,
      })),
      { path: '/reviews/{id}', id: review },
      { path: '/test-cases/{id}', id: testCaseId },
      { path: '/test-cases/{id}/edit', id: testCaseId },
      ...['enable', 'disable', 'edit', 'burn-in', 'run'].map((a) => ({
        path: `/test-cases/{id}/${a}`,
        id: testCaseId,
        method: 'POST' as const,
      })),
      { path: `/evidence/runs/{id}/${rtcId}/attempt-0/console.txt`, id: runId },
      { path: '/evidence/reviews/{id}/exploration/console.txt', id: reviewId },
      { path: '/evidence/generation/{id}/console.txt', id: testCaseId },
      { path: '/badges/{id}.svg', id: plan },
      { path: '/v1/run/{id}', id: run },
      { path: '/v1/run/{id}', id: run, method: 'POST' },
      { path: '/v1/run/{id}/cancel', id: run, method: 'POST' },
      { path: '/v1/test-cases/{id}', id: testCaseId },
      { path: '/v1/test-cases/{id}', id: testCaseId, method: 'PATCH' },
      { path: '/api/projects/{id}/runs', id: shop.project.id, method: 'POST' },
      { path: `/api/projects/${shop.project.id}/runs/{id}`, id: run },
      { path: '/webhooks/github/{id}', id: connectionShortId, method: 'POST' },
    ];
  });
  after(() => service.close());

  /** Asks for `probe` with its ID and with a missing one of the same shape; both answers. */
  async function both(probe: Probe, send: (path: string, method: string) => Promise<Response>) {
    const missing = missingLike(probe.id);
    const method = probe.method ?? 'GET';
    const existing = await answer(await send(probe.path.replace('{id}', probe.id), method), probe.id);
    const absent = await answer(await send(probe.path.replace('{id}', missing), method), missing);
    return { existing, absent };
  }

  it('a browser gets the same answer (sign in first), forms with a valid form token too', async () => {
    const signIn = await pageFetch(service, '/sign-in');
    const cookie = cookiesOf(signIn);
    const csrf = formTokenIn(await signIn.text());
    const told: string[] = [];
    for (const probe of probes) {
      const { existing, absent } = await both(probe, (path, method) =>
        pageFetch(service, path, method === 'GET' ? { cookie } : { method, cookie, csrf, form: {} }),
      );
      const what = `${probe.method ?? 'GET'} ${probe.path}`;
      if (JSON.stringify(absent) !== JSON.stringify(existing))
        told.push(`${what}: ${existing.status} when it exists, ${absent.status} when not`);
      else if (!/^\/(v1|api|webhooks|badges)\//.test(probe.path) && !existing.location.startsWith('/sign-in?next='))
        told.push(`${what}: ${existing.status}, not sent to sign in`);
    }
    expect(told).to.deep.equal([]);
  });

  it('a script (JSON) gets the same answer: 401 for pages and the API', async () => {
    const told: string[] = [];
    for (const probe of probes) {
      const { existing, absent } = await both(probe, (path, method) =>
        fetch(service.baseUrl + path, {
          method,
          headers: { accept: 'application/json', 'content-type': 'application/json', 'x-github-event': 'ping' },
          body: method === 'GET' ? undefined : '{}',
          redirect: 'manual',
        }),
      );
      const what = `${probe.method ?? 'GET'} ${probe.path}`;
      if (JSON.stringify(absent) !== JSON.stringify(existing))
        told.push(
          `${what}: ${existing.status} ${existing.body} when it exists, ${absent.status} ${absent.body} when not`,
        );
      else if (!probe.path.startsWith('/badges/') && existing.status !== 401)
        told.push(`${what}: ${existing.status}, not 401`);
    }
    expect(told).to.deep.equal([]);
  });

  it('a signed-out reader still reads the results of a project with publicResults', async () => {
    const run = (await service.client(await service.token('oss')).post('/v1/run', {})).body.run.shortId as string;
    const page = await pageFetch(service, `/runs/${run}`);
    expect(page.status).to.equal(200);
    expect(await page.text()).to.include(run);
    const [row] = await sql<{ run_id: string; id: string }>(
      service,
      'SELECT run_id, id FROM run_test_cases WHERE run_id = (SELECT id FROM runs WHERE short_id = $1) LIMIT 1',
      [run],
    );
    const key = `runs/${row!.run_id}/${row!.id}/attempt-0/console.txt`;
    await service.runtime.evidence.put(key, 'public evidence', 'text/plain', []);
    const evidence = await pageFetch(service, `/evidence/${key}`);
    expect(evidence.status).to.equal(200);
    expect(await evidence.text()).to.equal('public evidence');
  });
});
