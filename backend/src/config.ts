// The only reader of process.env. Everything else receives a Config.
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** Where embedded PostgreSQL data, the secret key and evidence live. */
  home: string;
  /** External PostgreSQL; when null, embedded PostgreSQL under `home` is used. */
  databaseUrl: string | null;
  /** Base of the links in API answers (run and test case pages). */
  publicUrl: string;
  outboundIps: string[];
  /** 32-byte key (base64 or hex) for secrets at rest; when null, a key file under `home` is created and used. */
  secretKey: string | null;
  logLevel: string;
  bodyLimitBytes: number;
  slackApiUrl: string;
  chromiumPath: string | null;
  browserWsEndpoint: string | null;
  concurrency: number;
  /** Test cases of one project running at once across all workers. */
  projectParallelism: number;
  /** A worker silent this long has its test cases taken back. */
  workerStaleMs: number;
  schedulerTickMs: number;
  /** Record a Playwright trace of every test case (GOALIE_TRACE=off turns it off). */
  trace: boolean;
  /** A screenshot after every step (GOALIE_SCREENSHOTS=steps), or only at the end (=end). */
  stepScreenshots: boolean;
  /** Bounds of exploratory testing in reviews. */
  exploreMaxPages: number;
  exploreMaxMs: number;
  /** Port of the demo shop `goalie serve` runs on 127.0.0.1; null turns it off. */
  demoPort: number | null;
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be a whole number of at least ${min}, got ${JSON.stringify(raw)}`);
  }
  return value;
}

/** "1mb", "512kb", "2048" -> bytes */
export function parseSize(raw: string): number {
  const match = /^\s*(\d+)\s*(b|kb|mb)?\s*$/i.exec(raw);
  if (!match) throw new Error(`GOALIE_BODY_LIMIT must look like 1mb, 512kb or 2048, got ${JSON.stringify(raw)}`);
  const unit = (match[2] ?? 'b').toLowerCase();
  return Number(match[1]) * (unit === 'mb' ? 1024 * 1024 : unit === 'kb' ? 1024 : 1);
}

function screenshots(env: Env): boolean {
  const raw = env.GOALIE_SCREENSHOTS || 'steps';
  if (raw !== 'steps' && raw !== 'end') throw new Error(`GOALIE_SCREENSHOTS must be steps (after every step and at the end) or end (only at the end), got ${JSON.stringify(raw)}`);
  return raw === 'steps';
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const port = int(env, 'PORT', 8080);
  const home = path.resolve(cwd, env.GOALIE_HOME || '.goalie');
  const publicUrl = (env.GOALIE_PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    home,
    databaseUrl: env.DATABASE_URL || null,
    publicUrl,
    outboundIps: (env.GOALIE_OUTBOUND_IPS || '')
      .split(',')
      .map((ip) => ip.trim())
      .filter(Boolean),
    secretKey: env.GOALIE_SECRET_KEY || null,
    logLevel: env.LOG_LEVEL || 'info',
    bodyLimitBytes: parseSize(env.GOALIE_BODY_LIMIT || '1mb'),
    slackApiUrl: (env.SLACK_API_URL || 'https://slack.com/api/').replace(/\/?$/, '/'),
    chromiumPath: env.GOALIE_CHROMIUM_PATH || null,
    browserWsEndpoint: env.GOALIE_BROWSER_WS_ENDPOINT || null,
    concurrency: int(env, 'GOALIE_CONCURRENCY', 4, 1),
    projectParallelism: int(env, 'GOALIE_PROJECT_PARALLELISM', 20, 1),
    workerStaleMs: int(env, 'GOALIE_WORKER_STALE_SECONDS', 15, 3) * 1000,
    schedulerTickMs: int(env, 'GOALIE_SCHEDULER_TICK_SECONDS', 5, 1) * 1000,
    trace: env.GOALIE_TRACE !== 'off',
    stepScreenshots: screenshots(env),
    exploreMaxPages: int(env, 'GOALIE_EXPLORE_MAX_PAGES', 20, 1),
    exploreMaxMs: int(env, 'GOALIE_EXPLORE_MAX_SECONDS', 60, 1) * 1000,
    demoPort: env.GOALIE_DEMO_PORT === 'off' ? null : int(env, 'GOALIE_DEMO_PORT', 8090),
  };
}
