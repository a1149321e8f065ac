// Where Goalie's own files are (package.json, the dashboard's assets, the demo project), for the few
// read at run time. Found by walking up from this module to Goalie's package.json, because the same
// code runs from backend/src (tsx, tests) and from the bundle in .cache/server (bin/server-bundle.js).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findInstallDir(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    try {
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string };
      if (manifest.name === 'goalie') return dir;
    } catch {
      // No package.json here, or not JSON: keep walking up.
    }
    if (path.dirname(dir) === dir) throw new Error(`Goalie's package.json was not found above ${start}`);
  }
}

let installDir: string | null = null;

/** A path inside Goalie's installation, e.g. `installPath('backend/src/demo/demo-project.yaml')`. */
export function installPath(...segments: string[]): string {
  installDir ??= findInstallDir(path.dirname(fileURLToPath(import.meta.url)));
  return path.join(installDir, ...segments);
}
