// A ClientIo for running the client CLI in-process: captured stdout and stderr, the given
// environment, real files, and the real clock unless a test passes its own.
import fs from 'node:fs';
import type { ClientIo } from '../../shared/src/cli/io.js';
import { runClientCli } from '../../shared/src/cli/main.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function captureIo(
  env: Record<string, string | undefined>,
  overrides: Partial<ClientIo> = {},
): { io: ClientIo; stdout: () => string; stderr: () => string } {
  let out = '';
  let err = '';
  const io: ClientIo = {
    env,
    stdout: (text) => void (out += text),
    stderr: (text) => void (err += text),
    readFile: (path) => fs.readFileSync(path, 'utf8'),
    writeFile: (path, text) => fs.writeFileSync(path, text),
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    version: 'test',
    ...overrides,
  };
  return { io, stdout: () => out, stderr: () => err };
}

/** `goalie <argv...>` in this process. */
export async function runCli(
  argv: string[],
  env: Record<string, string | undefined>,
  overrides: Partial<ClientIo> = {},
): Promise<CliResult> {
  const { io, stdout, stderr } = captureIo(env, overrides);
  const code = await runClientCli(argv, io);
  return { code, stdout: stdout(), stderr: stderr() };
}
