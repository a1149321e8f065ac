// Mocha's global fixtures (main process): one embedded PostgreSQL for the whole run, handed to every
// test file, in this process or in a parallel worker, as TEST_DATABASE_URL (workers are started after
// this and inherit the environment); a TEST_DATABASE_URL given from outside is used as it is. And the
// directory where the workers record how long each file took (test/helpers/file-times.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestPostgres, stopTestPostgres } from './postgres.js';

let started = false;

export async function mochaGlobalSetup(): Promise<void> {
  process.env.GOALIE_TEST_TIMES = fs.mkdtempSync(path.join(os.tmpdir(), 'goalie-test-times-'));
  if (process.env.TEST_DATABASE_URL) return;
  process.env.TEST_DATABASE_URL = (await startTestPostgres()).url;
  started = true;
}

export async function mochaGlobalTeardown(): Promise<void> {
  if (process.env.GOALIE_TEST_TIMES) fs.rmSync(process.env.GOALIE_TEST_TIMES, { recursive: true, force: true });
  delete process.env.GOALIE_TEST_TIMES;
  if (!started) return;
  delete process.env.TEST_DATABASE_URL;
  await stopTestPostgres();
}
