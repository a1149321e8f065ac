// The repository as an npm package, the way a user gets it without a registry package of ours:
// `npm pack` of the checkout (what `npm install git+https://...` packs too), a tarball they install.
// Child processes get an environment without npm's `npm_*` variables, so an `npm test` around the
// suite does not hand its own prefix and settings to the npm the test starts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runProcess, type Finished } from './processes.js';

export const REPOSITORY = path.resolve('.');
export const VERSION = (
  JSON.parse(fs.readFileSync(path.join(REPOSITORY, 'package.json'), 'utf8')) as { version: string }
).version;

/** The test process's environment without npm's variables and without Goalie's bundle settings. */
export function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env))
    if (!name.toLowerCase().startsWith('npm_') && !name.startsWith('GOALIE_')) env[name] = value;
  return env;
}

/** A command in `cwd` with the clean environment. */
export const run = (command: string, args: string[], cwd: string, timeoutMs = 60_000): Promise<Finished> =>
  runProcess(command, args, { cwd, env: cleanEnv(), timeoutMs });

/** A new temporary directory (never /tmp itself: nothing may create /tmp/node_modules). */
export const temporaryDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

export interface Packed {
  /** The tarball's absolute path. */
  tarball: string;
  /** The paths inside the package (package.json, bin/goalie.js, ...). */
  files: string[];
}

/** `npm pack` of the checkout into `destination`; no lifecycle scripts. */
export async function packRepository(destination: string): Promise<Packed> {
  const packed = await run(
    'npm',
    ['pack', '--json', '--ignore-scripts', '--pack-destination', destination],
    REPOSITORY,
    120_000,
  );
  if (packed.code !== 0) throw new Error(`npm pack failed (${packed.code}):\n${packed.stderr}`);
  const [info] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
  return { tarball: path.join(destination, info!.filename), files: info!.files.map((file) => file.path) };
}
