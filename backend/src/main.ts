// Composition root: the only place that builds adapters and hands them to the use cases.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type Koa from 'koa';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { linksFor, type AppContext } from './app/context.js';
import { callerCache } from './app/caller-cache.js';
import type { EvidenceStore } from './app/ports/evidence.js';
import type { ReadinessCheck } from './app/ports/readiness.js';
import type { Config, LlmConfig } from './config.js';
import { closeServer, listenOn } from './listen.js';
import type { AppState } from './http/state.js';
import { repositoryHostFetch } from './integrations/http/checked-fetch.js';
import { slackChannels } from './integrations/slack/slack-channels.js';
import { slackMessenger } from './integrations/slack/slack-messenger.js';
import { httpWebhookSender } from './integrations/webhooks/http-webhook-sender.js';
import { goalieVersion } from './version.js';
import { smtpMailer } from './integrations/email/smtp-mailer.js';
import { isMachineAddress } from './integrations/http/own-ports.js';
import { teamsWebhook } from './integrations/teams/teams-webhook.js';
import type { Agent } from './agent/agent.js';
import type { PlaywrightExecutor } from './agent/execute-test-case.js';
import type { BrowserNetworkOptions } from './agent/network-guard.js';
import { hostKind } from './domain/url-policy.js';
import type { StepPlayer } from './agent/step-player.js';
import { pgBossQueue, queueStats, startBoss } from './jobs/pg-boss-queue.js';
import { startMetricsServer } from './metrics/metrics-server.js';
import { prometheusMetrics, type PrometheusMetrics } from './metrics/prometheus.js';
import { platformFactory } from './platforms/platform-factory.js';
import { signInHosts } from './platforms/sign-in-hosts.js';
import { startScheduler } from './jobs/scheduler.js';
import { Worker } from './jobs/worker.js';
import { createDataSource, migrate } from './persistence/data-source.js';
import { databaseHealth, type DatabaseHealth } from './persistence/database-health.js';
import { migrationStatus } from './persistence/migration-status.js';
import { progressCounts } from './persistence/progress-counts.js';
import { startEmbeddedPostgres, type Database } from './persistence/embedded-postgres.js';
import { checkSecretKey } from './persistence/secret-key-check.js';
import { loadSecretBox, type SecretBox } from './persistence/secret-box.js';
import { createStore } from './persistence/store.js';
import { localDiskEvidence } from './storage/local-disk.js';

/**
 * The database, the queue and the use cases: what every server command needs. The HTTP app
 * (`Runtime`) and the browser (`startWorker`) are loaded only by the processes that serve or run
 * tests: Playwright, Slack's Bolt, Koa and the MCP server cost seconds of loading on every short
 * command (`goalie token create`, `apply`) otherwise.
 */
export interface CoreRuntime {
  config: Config;
  logger: Logger;
  dataSource: DataSource;
  secrets: SecretBox;
  app: AppContext;
  boss: PgBoss;
  evidence: EvidenceStore;
  databaseUrl: string;
  /** Whether the database answers; logs once when it goes away and when it is back. */
  health: DatabaseHealth;
  /** What GET /readyz asks besides the database; a worker adds its browser's. */
  readiness: ReadinessCheck[];
  /** Prometheus metrics; null when GOALIE_METRICS=off. */
  metrics: PrometheusMetrics | null;
  /** Closes the queue and the database pool (not the database server). */
  close(): Promise<void>;
}

/** A server's runtime: the core and its HTTP app (`goalie serve`). */
export interface Runtime extends CoreRuntime {
  http: Koa<AppState>;
}

interface RuntimeOptions {
  databaseUrl: string;
  logger: Logger;
  migrate?: boolean;
  supervise?: boolean;
  embedded?: boolean;
  evidence?: EvidenceStore;
  checkEvidence?: boolean;
}

export type OpenDatabase = Database & { embedded: boolean };

/** Where the embedded PostgreSQL of GOALIE_HOME keeps its cluster. */
export const embeddedDatabaseDir = (home: string): string => path.join(home, 'postgres');

/** DATABASE_URL when given; otherwise embedded PostgreSQL under GOALIE_HOME. */
export async function openDatabase(config: Config, logger: Logger): Promise<OpenDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => {}, embedded: false };
  const db = await startEmbeddedPostgres({
    dir: embeddedDatabaseDir(config.home),
    log: (level, message) => logger[level]({ component: 'postgres' }, message),
  });
  return { ...db, embedded: true };
}

