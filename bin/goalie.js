#!/usr/bin/env node
// The `goalie` command. Client commands (run, status, rerun, test-case, cancel, --version) run the
// prebuilt client bundle (bin/client-bundle.js), so they start in a fraction of a second; server
// commands, `goalie --help` and, when the bundle cannot be built, everything else run the TypeScript
// sources through tsx, so a clone needs no build step. `goalie mcp` runs shared/src/mcp through tsx.
import fs from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CLIENT_COMMAND_NAMES, clientBundle } from './client-bundle.js';

const argv = process.argv.slice(2);
const bundle = CLIENT_COMMAND_NAMES.has(argv[0]) ? await clientBundle() : null;
const tsconfig = () => fileURLToPath(new URL('../tsconfig.json', import.meta.url));
if (argv[0] === 'mcp') {
  // A client command too, but with an npm package (the MCP SDK), so not in the bundle: its sources
  // run through tsx, without loading anything of the server.
  const { register } = await import('tsx/esm/api');
  register({ tsconfig: tsconfig() });
  const { mcpCommand } = await import('../shared/src/mcp/stdio.ts');
  const { processIo } = await import('../shared/src/cli/process-io.ts');
  const { version } = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  process.exitCode = await mcpCommand(argv.slice(1), processIo(version));
} else if (bundle) {
  // It reads process.argv and sets process.exitCode itself (shared/src/cli/bin.ts).
  await import(pathToFileURL(bundle).href);
} else {
  const { register } = await import('tsx/esm/api');
  // The project's own tsconfig (decorators for TypeORM), whatever directory `goalie` runs in.
  register({ tsconfig: tsconfig() });
  const { main } = await import('../backend/src/cli/main.ts');
  process.exitCode = await main(argv);
}
