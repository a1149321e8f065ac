#!/usr/bin/env node
// The `goalie` command. Runs the TypeScript sources through tsx, so a clone needs no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../backend/src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
