// The client CLI, prebuilt: `goalie run | status | rerun | test-case | cancel | --version` run the
// same bundle GET /cli/goalie.js serves (backend/src/http/cli-bundle.ts), kept in .cache/cli/
// (gitignored), instead of compiling the TypeScript sources of the whole server on every start.
//
// The bundle's last line lists every file it was built from with its size and modification time
// (and the builder and package.json, for the version): it is used only while all of them are
// unchanged. Otherwise it is built again (esbuild, a few hundred milliseconds) and saved for the
// next start; `npm start` and `npm test` build it beforehand (scripts/bootstrap.js), and so does
// the Dockerfile. In bin/ because the image has bin/ but not scripts/.
//
// Plain Node.js ESM: importing this must not load tsx or anything of the server.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleCache, ROOT, stamp, unchangedSince } from './bundle-cache.js';

/** Where the client bundle is kept. */
export function clientBundleFile() {
  return path.join(bundleCache(), 'cli', 'goalie.js');
}
const BUILDER = 'backend/src/http/cli-bundle.ts';
/** Besides the sources esbuild read: the builder, package.json (the version it prints), tsconfig.json (esbuild reads it) and this file. */
const ALWAYS = [BUILDER, 'package.json', 'tsconfig.json', 'bin/client-bundle.js', 'bin/bundle-cache.js'];
const MARK = '//# goalie-inputs ';

/** The first words that are client commands: the rest (server commands, `goalie --help`) need the server's sources. */
export const CLIENT_COMMAND_NAMES = new Set(['run', 'status', 'rerun', 'test-case', 'cancel', '--version', 'version']);

/** The bundle's path when every file it was built from is unchanged; null when it is missing or stale. */
export function freshClientBundle() {
  let code;
  try {
    code = fs.readFileSync(clientBundleFile(), 'utf8');
  } catch {
    return null;
  }
  const last = code.slice(code.lastIndexOf('\n', code.length - 2) + 1).trim();
  if (!last.startsWith(MARK)) return null;
  try {
    return unchangedSince(JSON.parse(last.slice(MARK.length))) ? clientBundleFile() : null;
  } catch {
    return null;
  }
}

/**
 * Builds the bundle and saves it; returns its path, or null (with the reason on stderr) when it
 * cannot be built or saved (a read-only checkout): the caller then runs the sources through tsx.
 */
export async function buildClientBundle() {
  try {
    const { register } = await import('tsx/esm/api');
    register({ tsconfig: path.join(ROOT, 'tsconfig.json') });
    const startedAt = Date.now();
    const { buildCliBundle } = await import(pathToFileURL(path.join(ROOT, BUILDER)).href);
    const bundle = await buildCliBundle();
    const inputs = {};
    for (const file of [...bundle.inputs, ...ALWAYS].sort()) inputs[file] = stamp(file);
    // A source saved while it was built: its content may not be in the bundle. Use it this once, keep nothing.
    if (Object.keys(inputs).some((file) => fs.statSync(path.join(ROOT, file)).mtimeMs >= startedAt)) return null;
    const file = clientBundleFile();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Written whole and renamed: another `goalie` starting meanwhile reads the old file or the new one.
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, `${bundle.code}${MARK}${JSON.stringify(inputs)}\n`);
    fs.renameSync(temporary, file);
    return file;
  } catch (error) {
    process.stderr.write(
      `goalie: could not prebuild the client into ${path.relative(process.cwd(), clientBundleFile())} (${error?.message ?? error}); running it from the sources.\n`,
    );
    return null;
  }
}

/** The fresh bundle, built first when needed; null when the sources must be run instead. */
export async function clientBundle() {
  return freshClientBundle() ?? (await buildClientBundle());
}