/** What a caller can do when the database does not answer. */
export function databaseHint(embedded: boolean): string {
  return embedded
    ? 'Goalie starts its embedded PostgreSQL again by itself; if this lasts, read the log of this process.'
    : 'Check that the PostgreSQL of DATABASE_URL runs and accepts connections.';
}

/** The core runtime and its HTTP app. */
export async function createRuntime(config: Config, options: RuntimeOptions): Promise<Runtime> {
  const core = await createCoreRuntime(config, options);
  try {
    const [{ createHttpApp }, { createSlackEvents }] = await Promise.all([
      import('./http/app.js'),
      import('./integrations/slack/slack-app.js'),
    ]);
    const { app, logger, metrics, evidence, health, readiness } = core;
    const slackEvents = createSlackEvents(app, slackMessenger({ apiUrl: config.slackApiUrl }));
    const koa = createHttpApp(app, {
      logger,
      outboundIps: config.outboundIps,
      bodyLimitBytes: config.bodyLimitBytes,
      evidence,
      slackEvents,
      database: health,
      readiness,
      ...(metrics && config.metrics.mode === 'token'
        ? { metricsEndpoint: { token: config.metrics.token, scrape: () => metrics.scrape() } }
        : {}),
      secureCookies: config.publicUrl.startsWith('https:'),
      trustProxy: config.trustProxy,
      signInHosts: signInHosts(config.signIn, config.publicUrl),
    });
    return { ...core, http: koa };
  } catch (error) {
    await core.close().catch(() => {});
    throw error;
  }
}

/**
 * `supervise`: this process runs queue maintenance (processes with workers do). `embedded`: the
 * database is the embedded PostgreSQL (what the messages about an unreachable database advise).
 */
export async function createCoreRuntime(config: Config, options: RuntimeOptions): Promise<CoreRuntime> {
  const { logger } = options;
  const dataSource = createDataSource(options.databaseUrl);
  await dataSource.initialize();
  const health = databaseHealth({
    ping: () => dataSource.query('SELECT 1'),
    log: logger,
    hint: databaseHint(options.embedded ?? false),
  });
  let boss: PgBoss | null = null;
  try {
    if (options.migrate !== false) {
      const applied = await migrate(dataSource);
      if (applied.length) logger.info({ migrations: applied }, 'database migrated');
    }
    const secrets = loadSecretBox(config.secretKey, config.home);
    await checkSecretKey(
      dataSource,
      secrets,
      config.secretKey ? 'GOALIE_SECRET_KEY' : path.join(config.home, 'secret.key'),
    );
    const queue = await startBoss(options.databaseUrl, {
      supervise: options.supervise ?? false,
      // The database being away is logged once (by `health`), not at every poll of the queue.
      onError: (error) => {
        if (!health.unreachable(error)) logger.error({ err: error }, 'job queue error');
      },
    });
    boss = queue;
    const metrics =
      config.metrics.mode === 'off'
        ? null
        : prometheusMetrics(async () => ({ ...(await progressCounts(dataSource)), queues: await queueStats(queue) }));
    const network = browserNetwork(config, options.databaseUrl);
    const app: AppContext = {
      store: createStore(dataSource, secrets),
      slack: slackChannels({ apiUrl: config.slackApiUrl }),
      queue: pgBossQueue(queue),
      platforms: platformFactory(logger, { fetchFor: repositoryHostFetch({ ownPorts: network.ownPorts }) }),
      links: linksFor(config.publicUrl),
      now: () => new Date(),
      log: logger,
      callers: callerCache({ ttlMs: config.tokenCacheMs }),
      browserNetwork: network,
      smtpConfigured: config.smtp !== null,
      ...(config.smtp ? { mailer: smtpMailer(config.smtp) } : {}),
      ...(metrics ? { metrics } : {}),
    };
    const evidence = options.evidence ?? (await openEvidence(config, { check: options.checkEvidence ?? true }));
    const readiness: ReadinessCheck[] = [migrationStatus(dataSource)];
    return {
      config,
      logger,
      dataSource,
      secrets,
      app,
      boss: queue,
      evidence,
      databaseUrl: options.databaseUrl,
      health,
      readiness,
      metrics,
      async close() {
        health.close();
        if (!options.evidence) evidence.close?.();
        await queue.stop({ graceful: false, close: true, wait: true });
        await dataSource.destroy();
      },
    };
  } catch (error) {
    // Nothing half-started keeps the process alive (or holds connections) after a failed start.
    health.close();
    await boss?.stop({ graceful: false, close: true, wait: true }).catch(() => {});
    await dataSource.destroy().catch(() => {});
    throw error;
  }
}

