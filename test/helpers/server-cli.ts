// A server command (`goalie apply`, `token`, `migrate`, ...) in this process: main() with the given
// environment laid over process.env and its stdout and stderr captured. Cheaper than a spawn (no Node
// start, no bundle load: seconds each on a busy machine) where what the command does is the point;
// test/integration/goalie-bin.test.ts proves how the spawned command starts.
import type { Finished } from './processes.js';

export async function runServerCommand(argv: string[], given: Record<string, string> = {}): Promise<Finished> {
  // As runGoalie: warnings only unless asked (logs go to fd 2 itself, past the captured stderr).
  const env = { LOG_LEVEL: 'warn', ...given };
  const saved = Object.keys(env).map((key) => [key, process.env[key]] as const);
  Object.assign(process.env, env);
  let stdout = '';
  let stderr = '';
  const [out, err] = [process.stdout.write, process.stderr.write];
  process.stdout.write = (chunk: string | Uint8Array) => ((stdout += String(chunk)), true);
  process.stderr.write = (chunk: string | Uint8Array) => ((stderr += String(chunk)), true);
  try {
    // Imported as the command imports its parts (import()): under mocha a static import here is
    // compiled to require(), and main's AppError and UsageError would be other classes than those its
    // commands throw, which a user's process never sees.
    const { main } = await import('../../backend/src/cli/main.js');
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
