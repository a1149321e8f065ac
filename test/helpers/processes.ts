// Running the `goalie` command as a user would, and waiting on its output with a deadline.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const GOALIE_BIN = path.resolve('bin/goalie.js');

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `cwd`: the directory it runs in (default the test's own). */
export function runGoalie(
  args: string[],
  env: Record<string, string>,
  timeoutMs = 60_000,
  cwd?: string,
): Promise<Finished> {
  return runProcess(process.execPath, [GOALIE_BIN, ...args], {
    cwd,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    timeoutMs,
    name: `goalie ${args.join(' ')}`,
  });
}

/** Any command to its end, with its output; killed and rejected at the deadline. */
export function runProcess(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number; name?: string } = {},
): Promise<Finished> {
  const { cwd, env = process.env, timeoutMs = 60_000, name = `${command} ${args.join(' ')}` } = options;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not finish in ${timeoutMs} ms\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export interface Running {
  child: ChildProcess;
  output(): string;
  /** Resolves when the output matches, rejects at the deadline or when the process exits first. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  stop(): Promise<number | null>;
}

export function startGoalie(args: string[], env: Record<string, string>): Running {
  const child = spawn(process.execPath, [GOALIE_BIN, ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const l of listeners) l();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return {
    child,
    output: () => output,
    waitFor(pattern, timeoutMs = 90_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = output.match(pattern);
          if (match) {
            cleanup();
            resolve(match);
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no ${pattern} in the output within ${timeoutMs} ms:\n${output}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        void exited.then((code) => {
          if (listeners.has(check)) {
            cleanup();
            reject(new Error(`goalie exited (${code}) before printing ${pattern}:\n${output}`));
          }
        });
        check();
      });
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
