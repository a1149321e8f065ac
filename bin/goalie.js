#!/usr/bin/env node
// The `goalie` command, one way for every command: client commands (run, status, rerun, test-case,
// cancel, --version) run the prebuilt client bundle (bin/client-bundle.js), which holds no npm
// package and starts in a fraction of a second; everything else (serve, worker, apply, migrate,
// token, user, project, mcp, --help) runs the prebuilt server bundle (bin/server-bundle.js). Each is
// built when a file it comes from changed, so a clone needs no build step. The TypeScript sources run
// through tsx only when a bundle cannot be built or saved (a read-only checkout without one), or
// when GOALIE_FROM_SOURCES=1 asks for it (debugging the sources as they are).
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CLIENT_COMMAND_NAMES, clientBundle } from './client-bundle.js';
import { serverBundle } from './server-bundle.js';

const argv = process.argv.slice(2);
const fromSources = process.env.GOALIE_FROM_SOURCES === '1';
const client = !fromSources && CLIENT_COMMAND_NAMES.has(argv[0]) ? await clientBundle() : null;
const server = fromSources || client ? null : await serverBundle();
if (client) {
  // It reads process.argv and sets process.exitCode itself (shared/src/cli/bin.ts).
  await import(pathToFileURL(client).href);
} else {
  // Stack traces name the TypeScript sources, not the bundle's lines.
  process.setSourceMapsEnabled(true);
  let main;
  if (server) ({ main } = await import(pathToFileURL(server).href));
  else {
    const { register } = await import('tsx/esm/api');
    // The project's own tsconfig (decorators for TypeORM), whatever directory `goalie` runs in.
    register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
    ({ main } = await import('../backend/src/cli/main.ts'));
  }
  process.exitCode = await main(argv);
}