/** The local disk, or the S3-compatible bucket of GOALIE_EVIDENCE_URL once it answers (unless `check` is false). */
export async function openEvidence(config: Config, options: { check?: boolean } = {}): Promise<EvidenceStore> {
  if (config.evidence.kind === 'local') return localDiskEvidence(config.evidence.dir);
  // Loaded only when used: the AWS SDK takes about half a second to import, on every command.
  const { s3Evidence } = await import('./storage/s3-evidence.js');
  const store = s3Evidence(config.evidence);
  if (options.check !== false) await store.check();
  return store;
}

/**
 * What the browser may reach by default, and Goalie's own ports on this machine: the API's, the
 * metrics port's when it has one, and the database's when it runs here; and the machine's addresses.
 */
export function browserNetwork(config: Config, databaseUrl: string): BrowserNetworkOptions {
  const ownPorts = [config.port];
  if (config.metrics.mode === 'port') ownPorts.push(config.metrics.port);
  try {
    const db = new URL(databaseUrl);
    if (!db.hostname || hostKind(db.hostname) === 'loopback') ownPorts.push(Number(db.port || 5432));
  } catch {
    // A connection string that is not a URL (key=value): its port is not known here.
  }
  return { defaults: config.browserNetwork, ownPorts, isOwnAddress: isMachineAddress };
}

export async function listen(runtime: Runtime, port: number, host: string): Promise<http.Server> {
  const server = http.createServer(runtime.http.callback());
  server.keepAliveTimeout = 65_000;
  await listenOn(server, port, host, portInUse(port));
  return server;
}

/** Fails at once when `port` cannot be listened on, before anything slower starts (the database, the browser). */
export async function checkPortFree(port: number, host: string): Promise<void> {
  const probe = http.createServer();
  await listenOn(probe, port, host, portInUse(port));
  await closeServer(probe);
}

const portInUse = (port: number) =>
  `Port ${port} is already in use. Stop what uses it, or start Goalie on another port: PORT=8081 npm start`;

export function portOf(server: http.Server): number {
  return (server.address() as AddressInfo).port;
}

/** GOALIE_METRICS=port: the metrics listener (`goalie serve` and `goalie worker`); null otherwise. */
export async function listenForMetrics(runtime: CoreRuntime): Promise<http.Server | null> {
  const { metrics } = runtime.config;
  if (metrics.mode !== 'port' || !runtime.metrics) return null;
  return startMetricsServer(runtime.metrics, metrics.port, runtime.config.host);
}

export interface WorkerParts {
  agent: Agent;
  player: StepPlayer;
}

/**
 * The built-in deterministic agent (with the language model of GOALIE_LLM_*, if any) and its step
 * player; `timeouts`: GOALIE_FIND_TIMEOUT_MS and GOALIE_EXPECT_TIMEOUT_MS (the agent's defaults without).
 */
export async function builtinWorkerParts(
  llm: LlmConfig | null = null,
  logger?: Logger,
  timeouts: { findTimeoutMs?: number; expectTimeoutMs?: number } = {},
): Promise<WorkerParts> {
  const [{ BuiltinAgent }, { builtinStepPlayer }, { loggedModel }, { openAiModel }] = await Promise.all([
    import('./agent/builtin-agent.js'),
    import('./agent/builtin-step-player.js'),
    import('./agent/llm/logged-model.js'),
    import('./agent/llm/openai-model.js'),
  ]);
  const model = llm ? openAiModel(llm) : null;
  return {
    agent: new BuiltinAgent({
      model: model && logger ? loggedModel(model, logger) : model,
      findTimeoutMs: timeouts.findTimeoutMs,
      expectTimeoutMs: timeouts.expectTimeoutMs,
    }),
    player: builtinStepPlayer(),
  };
}

