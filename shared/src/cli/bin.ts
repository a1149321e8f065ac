// The entry of the bundled client (GET /cli/goalie.js): `node goalie.js run --wait`.
import { parseArgs } from 'node:util';
import { runClientCli } from './main.js';
import { processIo } from './process-io.js';

// Set by the bundler (backend/src/http/cli-bundle.ts) to the server's version.
declare const __GOALIE_VERSION__: string | undefined;
const version = typeof __GOALIE_VERSION__ === 'string' ? __GOALIE_VERSION__ : undefined;

if (typeof globalThis.fetch !== 'function' || typeof parseArgs !== 'function') {
  process.stderr.write(`goalie: needs Node.js 18 or newer (this is ${process.version})\n`);
  process.exitCode = 2;
} else {
  void runClientCli(process.argv.slice(2), processIo(version)).then((code) => {
    process.exitCode = code;
  });
}
