// Where `goalie` keeps its prebuilt bundles (bin/client-bundle.js, bin/server-bundle.js) and how it
// knows one is still good: every file it was built from has the size and modification time it had.
// GOALIE_BUNDLE_CACHE moves the cache (tests that plant a bundle use their own); it must be inside the
// installation, where the server bundle finds its npm packages in node_modules. Plain Node.js ESM.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The cache directory, read at each call so a test can point it elsewhere for the processes it starts. */
export function bundleCache() {
  return process.env.GOALIE_BUNDLE_CACHE || path.join(ROOT, '.cache');
}

/** A file of the repository (relative to it) as size and modification time. */
export function stamp(file) {
  const stat = fs.statSync(path.join(ROOT, file));
  return `${stat.size}:${stat.mtimeMs}`;
}

/** True when every file in `inputs` ({ file: stamp }) still has its stamp. */
export function unchangedSince(inputs) {
  try {
    for (const [file, was] of Object.entries(inputs)) if (stamp(file) !== was) return false;
    return true;
  } catch {
    return false;
  }
}