export interface RunningWorker {
  worker: Worker;
  executor: PlaywrightExecutor;
  scheduler: { stop(): Promise<void>; tick(): Promise<void> };
  stop(): Promise<void>;
}

// The database being away is logged once (by runtime.health), not at every poll, heartbeat and tick.
const databaseAway = (runtime: CoreRuntime) => (error: unknown) => runtime.health.unreachable(error) !== null;

/** The scheduler without a worker: `goalie serve` with GOALIE_CONCURRENCY=0 (no browser in this process). */
export function startSchedulerOnly(runtime: CoreRuntime): Pick<RunningWorker, 'scheduler' | 'stop'> {
  const scheduler = startScheduler(runtime.app, {
    tickMs: runtime.config.schedulerTickMs,
    staleAfterMs: runtime.config.workerStaleMs,
    databaseAway: databaseAway(runtime),
    evidence: runtime.evidence,
  });
  return { scheduler, stop: () => scheduler.stop() };
}

/** A worker with its browser, and the scheduler beside it (`goalie serve` and `goalie worker`). */
export async function startWorker(
  runtime: CoreRuntime,
  given?: WorkerParts,
  options: { scheduler?: boolean } = {},
): Promise<RunningWorker> {
  const { config } = runtime;
  const parts = given ?? (await builtinWorkerParts(config.llm, runtime.logger, config));
  const [{ PlaywrightExecutor }, { PlaywrightExplorer }, { NetworkGuard }, { browserReadiness }] = await Promise.all([
    import('./agent/execute-test-case.js'),
    import('./exploratory/playwright-explorer.js'),
    import('./agent/network-guard.js'),
    import('./agent/browser-readiness.js'),
  ]);
  if (config.llm)
    runtime.logger.info(
      { baseUrl: config.llm.baseUrl, model: config.llm.model },
      'language model for sentences, targets and expected results the built-in agent cannot handle',
    );
  const network = runtime.app.browserNetwork ?? browserNetwork(config, runtime.databaseUrl);
  const executor = new PlaywrightExecutor(parts.agent, parts.player, runtime.evidence, {
    chromiumPath: config.chromiumPath,
    wsEndpoint: config.browserWsEndpoint,
    trace: config.trace,
    stepScreenshots: config.stepScreenshots,
    network,
    onBrowserError: (error) =>
      runtime.logger.error({ err: error }, 'Playwright error outside any call; the call it answered fails'),
    ...(runtime.metrics
      ? {
          browserEvents: {
            launched: () => runtime.metrics!.browserLaunched(),
            lost: () => runtime.metrics!.browserLost(),
          },
        }
      : {}),
  });
  const worker = new Worker(runtime.app, runtime.boss, executor, {
    databaseUrl: runtime.databaseUrl,
    concurrency: config.concurrency,
    projectParallelism: config.projectParallelism,
    // Exploration drives the same browser as the test cases: one browser per worker process.
    // A remote browser cannot reach the guard's proxy on this machine: it is guarded by hooks instead.
    review: {
      explorer: new PlaywrightExplorer(() => executor.getBrowser(), {
        guard: (project) =>
          new NetworkGuard({ ...network, mechanism: config.browserWsEndpoint ? 'hooks' : 'proxy' }, project),
      }),
      exploreMaxPages: config.exploreMaxPages,
      exploreMaxMs: config.exploreMaxMs,
    },
    slack: slackMessenger({ apiUrl: config.slackApiUrl }),
    webhooks: { sender: httpWebhookSender({ ownPorts: network.ownPorts }), version: goalieVersion() },
    teams: teamsWebhook({ ownPorts: network.ownPorts }),
    ...(config.smtp ? { email: smtpMailer(config.smtp) } : {}),
    databaseAway: databaseAway(runtime),
  });
  await worker.start();
  runtime.readiness.push(browserReadiness(executor, config.browserWsEndpoint !== null));
  const scheduler =
    options.scheduler === false
      ? { stop: async () => {}, tick: async () => {} }
      : startSchedulerOnly(runtime).scheduler;
  return {
    worker,
    executor,
    scheduler,
    async stop() {
      await scheduler.stop();
      await worker.stop(config.shutdownGraceMs);
      await executor.close();
    },
  };
}
