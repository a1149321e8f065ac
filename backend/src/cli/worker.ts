// `goalie worker`: a worker and the scheduler only, on the database of `goalie serve`
// (DATABASE_URL, or the embedded PostgreSQL of the same GOALIE_HOME while serve runs).
import { loadConfig } from '../config.js';
import { createLogger } from '../logger.js';
import { createRuntime, openDatabase, startWorker, type RunningWorker, type Runtime } from '../main.js';
import { keepServing } from './keep-serving.js';
import { untilSignal } from './signals.js';

export async function workerCommand(): Promise<number> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  keepServing(logger);
  // Listening from the start: a SIGTERM while starting still shuts down in order (below).
  const stopSignal = untilSignal();
  const db = await openDatabase(config, logger);
  let runtime: Runtime | null = null;
  let worker: RunningWorker | null = null;
  try {
    runtime = await createRuntime(config, { databaseUrl: db.url, logger, supervise: true, embedded: db.embedded });
    worker = await startWorker(runtime);
    process.stdout.write(`Goalie worker ${worker.worker.id} is running: ${config.concurrency} test cases at once.\n`);
    const signal = await stopSignal;
    logger.info({ signal }, 'worker shutting down');
  } finally {
    // Whatever failed while starting, this process gives the embedded PostgreSQL back: the last one stops it.
    await worker?.stop();
    await runtime?.close();
    await db.stop();
  }
  return 0;
}
