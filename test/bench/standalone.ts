// One measurement of the bench on its own (`npx tsx test/bench/<file>.ts`): its JSON on stdout under
// `key`, then the shared PostgreSQL stopped.
import { stopTestPostgres } from '../helpers/postgres.js';

/** Runs `measure` when `moduleUrl` is the script node was started with. */
export function runStandalone(moduleUrl: string, key: string, measure: () => Promise<unknown>): void {
  if (moduleUrl !== `file://${process.argv[1]}`) return;
  measure()
    .then(async (figures) => {
      process.stdout.write(JSON.stringify({ [key]: figures }, null, 2) + '\n');
      await stopTestPostgres();
    })
    .catch(async (error) => {
      process.stderr.write(`${error?.stack ?? error}\n`);
      await stopTestPostgres();
      process.exit(1);
    });
}
