// `goalie serve`: API, worker, scheduler and the demo shop in one process, on the embedded
// PostgreSQL (or DATABASE_URL).
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { loadProjectFile } from '../../../shared/src/project-file/load.js';
import { applyProject } from '../app/apply-project.js';
import { createToken } from '../app/tokens.js';
import { loadConfig, type Config } from '../config.js';
import { startDemoSite, type DemoSite } from '../demo/demo-site.js';
import { processLogger } from '../logger.js';
import {
  checkPortFree,
  createRuntime,
  listen,
  listenForMetrics,
  openDatabase,
  startSchedulerOnly,
  startWorker,
  type OpenDatabase,
  type RunningWorker,
  type Runtime,
} from '../main.js';
import { closeServer } from '../listen.js';
import { keepServing } from './keep-serving.js';
import { quitNow, sayOnStdout, shutdownAnnouncement, shutDown, stoppingDatabase, waitingForWork } from './shut-down.js';
import { untilSignal } from './signals.js';
import { installPath } from '../install-dir.js';
import { recordServerUrl } from '../persistence/server-address.js';
import { checkNewDatabase } from './with-runtime.js';

const DEMO_YAML = installPath('backend/src/demo/demo-project.yaml');

/** First start: the demo organization and project, and a token for the quick start. */
export async function seedDemo(runtime: Runtime, demoUrl: string | null): Promise<string | null> {
  if (!(await runtime.app.store.projectsAsCode.isEmpty())) return null;
  const env = { ...process.env, ...(demoUrl && !process.env.GOALIE_DEMO_URL ? { GOALIE_DEMO_URL: demoUrl } : {}) };
  const loaded = loadProjectFile('demo-project.yaml', fs.readFileSync(DEMO_YAML, 'utf8'), env);
  const summary = await applyProject(runtime.app, loaded.doc);
  const { token } = await createToken(runtime.app, summary.project.slug, 'quick start');
  return token;
}

export function banner(
  config: Config,
  token: string | null,
  details: { embedded: boolean; dataDir?: string; demoUrl: string | null; users: number },
): string {
  const api = `${config.publicUrl}/v1`;
  const { embedded, dataDir, demoUrl } = details;
  // Server commands find this server's database only with its settings: the home, when it is not
  // the default one of the directory they run in (with DATABASE_URL, that variable, said below).
  const home = embedded && path.basename(config.home) !== '.goalie' ? `GOALIE_HOME=${config.home} ` : '';
  const server = (command: string) => `  ${home}npx goalie ${command}`;
  const lines = [
    '',
    'Goalie is running.',
    `  Dashboard  ${config.publicUrl}/`,
    `  API        ${api}  (description: ${api}/openapi.json)`,
    `  Data       ${embedded ? `${config.home} (embedded PostgreSQL${dataDir && !dataDir.startsWith(config.home) ? ` in ${dataDir}` : ''})` : 'DATABASE_URL'}`,
    `  Worker     ${config.concurrency ? `${config.concurrency} test cases at once` : 'none in this process (GOALIE_CONCURRENCY=0): run `goalie worker` elsewhere'}`,
  ];
  if (demoUrl) lines.push(`  Demo shop  ${demoUrl}`);
  if (token) {
    lines.push(
      '',
      'First start: seeded organization "Demo" with project "demo".',
      `  API token (shown once, keep it):  ${token}`,
      '',
      'Start a run of the demo plan:',
      `  curl -X POST ${api}/run -H "Authorization: Bearer ${token}"`,
      "Then read it (use the shortId from the answer), or open the run's url:",
      `  curl "${api}/run/<shortId>?testCases=all" -H "Authorization: Bearer ${token}"`,
      '',
      'Or with the CLI, from any machine with Node (it reads these two variables):',
      `  export GOALIE_API_URL=${config.publicUrl}`,
      `  export GOALIE_API_TOKEN=${token}`,
      `  curl -fsSLO ${config.publicUrl}/cli/goalie.js && node goalie.js run --wait`,
    );
  } else {
    // The token was shown once, at the first start: only the URL is printed again.
    lines.push(
      '',
      `The CLI (curl -fsSLO ${config.publicUrl}/cli/goalie.js && node goalie.js run --wait) reads these two variables:`,
      `  export GOALIE_API_URL=${config.publicUrl}`,
      `  export GOALIE_API_TOKEN=<the token printed at the first start, or a new one: ${server('token create --project demo').trim()}>`,
    );
  }
  if (details.users === 0) {
    lines.push(
      '',
      'No dashboard users yet. Create the first administrator (it prints a link to choose the password):',
      server('user create --admin --email you@example.com') +
        (embedded ? '' : '   (with the DATABASE_URL this server has)'),
    );
  }
  return lines.join('\n') + '\n\n';
}

