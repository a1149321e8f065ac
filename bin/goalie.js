#!/usr/bin/env node
// The `goalie` command. Runs the TypeScript sources through tsx, so a clone needs no build step.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

// The project's own tsconfig (decorators for TypeORM), whatever directory `goalie` runs in.
register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
const { main } = await import('../backend/src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
