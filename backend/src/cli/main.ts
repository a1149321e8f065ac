// `goalie <command>`: server commands live here; client commands (run, status, ...) come from shared/.
import { CLIENT_COMMANDS, runClientCli } from '../../../shared/src/cli/main.js';
import { processIo } from '../../../shared/src/cli/process-io.js';
import { CLIENT_COMMANDS_USAGE } from '../../../shared/src/cli/usage.js';
import { UsageError } from '../../../shared/src/cli/args.js';
import { AppError } from '../app/errors.js';
import { ConfigurationError } from '../configuration-error.js';
import { goalieVersion } from '../version.js';

export const USAGE = `Usage: goalie <command> [options]

Server commands:
  serve                         API, worker and scheduler in one process (PORT, default 8080)
  worker                        a worker (and the scheduler) only, sharing serve's database
  migrate                       apply pending database migrations and exit
  reset [--yes]                 remove GOALIE_HOME and its embedded PostgreSQL, wherever its cluster
                                lives; asks to type the home's path unless --yes
  apply <file.yaml> [--dry-run | --wait [--timeout 10m]] [--init] [--json]
                                create or update an organization and its project from YAML;
                                --dry-run prints the plan only; --wait waits for the burn-ins
                                (with GOALIE_API_URL or --api-url: over the API, see below)
  export <project> [--output FILE]
                                the project as the YAML file that recreates it
  project list [--json]         every project: slug, name, organization, UUID
  project show <slug> [--json]  a project's UUID, short IDs (plans, applications, environments,
                                configs, device presets), legacy route URL and webhook URL
  token create --project <name> [--name <label>] [--scope run|plan|admin] [--json]
                                create an API token (shown once); plan also plans, admin
                                also applies the project YAML over the API
  token list --project <name> [--json]
  token revoke <token prefix>
  user create --email <address> [--name <name>] [--admin] [--password-stdin] [--init] [--json]
                                a dashboard user; prints a link to choose the password
  user list [--json]
  user reset-link --email <address> [--json]
                                a link that sets a new password (valid 24 hours, once)

Where GOALIE_HOME holds no database (and DATABASE_URL is unset), only serve creates one; worker,
migrate, apply and user create do with --init; the others refuse (exit 2). See docs/commands.md.

${CLIENT_COMMANDS_USAGE}
Server environment: GOALIE_HOME (default ./.goalie), DATABASE_URL (default: embedded PostgreSQL),
PORT, GOALIE_PUBLIC_URL, GOALIE_SECRET_KEY, LOG_LEVEL. See docs/commands.md and docs/cli.md.
`;

type Command = (args: string[]) => Promise<number>;

// Loaded when called: `goalie --help` and a mistyped command need none of the server.
const COMMANDS: Record<string, Command> = {
  serve: async () => (await import('./serve.js')).serveCommand(),
  migrate: async (args) => (await import('./migrate.js')).migrateCommand(args),
  apply: async (args) => (await import('./apply.js')).applyCommand(args),
  project: async (args) => (await import('./project.js')).projectCommand(args),
  token: async (args) => (await import('./token.js')).tokenCommand(args),
  user: async (args) => (await import('./user.js')).userCommand(args),
  worker: async (args) => (await import('./worker.js')).workerCommand(args),
  reset: async (args) => (await import('./reset.js')).resetCommand(args),
  export: async (args) => (await import('./export.js')).exportCommand(args),
};

/** Commands that work on the server's database, or over the API when a server is named. */
const LOCAL_OR_API = new Set(['apply', 'export']);

/** `--api-url` given, or GOALIE_API_URL set: the command goes through the server's API. */
export function overApi(args: string[], env: Record<string, string | undefined>): boolean {
  return Boolean(env.GOALIE_API_URL) || args.some((a) => a === '--api-url' || a.startsWith('--api-url='));
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    process.stdout.write(USAGE);
    return name ? 0 : 2;
  }
  if (name === '--version' || name === 'version') {
    process.stdout.write(`${goalieVersion()}\n`);
    return 0;
  }
  // run, status, rerun, test-case, cancel: the same client as the bundled goalie.js; apply and
  // export too when a server is named.
  if (name in CLIENT_COMMANDS && (!LOCAL_OR_API.has(name) || overApi(args, process.env)))
    return runClientCli(argv, processIo(goalieVersion()));
  // The MCP server over stdio: a client of the API as well (bin/goalie.js starts it without this file).
  if (name === 'mcp')
    return (await import('../../../shared/src/mcp/stdio.js')).mcpCommand(args, processIo(goalieVersion()));
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`goalie: unknown command ${JSON.stringify(name)}\n\n${USAGE}`);
    return 2;
  }
  // `apply` has a longer help of its own; the others answer with their lines of USAGE.
  if (name !== 'apply' && (args.includes('--help') || args.includes('-h'))) {
    process.stdout.write(commandUsage(name));
    return 0;
  }
  try {
    return await command(args);
  } catch (error) {
    if (error instanceof AppError || error instanceof UsageError) {
      process.stderr.write(`goalie ${name}: ${error.message}\n`);
      return 2;
    }
    // node:util parseArgs: an unknown option, a missing value, a stray argument.
    if (String((error as { code?: string })?.code).startsWith('ERR_PARSE_ARGS_')) {
      process.stderr.write(`goalie ${name}: ${(error as Error).message}\n\n${commandUsage(name)}`);
      return 2;
    }
    if (error instanceof ConfigurationError) {
      process.stderr.write(`goalie ${name}: ${error.message}\n`);
      return 1;
    }
    process.stderr.write(`goalie ${name}: ${(error as Error)?.stack ?? String(error)}\n`);
    return 1;
  }
}

/** The lines of USAGE about one server command (with their continuation lines). */
export function commandUsage(name: string): string {
  const lines = USAGE.split('\n');
  const picked: string[] = [];
  let inside = false;
  for (const line of lines) {
    if (/^ {2}\S/.test(line)) inside = line.startsWith(`  ${name} `) || line === `  ${name}`;
    else if (!/^ {3,}\S/.test(line)) inside = false;
    if (inside) picked.push(line);
  }
  return `Usage:\n${picked.join('\n')}\n`;
}
