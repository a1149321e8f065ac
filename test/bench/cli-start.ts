// How fast the `goalie` command starts: client commands (issue 16, target under 300 ms on a quiet
// machine: `goalie --version`, `goalie status --help`) from the client bundle, and server commands
// (issue 27, target under 500 ms: `goalie --help`, `goalie token create --help`) from the server
// bundle; wall time, median of several spawns, with both bundles fresh (a spawn first builds one that
// is not), beside `node -e 0`, which is Node's own start on this machine. `tokenListLoad`: a server
// command that loads the server's core (database, queue, use cases) and stops where the database
// would be opened (an empty GOALIE_HOME): the cost every short server command pays before its work.
// Standalone: `tsx test/bench/cli-start.ts`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GOALIE_BIN } from '../helpers/processes.js';
import { runStandalone } from './standalone.js';

const SAMPLES = Number(process.env.BENCH_CLI_SAMPLES ?? 9);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** `refusal`: the command is expected to fail with this on stderr (and nothing else). */
function wallMs(args: string[], env: Record<string, string> = {}, refusal?: RegExp): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, GOALIE_API_URL: '', GOALIE_API_TOKEN: '', ...env },
  });
  const ms = performance.now() - started;
  const asExpected = refusal ? result.status !== 0 && refusal.test(String(result.stderr)) : result.status === 0;
  if (!asExpected) throw new Error(`node ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return ms;
}

function figure(args: string[], count = SAMPLES, env: Record<string, string> = {}, refusal?: RegExp) {
  const samples = Array.from({ length: count }, () => wallMs(args, env, refusal));
  return {
    medianMs: Math.round(median(samples)),
    minMs: Math.round(Math.min(...samples)),
    maxMs: Math.round(Math.max(...samples)),
    samples: count,
  };
}

export async function measureCliStart() {
  // Builds each bundle when the sources changed since it was built.
  wallMs([GOALIE_BIN, '--version']);
  wallMs([GOALIE_BIN, '--help']);
  const version = figure([GOALIE_BIN, '--version']);
  const statusHelp = figure([GOALIE_BIN, 'status', '--help']);
  const help = figure([GOALIE_BIN, '--help']);
  const tokenCreateHelp = figure([GOALIE_BIN, 'token', 'create', '--help']);
  const emptyHome = fs.mkdtempSync(path.join(os.tmpdir(), 'goalie-bench-home-'));
  const tokenListLoad = figure(
    [GOALIE_BIN, 'token', 'list', '--project', 'demo'],
    SAMPLES,
    { GOALIE_HOME: emptyHome, DATABASE_URL: '' },
    /There is no Goalie database/,
  );
  fs.rmSync(emptyHome, { recursive: true, force: true });
  const nodeItself = figure(['-e', '0']);
  return {
    version,
    statusHelp,
    help,
    tokenCreateHelp,
    tokenListLoad,
    nodeItself,
    // What goalie adds to Node's own start: on a busy machine the figures to compare with the targets.
    versionOverNodeMs: version.medianMs - nodeItself.medianMs,
    helpOverNodeMs: help.medianMs - nodeItself.medianMs,
    // The same server command from the TypeScript sources through tsx, as it started before the bundle.
    helpFromSources: figure([GOALIE_BIN, '--help'], 3, { GOALIE_FROM_SOURCES: '1' }),
    target: { clientCommands: 300, serverCommands: 500 },
  };
}

runStandalone(import.meta.url, 'cliStartMs', measureCliStart);
