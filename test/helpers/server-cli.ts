// A server command (`goalie apply`, `token`, `migrate`, ...) in this process: main() with the given
// environment laid over process.env and its stdout and stderr captured. Cheaper than a spawn (no Node
// start, no bundle load: seconds each on a busy machine) where what the command does is the point;
// test/integration/goalie-bin.test.ts proves how the spawned command starts.
import { main } from '../../backend/src/cli/main.js';
import type { Finished } from './processes.js';

export async function runServerCommand(argv: string[], env: Record<string, string> = {}): Promise<Finished> {
  const saved = Object.keys(env).map((key) => [key, process.env[key]] as const);
  Object.assign(process.env, env);
  let stdout = '';
  let stderr = '';
  const [out, err] = [process.stdout.write, process.stderr.write];
  process.stdout.write = (chunk: string | Uint8Array) => ((stdout += String(chunk)), true);
  process.stderr.write = (chunk: string | Uint8Array) => ((stderr += String(chunk)), true);
  try {
    return { code: await main(argv), stdout, stderr };
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
    for (const [key, value] of saved) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}
