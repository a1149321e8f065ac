// `goalie worker`: a worker and the scheduler only, on the database of `goalie serve`
// (DATABASE_URL, or the embedded PostgreSQL of the same GOALIE_HOME while serve runs).
import { loadConfig } from '../config.js';
import { createLogger } from '../logger.js';
import { createRuntime, openDatabase, startWorker } from '../main.js';
import { keepServing } from './keep-serving.js';
import { untilSignal } from './signals.js';

export async function workerCommand(): Promise<number> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  keepServing(logger);
  const db = await openDatabase(config, logger);
  const runtime = await createRuntime(config, { databaseUrl: db.url, logger, supervise: true });
  const worker = await startWorker(runtime);
  process.stdout.write(`Goalie worker ${worker.worker.id} is running: ${config.concurrency} test cases at once.\n`);
  const signal = await untilSignal();
  logger.info({ signal }, 'worker shutting down');
  await worker.stop();
  await runtime.close();
  await db.stop();
  return 0;
}
