// Composition root: the only place that builds adapters and hands them to the use cases.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type Koa from 'koa';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { linksFor, type AppContext } from './app/context.js';
import type { Config } from './config.js';
import { createHttpApp } from './http/app.js';
import type { AppState } from './http/state.js';
import { slackChannels } from './integrations/slack/slack-channels.js';
import { createDataSource, migrate } from './persistence/data-source.js';
import { startEmbeddedPostgres, type Database } from './persistence/embedded-postgres.js';
import { loadSecretBox, type SecretBox } from './persistence/secret-box.js';
import { createStore } from './persistence/store.js';

export interface Runtime {
  config: Config;
  logger: Logger;
  dataSource: DataSource;
  secrets: SecretBox;
  app: AppContext;
  http: Koa<AppState>;
  /** Closes the database pool (not the database server). */
  close(): Promise<void>;
}

/** DATABASE_URL when given; otherwise embedded PostgreSQL under GOALIE_HOME. */
export async function openDatabase(config: Config, logger: Logger): Promise<Database & { embedded: boolean }> {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => {}, embedded: false };
  const db = await startEmbeddedPostgres({
    dir: path.join(config.home, 'postgres'),
    log: (line) => logger.debug({ component: 'postgres' }, line),
  });
  return { ...db, embedded: true };
}

export async function createRuntime(config: Config, options: { databaseUrl: string; logger: Logger; migrate?: boolean }): Promise<Runtime> {
  const { logger } = options;
  const dataSource = createDataSource(options.databaseUrl);
  await dataSource.initialize();
  if (options.migrate !== false) {
    const applied = await migrate(dataSource);
    if (applied.length) logger.info({ migrations: applied }, 'database migrated');
  }
  const secrets = loadSecretBox(config.secretKey, config.home);
  const app: AppContext = {
    store: createStore(dataSource, secrets),
    slack: slackChannels({ apiUrl: config.slackApiUrl }),
    links: linksFor(config.publicUrl),
    now: () => new Date(),
    log: logger,
  };
  const koa = createHttpApp(app, { logger, outboundIps: config.outboundIps, bodyLimitBytes: config.bodyLimitBytes });
  return { config, logger, dataSource, secrets, app, http: koa, close: () => dataSource.destroy() };
}

export async function listen(runtime: Runtime, port: number, host: string): Promise<http.Server> {
  const server = http.createServer(runtime.http.callback());
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new Error(`Port ${port} is already in use. Stop what uses it, or start Goalie on another port: PORT=8081 npm start`) : error);
    });
    server.listen(port, host, () => resolve());
  });
  return server;
}

export function portOf(server: http.Server): number {
  return (server.address() as AddressInfo).port;
}
