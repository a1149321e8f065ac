// How fast the `goalie` command starts for client commands (issue 16, target under 300 ms on a quiet
// machine): wall time of `node bin/goalie.js --version` and `goalie status --help`, median of several
// spawns, with the prebuilt client bundle fresh (one spawn first builds it when it is not), beside
// `node -e 0`, which is Node's own start on this machine, and `goalie --help`, which still compiles
// the server's sources. Standalone: `tsx test/bench/cli-start.ts`.
import { spawnSync } from 'node:child_process';
import { GOALIE_BIN } from '../helpers/processes.js';
import { runStandalone } from './standalone.js';

const SAMPLES = Number(process.env.BENCH_CLI_SAMPLES ?? 9);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function wallMs(args: string[]): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, GOALIE_API_URL: '', GOALIE_API_TOKEN: '' },
  });
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return ms;
}

function figure(args: string[], count = SAMPLES) {
  const samples = Array.from({ length: count }, () => wallMs(args));
  return {
    medianMs: Math.round(median(samples)),
    minMs: Math.round(Math.min(...samples)),
    maxMs: Math.round(Math.max(...samples)),
    samples: count,
  };
}

export async function measureCliStart() {
  wallMs([GOALIE_BIN, '--version']); // builds the bundle when the sources changed since it was built
  const version = figure([GOALIE_BIN, '--version']);
  const statusHelp = figure([GOALIE_BIN, 'status', '--help']);
  const nodeItself = figure(['-e', '0']);
  return {
    version,
    statusHelp,
    nodeItself,
    // What goalie adds to Node's own start: on a busy machine the figure to compare with the target.
    versionOverNodeMs: version.medianMs - nodeItself.medianMs,
    // For comparison, a command that still runs the sources through tsx (`goalie --help`: the server's usage).
    helpFromSources: figure([GOALIE_BIN, '--help'], 3),
    target: 300,
  };
}

runStandalone(import.meta.url, 'cliStartMs', measureCliStart);
