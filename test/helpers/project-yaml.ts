// Small helpers the integration tests share: variations of a project YAML, and SQL against the
// test's own database (what got stored, or not).
import type { TestService } from './service.js';

/** Adds `line` (e.g. `suspended: true`) to the `organization:` block of a project YAML. */
export function withOrganizationSetting(yaml: string, line: string): string {
  const out = yaml.replace(/^organization:\n( {2}name: .*)$/m, `organization:\n$1\n  ${line}`);
  if (out === yaml) throw new Error('No organization block found in the project YAML.');
  return out;
}

/** Adds `line` (e.g. `sshTunnelProxy: true`) to the `project:` block of a project YAML. */
export function withProjectSetting(yaml: string, line: string): string {
  const out = yaml.replace(/^project:\n( {2}name: .*)$/m, `project:\n$1\n  ${line}`);
  if (out === yaml) throw new Error('No project block found in the project YAML.');
  return out;
}

/** A project with one application and one test case, and no test plan at all. */
export function planlessProject(options: { organization: string; project: string }): string {
  return `
organization:
  name: ${options.organization}
project:
  name: ${options.project}
applications:
  - name: site
    environments:
      - name: production
        url: https://site.example.com
testCases:
  - name: Home page
    application: site
    goal: Go to /
`;
}

/**
 * A project testing one site (application Site, its default environment `siteUrl`): the test
 * cases as given, each in a plan of its own named like it, the first plan the default.
 */
export function siteProject(
  name: string,
  siteUrl: string,
  testCases: { name: string; goal: string; expectedResult: string }[],
): string {
  const cases = testCases.map(
    (t) => `  - name: ${t.name}\n    application: Site\n    goal: ${t.goal}\n    expectedResult: "${t.expectedResult}"`,
  );
  const plans = testCases.map(
    (t, i) => `  - name: ${t.name}\n${i === 0 ? '    default: true\n' : ''}    testCases: [${t.name}]`,
  );
  return `
organization: { name: ${name} }
project: { name: ${name.toLowerCase()} }
applications:
  - name: Site
    environments: [{ name: local, url: "${siteUrl}", default: true }]
testCases:
${cases.join('\n')}
testPlans:
${plans.join('\n')}
`;
}

/** Rows of a query against the service's own database. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of arbitrary SQL
export async function sql<T = Record<string, any>>(
  service: TestService,
  query: string,
  params: unknown[] = [],
): Promise<T[]> {
  return await service.runtime.dataSource.query<T[]>(query, params);
}

export async function countRuns(service: TestService, projectId: string): Promise<number> {
  const [row] = await sql<{ n: number }>(service, 'SELECT count(*)::int AS n FROM runs WHERE project_id = $1', [
    projectId,
  ]);
  return row!.n;
}

/** Every error body is exactly `{ message }`, a non-empty sentence without internals. */
export function errorMessage(body: unknown): string {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new Error(`Expected an error object, got ${JSON.stringify(body)}`);
  const keys = Object.keys(body);
  if (keys.length !== 1 || keys[0] !== 'message')
    throw new Error(`Expected exactly { message }, got ${JSON.stringify(body)}`);
  const message = (body as { message: unknown }).message;
  if (typeof message !== 'string' || message.trim() === '')
    throw new Error(`Expected a non-empty message, got ${JSON.stringify(body)}`);
  return message;
}
