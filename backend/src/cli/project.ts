// `goalie project list` and `goalie project show <slug>`: the UUID, short IDs and URLs a client needs,
// read from the server's database without applying a file again.
import { parseArgs } from 'node:util';
import { describeProject, listProjects, type ProjectDescription } from '../app/describe-project.js';
import { UsageError } from '../../../shared/src/cli/args.js';
import { withRuntime } from './with-runtime.js';

const SUBCOMMANDS = 'use `goalie project list [--json]` or `goalie project show <slug> [--json]`';

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return (
    rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')).join('\n') +
    '\n'
  );
}

export function describeProjectText(d: ProjectDescription, database: string): string {
  const mark = (isDefault: boolean) => (isDefault ? ' (default)' : '');
  const section = (title: string, items: { name: string; shortId: string; default?: boolean }[]) =>
    items.length
      ? [`${title}:`, ...items.map((i) => `  ${i.shortId}  ${i.name}${mark(i.default ?? false)}`)]
      : [`${title}: none`];
  const states = Object.entries(d.testCases);
  const lines = [
    `Project ${d.project.name} (slug ${d.project.slug}) of organization ${d.organization.name}, in ${database}`,
    `  UUID             ${d.project.id}`,
    `  API URL          ${d.apiUrl}   (GOALIE_API_URL; a token: goalie token create --project ${d.project.slug})`,
    `  legacy route     ${d.legacyRunsUrl}`,
    d.repository
      ? `  webhook          ${d.repository.webhookUrl}   (${d.repository.host} ${d.repository.repository}${d.repository.webhookError ? `; NOT set up: ${d.repository.webhookError}` : ''})`
      : '  webhook          none: the project has no repository (see docs/reviews.md)',
    `  test cases       ${states.length ? states.map(([state, n]) => `${n} ${state}`).join(', ') : 'none'}`,
    "  (the URLs start with GOALIE_PUBLIC_URL as this command sees it: run it with the server's settings)",
    '',
    ...section('Test plans', d.testPlans),
    'Applications:',
    ...(d.applications.length ? [] : ['  none']),
    ...d.applications.flatMap((a) => [
      `  ${a.shortId}  ${a.name}`,
      ...a.environments.map((e) => `    environment ${e.shortId}  ${e.name}  ${e.url}${mark(e.default)}`),
    ]),
    ...section('Configs', d.configs),
    ...section('Device presets', d.devicePresets),
    ...section('Scenarios', d.scenarios),
  ];
  return lines.join('\n') + '\n';
}

export async function projectCommand(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { json: { type: 'boolean' } },
  });
  switch (sub) {
    case 'list': {
      if (positionals.length) throw new UsageError(`project list takes no argument; ${SUBCOMMANDS}`);
      const { projects, database } = await withRuntime(
        async (rt, db) => ({ projects: await listProjects(rt.app), database: db.description }),
        { command: 'project list' },
      );
      if (values.json) {
        process.stdout.write(
          JSON.stringify(
            projects.map((p) => ({
              slug: p.slug,
              name: p.name,
              id: p.id,
              organization: { id: p.organizationId, name: p.organizationName },
            })),
            null,
            2,
          ) + '\n',
        );
      } else if (projects.length === 0) {
        process.stdout.write(
          `No project in ${database}. Declare one in a project YAML and run goalie apply (docs/projects-as-code.md).\n`,
        );
      } else {
        process.stdout.write(
          table([
            ['SLUG', 'PROJECT', 'ORGANIZATION', 'UUID'],
            ...projects.map((p) => [p.slug, p.name, p.organizationName, p.id]),
          ]),
        );
      }
      return 0;
    }
    case 'show': {
      const slug = positionals[0];
      if (!slug || positionals.length > 1)
        throw new UsageError(`project show needs one project slug (goalie project list shows them); ${SUBCOMMANDS}`);
      const { description, database } = await withRuntime(
        async (rt, db) => ({ description: await describeProject(rt.app, slug), database: db.description }),
        { command: 'project show' },
      );
      process.stdout.write(
        values.json ? JSON.stringify(description, null, 2) + '\n' : describeProjectText(description, database),
      );
      return 0;
    }
    default:
      throw new UsageError(SUBCOMMANDS);
  }
}
