// `goalie export <project> [--output FILE]` on the server: the project, from its database, as the
// project file that recreates it (the dashboard's "Download as YAML"). With GOALIE_API_URL or
// --api-url, main.ts runs the client's export instead, over the API.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { UsageError } from '../../../shared/src/cli/args.js';
import { exportProjectYaml } from '../app/export-project.js';
import { findProject } from '../app/tokens.js';
import { withRuntime } from './with-runtime.js';

export async function exportCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { output: { type: 'string' } },
  });
  const [slugOrName, ...rest] = positionals;
  if (!slugOrName || rest.length)
    throw new UsageError('give one project: goalie export <project slug or name> [--output FILE]');
  const text = await withRuntime(async (rt) => exportProjectYaml(rt.app, await findProject(rt.app, slugOrName)), {
    command: 'export',
  });
  if (values.output) {
    fs.writeFileSync(values.output, text);
    process.stderr.write(`Wrote ${values.output}.\n`);
  } else process.stdout.write(text);
  return 0;
}
