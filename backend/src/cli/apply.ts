// `goalie apply <file.yaml> [--wait [--timeout 10m]] [--json]`: apply a project file to the database
// (named in the summary), then, with --wait, follow the burn-ins it queued and report those that failed.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatDuration, UsageError } from '../../../shared/src/cli/args.js';
import { burnInWait } from '../../../shared/src/cli/follow-burn-in.js';
import { loadProjectFile, ProjectFileError } from '../../../shared/src/project-file/load.js';
import {
  describeBurnIns,
  describeSummary,
  failedBefore,
  generating,
} from '../../../shared/src/project-file/apply-summary.js';
import { applyProject, ProjectInvalid, type ApplySummary } from '../app/apply-project.js';
import { liveWorkers, waitForBurnIns, type BurnInsOutcome } from '../app/wait-for-burn-ins.js';
import type { CoreRuntime } from '../main-core.js';
import { withRuntime, type DatabaseInUse } from './with-runtime.js';

const USAGE = 'usage: goalie apply <file.yaml> [--dry-run | --wait [--timeout 10m]] [--json] [--init]';

/**
 * Where the command wrote, said so that a new, unused embedded database cannot be missed. Without
 * --init there is none: where no database exists, apply refuses before it writes (with-runtime.ts).
 */
export function whereWritten(db: DatabaseInUse): string {
  return db.fresh ? `a new embedded database under ${db.embeddedHome}, which no running server uses` : db.description;
}

export interface Applied {
  rt: CoreRuntime;
  summary: ApplySummary;
  database: DatabaseInUse;
  /** Variables unset on this machine whose `${NAME:-default}` default was used. */
  defaulted: string[];
}

/**
 * Reads, checks and applies one project file, then runs `then` on the same runtime. Throws
 * ProjectFileError with positions on any problem; a file with a problem opens no database.
 */
