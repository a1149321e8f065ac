// The core of the composition root: the database, the queue and the use cases, which every server
// command needs. main.ts adds the HTTP app and the browser; short commands (goalie token, apply,
// user, project) import this module alone, so they do not load Playwright, Koa, Slack's Bolt and the
// MCP server (seconds of loading on every such command).
import path from 'node:path';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { linksFor, type AppContext } from './app/context.js';
import { callerCache } from './app/caller-cache.js';
import type { EvidenceStore } from './app/ports/evidence.js';
import type { ReadinessCheck } from './app/ports/readiness.js';
import type { Config } from './config.js';
import { repositoryHostFetch } from './integrations/http/checked-fetch.js';
import { slackChannels } from './integrations/slack/slack-channels.js';
import { smtpMailer } from './integrations/email/smtp-mailer.js';
import { isMachineAddress } from './integrations/http/own-ports.js';
import type { BrowserNetworkOptions } from './agent/network-guard.js';
import { hostKind } from './domain/url-policy.js';
import { pgBossQueue, queueStats, startBoss } from './jobs/pg-boss-queue.js';
import { prometheusMetrics, type PrometheusMetrics } from './metrics/prometheus.js';
import { platformFactory } from './platforms/platform-factory.js';
import { createDataSource, migrate } from './persistence/data-source.js';
import { databaseHealth, type DatabaseHealth } from './persistence/database-health.js';
import { migrationStatus } from './persistence/migration-status.js';
import { progressCounts } from './persistence/progress-counts.js';
import { startEmbeddedPostgres, type Database } from './persistence/embedded-postgres.js';
import { embeddedDatabaseDir } from './persistence/embedded-home.js';
import { checkSecretKey } from './persistence/secret-key-check.js';
import { loadSecretBox, type SecretBox } from './persistence/secret-box.js';
import { createStore } from './persistence/store.js';
import { localDiskEvidence } from './storage/local-disk.js';

/** The database, the queue and the use cases: what every server command needs. */
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

export interface RuntimeOptions {
  databaseUrl: string;
  logger: Logger;
  migrate?: boolean;
  supervise?: boolean;
  embedded?: boolean;
  evidence?: EvidenceStore;
  checkEvidence?: boolean;
  /** The job queue's wait before a retry (jobs/pg-boss-queue.ts queuePolicies); absent: production's. */
  queueRetryDelaySeconds?: number;
}

export type OpenDatabase = Database & { embedded: boolean };

export { embeddedDatabaseDir };

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
      retryDelaySeconds: options.queueRetryDelaySeconds,
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
