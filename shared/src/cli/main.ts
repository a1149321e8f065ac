// `goalie run | status | rerun | test-case | cancel | apply | export`: the client commands, over the REST API.
// Everything outside (environment, output, files, clock) comes in through `io`.
import { ApiError } from '../client/api-error.js';
import { UsageError } from './args.js';
import { applyCommand } from './apply.js';
import { cancelCommand } from './cancel.js';
import { EXIT_OK, EXIT_USAGE } from './exit-codes.js';
import { exportCommand } from './export.js';
import type { ClientIo } from './io.js';
import { rerunCommand } from './rerun.js';
import { runCommand } from './run.js';
import { statusCommand } from './status.js';
import { testCaseCommand } from './test-case.js';
import { CLIENT_USAGE } from './usage.js';

export type { ClientIo } from './io.js';

type Command = (args: string[], io: ClientIo) => Promise<number>;

export const CLIENT_COMMANDS: Record<string, Command> = {
  run: runCommand,
  status: statusCommand,
  rerun: rerunCommand,
  'test-case': testCaseCommand,
  cancel: cancelCommand,
  apply: applyCommand,
  export: exportCommand,
};

/** Runs one client command and resolves with its exit code (0, 1 or 2); it never rejects. */
export async function runClientCli(argv: string[], io: ClientIo): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    (name ? io.stdout : io.stderr)(CLIENT_USAGE);
    return name ? EXIT_OK : EXIT_USAGE;
  }
  if (name === '--version' || name === 'version') {
    io.stdout(`${io.version ?? 'dev'}\n`);
    return EXIT_OK;
  }
  if (name === 'mcp') {
    io.stderr(
      'goalie mcp: the MCP server is not part of this single-file client. Run it from the Goalie package or image (goalie mcp --api-url URL --token TOKEN), or connect your agent to https://<your Goalie server>/mcp (docs/mcp.md).\n',
    );
    return EXIT_USAGE;
  }
  const command = CLIENT_COMMANDS[name];
  if (!command) {
    io.stderr(`goalie: unknown command ${JSON.stringify(name)}\n\n${CLIENT_USAGE}`);
    return EXIT_USAGE;
  }
  try {
    return await command(args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`goalie ${error.command ?? name}: ${error.message}\nSee: goalie ${error.command ?? name} --help\n`);
      return EXIT_USAGE;
    }
    if (error instanceof ApiError) {
      // A message of several lines (a project file's problems) keeps its last line to itself.
      const sep = error.message.includes('\n') ? '\n' : '';
      io.stderr(`goalie ${name}: ${error.message}${sep}${describeApiError(error)}\n`);
      return EXIT_USAGE;
    }
    // A bug of ours: say so, with the stack, and end as a tool that could not do its job.
    io.stderr(`goalie ${name}: unexpected error: ${(error as Error)?.stack ?? String(error)}\n`);
    return EXIT_USAGE;
  }
}

function describeApiError(error: ApiError): string {
  const parts = [
    error.status ? `HTTP ${error.status}` : '',
    error.requestId ? `request id ${error.requestId}` : '',
  ].filter(Boolean);
  return parts.length ? ` (${parts.join(', ')})` : '';
}
