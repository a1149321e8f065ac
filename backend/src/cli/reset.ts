// `goalie reset [--yes]`: removes a GOALIE_HOME and its embedded PostgreSQL, also where the cluster
// lives outside the home (as root, /var/lib/goalie: see persistence/embedded-home.ts), which
// removing the directory by hand leaves behind for good.
//
// Everything it is given is checked before anything goes: GOALIE_HOME must look like a home Goalie
// made (an rm of whatever a variable names would be a disaster), the cluster must be this home's,
// no PostgreSQL may run on it, and the person types the home's path (or says --yes).
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { UsageError } from '../../../shared/src/cli/args.js';
import { loadConfig } from '../config.js';
import {
  clusterPostmaster,
  embeddedDatabaseDir,
  findCluster,
  HOME_ENTRIES,
  isGoalieHome,
  removeHome,
  type HomeRemoval,
} from '../persistence/embedded-home.js';

/** Pure: whether the typed answer confirms removing `home` (its path exactly, as printed). */
export function confirms(answer: string | null, home: string): boolean {
  return answer !== null && answer.replace(/\r?\n$/, '').trim() === home;
}

/** One line from stdin, or null at its end (stdin closed, or not a terminal and empty). */
async function readAnswer(): Promise<string | null> {
  const lines = readline.createInterface({ input: process.stdin, terminal: false });
  try {
    for await (const line of lines) return line;
    return null;
  } finally {
    lines.close();
  }
}

/** What goalie reset is about to remove, said before it asks. */
export function describePlan(home: string, parts: string[], outside: string | null): string {
  const where = outside ? ` and its embedded PostgreSQL cluster in ${outside}` : '';
  const what = fs.existsSync(home)
    ? `GOALIE_HOME ${home} (${parts.join(', ') || 'empty'})${where}`
    : `the embedded PostgreSQL cluster in ${outside} of GOALIE_HOME ${home}, which is gone`;
  return `goalie reset removes ${what}: every project, run, user and secret kept there.\n`;
}

function describeRemoval(home: string, r: HomeRemoval): string {
  const lines = [`Removed GOALIE_HOME ${home}${r.homeRemoved ? '' : ` (Goalie's part: ${r.removed.join(', ')})`}.`];
  if (r.cluster) lines.push(`Removed its embedded PostgreSQL cluster in ${r.cluster}.`);
  if (r.left.length) lines.push(`Left what Goalie did not make there, and so the directory: ${r.left.join(', ')}.`);
  if (r.untrusted)
    lines.push(
      `Left alone ${r.untrusted}, which postgres/postgres.json named as the cluster: it is not where this home's cluster can be.`,
    );
  return lines.join('\n') + '\n';
}

export async function resetCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { yes: { type: 'boolean' } } });
  const config = loadConfig();
  const home = config.home;
  if (config.databaseUrl)
    throw new UsageError(
      `DATABASE_URL is set, so the data is in that PostgreSQL and not under GOALIE_HOME ${home}; goalie reset removes only an embedded home, and removing ${home} alone would lose the secret key of that database's secrets. Drop that database with PostgreSQL's tools, or unset DATABASE_URL to reset the home.`,
    );
  const dir = embeddedDatabaseDir(home);
  const cluster = findCluster(dir);
  const outside = cluster.outside ? cluster.dataDir : null;
  if (!fs.existsSync(home) && !outside) {
    process.stdout.write(`There is no GOALIE_HOME ${home}: nothing to remove.\n`);
    return 0;
  }
  if (fs.existsSync(home) && !isGoalieHome(home))
    throw new UsageError(
      `${home} does not look like a GOALIE_HOME (it has neither postgres/postgres.json nor secret.key): nothing was removed. Check GOALIE_HOME.`,
    );
  const postmaster = clusterPostmaster(dir);
  if (postmaster)
    throw new UsageError(
      `The embedded PostgreSQL of GOALIE_HOME ${home} is running (pid ${postmaster.pid}, port ${postmaster.port}): a Goalie process uses it. Stop goalie serve, goalie worker and any other goalie command on this home (PostgreSQL stops with the last of them), then run goalie reset again; nothing was removed. If no Goalie process runs, one that was killed left PostgreSQL running: stop it with kill -INT ${postmaster.pid}.`,
    );

  const parts = HOME_ENTRIES.filter((name) => fs.existsSync(path.join(home, name)));
  process.stdout.write(describePlan(home, parts, outside));
  if (!values.yes) {
    process.stderr.write(`Type the home's path to remove it (${home}): `);
    if (!confirms(await readAnswer(), home))
      throw new UsageError(
        `the answer was not the home's path: nothing was removed. Type ${home} exactly, or run goalie reset --yes.`,
      );
  }
  process.stdout.write(describeRemoval(home, removeHome(home)));
  return 0;
}
