// Every route the service's Koa app answers, read from its routers (so a new page is covered without
// editing a list), and the records that give their parameters real values.
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { shopProject } from '../fixtures/projects.js';
import { visitor, type Visitor } from './dashboard.js';
import type { TestService } from './service.js';

export interface AppRoute {
  method: string;
  /** As the router declares it: /p/:slug/runs, /evidence/*key, /badges/:shortId.svg */
  template: string;
}

interface RouterLayer {
  methods: string[];
  path: string;
}

/** Each method of each route of every router mounted on `koa` (HEAD, which every GET also answers, left out). */
export function appRoutes(koa: { middleware: readonly unknown[] }): AppRoute[] {
  const routers = koa.middleware.flatMap((m) => {
    const router = (m as { router?: { stack: RouterLayer[] } }).router;
    return router ? [router] : [];
  });
  if (!routers.length) throw new Error('No router is mounted on this Koa app: was it built by createHttpApp?');
  return routers.flatMap((router) =>
    router.stack.flatMap((layer) =>
      layer.methods.filter((m) => m !== 'HEAD').map((method) => ({ method, template: layer.path })),
    ),
  );
}

/** The template with each :name and *name replaced by value(name, template). */
export function fillPath(template: string, value: (name: string, template: string) => string): string {
  return template.replace(/[:*](\w+)/g, (_match, name: string) => value(name, template));
}

export interface RouteRecords {
  shop: ApplySummary;
  owner: Visitor;
  apiToken: string;
  run: { id: string; shortId: string };
  testCaseId: string;
  planShortId: string;
  /** A key for evidence of the run's first test case. */
  evidenceKey(name: string): string;
  /** The route's path with real records where it reads one (a stand-in elsewhere). */
  path(template: string): string;
}

/** The shop project with an owner, an API token, a run (queued on a service without workers) and its records. */
export async function routeRecords(service: TestService): Promise<RouteRecords> {
  const shop = await service.apply(shopProject());
  const owner = await visitor(service, { organizationId: shop.organization.id, role: 'owner' });
  const apiToken = await service.token('shop');
  const shortId = (await service.client(apiToken).post('/v1/run', {})).body.run.shortId as string;
  const [row] = await service.runtime.dataSource.query<{ run_id: string; id: string; test_case_id: string }[]>(
    `SELECT run_id, id, test_case_id FROM run_test_cases WHERE run_id = (SELECT id FROM runs WHERE short_id = $1) LIMIT 1`,
    [shortId],
  );
  const [plan] = await service.runtime.dataSource.query<{ short_id: string }[]>(
    `SELECT short_id FROM test_plans WHERE project_id = $1 ORDER BY name LIMIT 1`,
    [shop.project.id],
  );
  const run = { id: row!.run_id, shortId };
  const planShortId = plan!.short_id;
  const evidenceKey = (name: string) => `runs/${run.id}/${row!.id}/attempt-0/${name}`;
  const value = (name: string, template: string): string => {
    if (name === 'slug') return shop.project.slug;
    if (name === 'shortId') return /^\/(badges|p\/)/.test(template) ? planShortId : run.shortId;
    if (name === 'id' && template.includes('test-cases')) return row!.test_case_id;
    if (name === 'key') return evidenceKey('screenshot-final.jpg');
    if (name === 'name') return 'dashboard.css';
    if (name === 'provider') return 'github';
    if (name === 'projectUuid') return shop.project.id;
    return 'unknown';
  };
  return {
    shop,
    owner,
    apiToken,
    run,
    testCaseId: row!.test_case_id,
    planShortId,
    evidenceKey,
    path: (template) => fillPath(template, value),
  };
}
