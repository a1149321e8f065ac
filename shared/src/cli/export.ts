// `goalie export [<project>] [--output FILE]`: the token's project as the project file that recreates
// it, from GET /v1/project-file (admin scope).
import { parseCommandArgs, UsageError } from './args.js';
import { connect } from './connection.js';
import { EXIT_OK } from './exit-codes.js';
import type { ClientIo } from './io.js';
import { COMMAND_HELP } from './usage.js';

export async function exportCommand(args: string[], io: ClientIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('export', args, { output: { type: 'string' } });
  if (values.help) {
    io.stdout(COMMAND_HELP.export);
    return EXIT_OK;
  }
  if (positionals.length > 1)
    throw new UsageError(`unexpected argument ${JSON.stringify(positionals[1])}; export takes one project`, 'export');
  const client = connect('export', values, io);
  const exported = await client.exportProjectFile();
  const { slug, name } = exported.project;
  // The token decides the project; a project named here is a check that it is the one meant.
  const named = positionals[0];
  if (named && named !== slug && named !== name)
    throw new UsageError(
      `the token belongs to project ${slug}, not ${JSON.stringify(named)}: use a token of that project, or leave the project out`,
      'export',
    );
  if (values.output) {
    io.writeFile(values.output, exported.text);
    io.stderr(`Wrote ${values.output} (project ${slug}).\n`);
  } else if (values.json) io.stdout(JSON.stringify(exported, null, 2) + '\n');
  else io.stdout(exported.text);
  return EXIT_OK;
}
