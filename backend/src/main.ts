// Composition root: the only place that builds adapters and hands them to the use cases. The core
// (database, queue, use cases) is main-core.ts; here the HTTP app and the browser join it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import type { Logger } from 'pino';
import type { LlmConfig, Config } from './config.js';
import { createHttpApp } from './http/app.js';
import { closeServer, listenOn } from './listen.js';
import type { AppState } from './http/state.js';
import { createSlackEvents } from './integrations/slack/slack-app.js';
import { slackMessenger } from './integrations/slack/slack-messenger.js';
import { httpWebhookSender } from './integrations/webhooks/http-webhook-sender.js';
import { goalieVersion } from './version.js';
import { smtpMailer } from './integrations/email/smtp-mailer.js';
import { teamsWebhook } from './integrations/teams/teams-webhook.js';
import type { Agent } from './agent/agent.js';
import { BuiltinAgent } from './agent/builtin-agent.js';
import { builtinStepPlayer } from './agent/builtin-step-player.js';
import { loggedModel } from './agent/llm/logged-model.js';
import { openAiModel } from './agent/llm/openai-model.js';
import { PlaywrightExecutor } from './agent/execute-test-case.js';
import { browserReadiness } from './agent/browser-readiness.js';
import { NetworkGuard } from './agent/network-guard.js';
import type { StepPlayer } from './agent/step-player.js';
import { PlaywrightExplorer } from './exploratory/playwright-explorer.js';
import { startMetricsServer } from './metrics/metrics-server.js';
import { signInHosts } from './platforms/sign-in-hosts.js';
import { startScheduler } from './jobs/scheduler.js';
import { Worker } from './jobs/worker.js';
import { browserNetwork, createCoreRuntime, type CoreRuntime, type RuntimeOptions } from './main-core.js';

export {
  browserNetwork,
  createCoreRuntime,
  databaseHint,
  embeddedDatabaseDir,
  openDatabase,
  openEvidence,
  type CoreRuntime,
  type OpenDatabase,
  type RuntimeOptions,
} from './main-core.js';

/** A server's runtime: the core and its HTTP app (`goalie serve`). */
export interface Runtime extends CoreRuntime {
  http: Koa<AppState>;
}

/** The core runtime and its HTTP app. */
export async function createRuntime(config: Config, options: RuntimeOptions): Promise<Runtime> {
  const core = await createCoreRuntime(config, options);
  try {
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
export function builtinWorkerParts(
  llm: LlmConfig | null = null,
  logger?: Logger,
  timeouts: { findTimeoutMs?: number; expectTimeoutMs?: number } = {},
): WorkerParts {
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
  const parts = given ?? builtinWorkerParts(config.llm, runtime.logger, config);
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
