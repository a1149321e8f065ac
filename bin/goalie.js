#!/usr/bin/env node
// The `goalie` command. Client commands (run, status, rerun, test-case, cancel, --version) run the
// prebuilt client bundle (bin/client-bundle.js), so they start in a fraction of a second; server
// commands, `goalie --help` and, when the bundle cannot be built, everything else run the TypeScript
// sources through tsx, so a clone needs no build step.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CLIENT_COMMAND_NAMES, clientBundle } from './client-bundle.js';

const argv = process.argv.slice(2);
const bundle = CLIENT_COMMAND_NAMES.has(argv[0]) ? await clientBundle() : null;
if (bundle) {
  // It reads process.argv and sets process.exitCode itself (shared/src/cli/bin.ts).
  await import(pathToFileURL(bundle).href);
} else {
  const { register } = await import('tsx/esm/api');
  // The project's own tsconfig (decorators for TypeORM), whatever directory `goalie` runs in.
  register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
  const { main } = await import('../backend/src/cli/main.ts');
  process.exitCode = await main(argv);
}