/** Where this server is reached, for the links that `goalie user create` prints (server-address.ts). */
async function recordAddress(runtime: Runtime): Promise<void> {
  try {
    await recordServerUrl(runtime.dataSource, runtime.config.publicUrl);
  } catch (error) {
    // Only links printed elsewhere depend on it: the server runs on.
    runtime.logger.warn({ err: error }, 'could not record the public URL in the database');
  }
}

export async function serveCommand(): Promise<number> {
  const config = loadConfig();
  const logger = processLogger(config.logLevel, config.logFormat);
  keepServing(logger);
  // Listening from the start: a SIGTERM while starting still shuts down in order (below).
  const stopSignal = untilSignal();
  let db: OpenDatabase | null = null;
  let demo: DemoSite | null = null;
  let runtime: Runtime | null = null;
  let worker: Pick<RunningWorker, 'stop'> | null = null;
  let workerJobs: RunningWorker['worker'] | null = null;
  // A second Ctrl-C while shutting down: give the embedded PostgreSQL back, and quit.
  stopSignal.onSecond(quitNow(logger, () => ({ database: db, health: runtime?.health })));
  let server: http.Server | null = null;
  let metrics: http.Server | null = null;
  try {
    // A port in use is said at once, not after the database and the browser have started.
    await checkPortFree(config.port, config.host);
    // serve makes its home on the first start (npm start on a fresh clone); with-runtime.ts decides.
    checkNewDatabase(config, 'serve');
    db = await openDatabase(config, logger);
    demo = config.demoPort === null ? null : await startDemoSite({ port: config.demoPort });
    runtime = await createRuntime(config, { databaseUrl: db.url, logger, supervise: true, embedded: db.embedded });
    const token = await seedDemo(runtime, demo?.url ?? null);
    // GOALIE_CONCURRENCY=0: an API process only (with the scheduler); `goalie worker`s elsewhere run the test cases.
    if (config.concurrency) {
      const started = await startWorker(runtime);
      worker = started;
      workerJobs = started.worker;
    } else worker = startSchedulerOnly(runtime);
    server = await listen(runtime, config.port, config.host);
    await recordAddress(runtime);
    metrics = await listenForMetrics(runtime);
    const users = await runtime.app.store.accounts.userCount();
    process.stdout.write(
      banner(config, token, { embedded: db.embedded, dataDir: db.dataDir, demoUrl: demo?.url ?? null, users }),
    );
    const signal = await stopSignal.received;
    logger.info({ signal }, 'shutting down');
    sayOnStdout(
      shutdownAnnouncement({
        running: workerJobs?.running() ?? null,
        graceMs: config.shutdownGraceMs,
        embedded: db.embedded,
      }),
    );
  } finally {
    // Also when starting failed: whatever was started is stopped, and this process gives the
    // embedded PostgreSQL back (the last one to do so stops it).
    const [open, scraped, running, rt, site, database] = [server, metrics, worker, runtime, demo, db];
    const jobs = workerJobs?.running();
    await shutDown(
      logger,
      [
        scraped && { what: 'closing the metrics port', run: () => closeServer(scraped) },
        open && {
          what: 'closing the HTTP port',
          run: () => {
            open.closeAllConnections();
            return closeServer(open);
          },
        },
        running && {
          what: jobs ? waitingForWork(jobs, config.shutdownGraceMs) : 'stopping the scheduler',
          run: () => running.stop(),
        },
        rt && { what: 'closing the job queue', run: () => rt.close() },
        site && { what: 'closing the demo shop', run: () => site.close() },
        database && { what: stoppingDatabase(database.embedded), run: () => database.stop() },
      ],
      sayOnStdout,
    );
    // A second signal, or one after a failed start, ends the process at once.
    stopSignal.dispose();
  }
  return 0;
}
