// The server, prebuilt: every `goalie` command that is not a client command (serve, worker, apply,
// migrate, token, user, project, mcp, --help) runs backend/src/cli/main.ts bundled by esbuild into
// .cache/server/ (gitignored), instead of compiling the TypeScript sources through tsx on every
// start (over a second, several under load). npm packages stay outside the bundle, in node_modules.
//
// Each build goes to a directory of its own, and `current.json` names the newest one with every file
// it was built from (size and modification time): it is used only while all of them are unchanged,
// otherwise it is built again first (about half a second). A `goalie` starting meanwhile reads the
// old build or the new one, never half of one. `npm start`, `npm test` and the Dockerfile build it
// beforehand (scripts/bootstrap.js).
//
// Plain Node.js ESM: importing this must not load tsx or anything of the server.
import fs from 'node:fs';
import path from 'node:path';
import { bundleCache, ROOT, stamp, unchangedSince } from './bundle-cache.js';

/** Where the server's builds are kept. */
export function serverBundleDir() {
  return path.join(bundleCache(), 'server');
}
const currentFile = () => path.join(serverBundleDir(), 'current.json');
const ENTRY = 'backend/src/cli/main.ts';
/** Besides the sources esbuild read: package.json and tsconfig.json (esbuild reads it) and this file. */
const ALWAYS = ['package.json', 'tsconfig.json', 'bin/server-bundle.js', 'bin/bundle-cache.js'];
/** Builds older than the current one that are kept, for a process that started from one of them. */
const KEEP_OLD = 2;

/** The entry file of the current build when every file it was built from is unchanged; null otherwise. */
export function freshServerBundle() {
  let current;
  try {
    current = JSON.parse(fs.readFileSync(currentFile(), 'utf8'));
  } catch {
    return null;
  }
  const entry = path.join(serverBundleDir(), String(current.build), 'main.js');
  return unchangedSince(current.inputs) && fs.existsSync(entry) ? entry : null;
}

/**
 * Builds the server into a new directory and makes it current; returns its entry file, or null (with
 * the reason on stderr) when it cannot be built or saved (a read-only checkout): the caller then runs
 * the sources through tsx.
 */
export async function buildServerBundle() {
  const startedAt = Date.now();
  const build = `${startedAt.toString(36)}-${process.pid}`;
  const outdir = path.join(serverBundleDir(), build);
  try {
    const esbuild = await import('esbuild');
    const result = await esbuild.build({
      entryPoints: { main: path.join(ROOT, ENTRY) },
      absWorkingDir: ROOT,
      tsconfig: path.join(ROOT, 'tsconfig.json'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      // Commands import what they need when called (cli/main.ts): `goalie --help` loads none of the server.
      splitting: true,
      outdir,
      sourcemap: 'linked',
      metafile: true,
      logLevel: 'silent',
      legalComments: 'none',
    });
    const inputs = {};
    for (const file of [...Object.keys(result.metafile.inputs), ...ALWAYS].sort()) inputs[file] = stamp(file);
    // A source saved while it was built: its content may not be in the bundle. Use it this once, keep it not.
    const changedMeanwhile = Object.keys(inputs).some(
      (file) => fs.statSync(path.join(ROOT, file)).mtimeMs >= startedAt,
    );
    if (!changedMeanwhile) {
      const temporary = `${currentFile()}.${process.pid}.tmp`;
      fs.writeFileSync(temporary, JSON.stringify({ build, inputs }));
      fs.renameSync(temporary, currentFile());
      removeOldBuilds(build);
    }
    return path.join(outdir, 'main.js');
  } catch (error) {
    process.stderr.write(
      `goalie: could not prebuild the server into ${path.relative(process.cwd(), serverBundleDir())} (${error?.message ?? error}); running it from the sources.\n`,
    );
    return null;
  }
}

function removeOldBuilds(current) {
  const builds = fs
    .readdirSync(serverBundleDir(), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== current)
    .map((entry) => ({ name: entry.name, at: fs.statSync(path.join(serverBundleDir(), entry.name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const old of builds.slice(KEEP_OLD))
    fs.rmSync(path.join(serverBundleDir(), old.name), { recursive: true, force: true });
}

/** The fresh server bundle's entry, built first when needed; null when the sources must be run instead. */
export async function serverBundle() {
  return freshServerBundle() ?? (await buildServerBundle());
}
