// `goalie worker`: a worker and the scheduler only, on the database of `goalie serve`
// (DATABASE_URL, or the embedded PostgreSQL of the same GOALIE_HOME while serve runs).
import { parseArgs } from 'node:util';
import { ConfigurationError, loadConfig } from '../config.js';
import { processLogger } from '../logger.js';
import type http from 'node:http';
import type { CoreRuntime, OpenDatabase, RunningWorker } from '../main.js';
import { closeServer } from '../listen.js';
import { keepServing } from './keep-serving.js';
import { quitNow, sayOnStdout, shutdownAnnouncement, shutDown, stoppingDatabase, waitingForWork } from './shut-down.js';
import { untilSignal } from './signals.js';
import { checkNewDatabase } from './with-runtime.js';

export async function workerCommand(args: string[] = []): Promise<number> {
  const { values } = parseArgs({ args, options: { init: { type: 'boolean' } } });
  const config = loadConfig();
  if (config.concurrency === 0)
    throw new ConfigurationError(
      'GOALIE_CONCURRENCY is 0, so this worker would take no test cases. Set it to 1 or more (0 is for `goalie serve` without a worker).',
    );
  // A worker on a new database that no server uses would wait for work forever: --init, or serve's home.
  checkNewDatabase(config, 'worker', values.init);
  // Loaded after the settings are checked: a refused worker answers at once, not after seconds of loading.
  const { createCoreRuntime, listenForMetrics, openDatabase, startWorker } = await import('../main.js');
  const logger = processLogger(config.logLevel, config.logFormat);
  keepServing(logger);
  // Listening from the start: a SIGTERM while starting still shuts down in order (below).
  const stopSignal = untilSignal();
  let db: OpenDatabase | null = null;
  let runtime: CoreRuntime | null = null;
  let worker: RunningWorker | null = null;
  let metrics: http.Server | null = null;
  // A second Ctrl-C while shutting down: give the embedded PostgreSQL back, and quit.
  stopSignal.onSecond(quitNow(logger, () => ({ database: db, health: runtime?.health })));
  try {
    db = await openDatabase(config, logger);
    runtime = await createCoreRuntime(config, { databaseUrl: db.url, logger, supervise: true, embedded: db.embedded });
    worker = await startWorker(runtime);
    metrics = await listenForMetrics(runtime);
    process.stdout.write(`Goalie worker ${worker.worker.id} is running: ${config.concurrency} test cases at once.\n`);
    const signal = await stopSignal.received;
    logger.info({ signal }, 'worker shutting down');
    sayOnStdout(
      shutdownAnnouncement({
        running: worker.worker.running(),
        graceMs: config.shutdownGraceMs,
        embedded: db.embedded,
      }),
    );
  } finally {
    // Also when starting failed: whatever was started is stopped, and this process gives the
    // embedded PostgreSQL back (the last one to do so stops it).
    const [scraped, running, rt, database] = [metrics, worker, runtime, db];
    await shutDown(
      logger,
      [
        scraped && { what: 'closing the metrics port', run: () => closeServer(scraped) },
        running && {
          what: waitingForWork(running.worker.running(), config.shutdownGraceMs),
          run: () => running.stop(),
        },
        rt && { what: 'closing the job queue', run: () => rt.close() },
        database && { what: stoppingDatabase(database.embedded), run: () => database.stop() },
      ],
      sayOnStdout,
    );
    // A second signal, or one after a failed start, ends the process at once.
    stopSignal.dispose();
  }
  return 0;
}