export async function applyFile<T>(
  { file, init, dryRun = false }: { file: string; init?: boolean; dryRun?: boolean },
  then: (applied: Applied) => Promise<T>,
): Promise<T> {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(
      `cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    );
  }
  const loaded = loadProjectFile(path.relative(process.cwd(), file) || file, text);
  return withRuntime(
    async (rt, database) => {
      let summary: ApplySummary;
      try {
        summary = await applyProject(rt.app, loaded.doc, { dryRun });
      } catch (error) {
        if (error instanceof ProjectInvalid) throw loaded.fail(error.problems);
        throw error;
      }
      return then({ rt, summary, database, defaulted: loaded.defaulted });
    },
    { command: 'apply', init },
  );
}

interface ApplyFlags {
  file: string;
  json: boolean;
  waitMs: number | null;
  help: boolean;
  /** May create a new embedded database where none exists. */
  init: boolean;
  /** Print the plan; write nothing. */
  dryRun: boolean;
}

const HELP = `Usage: goalie apply <file.yaml> [--dry-run | --wait [--timeout 10m]] [--json] [--init]

Creates or updates an organization and its project from a YAML file, in the database of DATABASE_URL
or the embedded PostgreSQL of GOALIE_HOME (default ./.goalie of the directory it runs in). Where there
is no database (no DATABASE_URL, and none under GOALIE_HOME) it creates none and exits 2, unless
--init. The summary names the database and says what was created, changed, unchanged and left
alone (in the database, not in the file). New test cases, and
those whose goal or application changed, are queued for their burn-in, which a worker (goalie serve or
goalie worker) performs; burn-ins that failed before and were not queued again are named.

\${NAME} and \${NAME:-default} in the file are read from the environment of the machine that runs
goalie apply, not the server's; the summary names the variables that were unset and took their default.

  --dry-run            print what the apply would create, change and leave alone; change nothing
  --wait               wait for the burn-ins of the file's test cases; print each one that failed with
                       its message; exit 1 when one failed or the wait timed out
  --timeout DURATION   give up waiting after 90s, 10m, 1h, or N minutes (default 10m)
  --json               print every object (name, UUID, short ID, status), the database, the defaulted
                       variables and, with --wait, burnIns; stdout holds the JSON only
  --init               where GOALIE_HOME holds no database, create a new embedded one there (which no
                       running server uses) instead of refusing

With GOALIE_API_URL set or --api-url URL (and an API token of the admin scope: --token or
GOALIE_API_TOKEN), the file goes to that server's API instead, from any machine (--dry-run and --wait work there
too): see docs/cli.md and docs/projects-as-code.md.

See docs/commands.md and docs/projects-as-code.md.
`;

export function parseApplyArgs(args: string[]): ApplyFlags {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        json: { type: 'boolean' },
        wait: { type: 'boolean' },
        timeout: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        init: { type: 'boolean' },
        'dry-run': { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.help) return { file: '', json: false, waitMs: null, help: true, init: false, dryRun: false };
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new UsageError(USAGE);
  const waitMs = burnInWait('apply', values);
  if (values.wait && values['dry-run'])
    throw new UsageError('--dry-run queues no burn-in to wait for: leave out --wait, or --dry-run');
  return {
    file,
    json: values.json ?? false,
    waitMs,
    help: false,
    init: values.init ?? false,
    dryRun: values['dry-run'] ?? false,
  };
}

interface WaitReport {
  outcome: BurnInsOutcome | null;
  text: string;
}

/** --wait: follows the burn-ins of the file's test cases that are GENERATING; progress on stderr. */
async function waitAndReport(rt: CoreRuntime, summary: ApplySummary, waitMs: number): Promise<WaitReport> {
  const queued = generating(summary);
  if (!queued.length && !failedBefore(summary).length)
    return { outcome: null, text: 'No burn-in to wait for: every test case of the file has its steps recorded.\n' };
  const staleMs = rt.config.workerStaleMs;
  const err = (line: string) => process.stderr.write(line);
  if (queued.length && (await liveWorkers(rt.app, staleMs)) === 0) {
    err(
      `No worker is running on this database: burn-ins run only in goalie serve or goalie worker (with the same DATABASE_URL or GOALIE_HOME). Start one; waiting up to ${formatDuration(waitMs)}.\n`,
    );
  }
  const began = Date.now();
  let last = '';
  const outcome = await waitForBurnIns(
    rt.app,
    summary.project.id,
    summary.testCases.filter((t) => t.generationStatus !== 'COMPLETED').map((t) => t.id),
    {
      timeoutMs: waitMs,
      workerStaleMs: staleMs,
      onProgress: ({ done, failed, total }) => {
        const line = `burn-ins: ${done} of ${total} done${failed ? `, ${failed} failed` : ''}`;
        if (line !== last) err(`[${formatDuration(Date.now() - began)}] ${line}\n`);
        last = line;
      },
    },
  );
  return { outcome, text: describeBurnIns(outcome, formatDuration(Date.now() - began)) };
}

export async function applyCommand(args: string[]): Promise<number> {
  const flags = parseApplyArgs(args);
  if (flags.help) {
    process.stdout.write(HELP);
    return 0;
  }
  try {
    return await applyFile(flags, async ({ rt, summary, database: db, defaulted }) => {
      const database = whereWritten(db);
      const workers = generating(summary).length ? await liveWorkers(rt.app, rt.config.workerStaleMs) : null;
      const report = flags.waitMs === null ? null : await waitAndReport(rt, summary, flags.waitMs);
      if (flags.json) {
        const burnIns = report?.outcome
          ? {
              timedOut: report.outcome.timedOut,
              liveWorkers: report.outcome.liveWorkers,
              completed: report.outcome.completed.map((t) => ({ name: t.name, id: t.id })),
              failed: report.outcome.failed.map((t) => ({ name: t.name, id: t.id, error: t.generationError })),
              generating: report.outcome.generating.map((t) => ({ name: t.name, id: t.id })),
            }
          : null;
        const where = {
          dryRun: flags.dryRun,
          database,
          newEmbeddedDatabase: db.fresh,
          defaultedVariables: defaulted,
          liveWorkers: workers,
        };
        process.stdout.write(
          JSON.stringify({ ...summary, ...where, ...(flags.waitMs === null ? {} : { burnIns }) }, null, 2) + '\n',
        );
      } else {
        process.stdout.write(
          describeSummary(flags.file, summary, {
            database,
            defaulted,
            workers,
            waiting: flags.waitMs !== null,
            dryRun: flags.dryRun,
          }),
        );
        if (report) process.stdout.write('\n' + report.text);
        else if (!flags.dryRun && generating(summary).length)
          process.stdout.write(`  To wait for them and see the ones that failed: goalie apply ${flags.file} --wait\n`);
      }
      // The webhook is the one part that talks to another system: say it failed in the exit code too.
      const webhookFailed = summary.repository !== null && !summary.repository.webhook.ok;
      const burnInsFailed = report?.outcome ? report.outcome.failed.length > 0 || report.outcome.timedOut : false;
      return webhookFailed || burnInsFailed ? 1 : 0;
    });
  } catch (error) {
    if (error instanceof ProjectFileError) {
      process.stderr.write(error.message + '\n');
      return 2;
    }
    throw error;
  }
}
