// The `version` of the repository's package.json: the version of this server and of its client.
// A module of its own so that `goalie --version` and `--help` load nothing else.
import fs from 'node:fs';
import { installPath } from './install-dir.js';

let version: string | null = null;

export function goalieVersion(): string {
  version ??= (JSON.parse(fs.readFileSync(installPath('package.json'), 'utf8')) as { version: string }).version;
  return version;
}
