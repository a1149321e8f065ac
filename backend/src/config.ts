// The only reader of process.env. Everything else receives a Config.
import path from 'node:path';
import { ConfigurationError } from './configuration-error.js';
import { parseEvidenceUrl, type EvidenceLocation } from './config-evidence.js';
import { parseSmtp, type SmtpConfig } from './config-smtp.js';
import { parseTrustProxy } from './config-trust-proxy.js';
import type { ProxyTrust } from './domain/forwarded-for.js';

export interface Config {
  port: number;
  host: string;
  /** Where embedded PostgreSQL data, the secret key and evidence live. */
  home: string;
  /** External PostgreSQL; when null, embedded PostgreSQL under `home` is used. */
  databaseUrl: string | null;
  /** Base of the links in API answers (run and test case pages). */
  publicUrl: string;
  /** GOALIE_PUBLIC_URL was set (publicUrl is not the default made of PORT). */
  publicUrlGiven: boolean;
  /** GOALIE_TRUST_PROXY: whose X-Forwarded-For, -Host and -Proto are believed; by default nobody's. */
  trustProxy: ProxyTrust;
  outboundIps: string[];
  /** 32-byte key (base64 or hex) for secrets at rest; when null, a key file under `home` is created and used. */
  secretKey: string | null;
  logLevel: string;
  /** GOALIE_LOG_FORMAT: readable lines or JSON; `auto` chooses by whether the output is a terminal. */
  logFormat: LogFormatSetting;
  bodyLimitBytes: number;
  /** How long an API token's caller (token, project, organization) is kept in memory; 0: not kept. */
  tokenCacheMs: number;
  slackApiUrl: string;
  chromiumPath: string | null;
  browserWsEndpoint: string | null;
  concurrency: number;
  /** Test cases of one project running at once across all workers. */
  projectParallelism: number;
  /** A worker silent this long has its test cases taken back. */
  workerStaleMs: number;
  /** Prometheus metrics (docs/operations.md#metrics): off, on the public port behind a token, or on a port of their own. */
  metrics: MetricsConfig;
  /** On SIGTERM/SIGINT, how long running test cases may finish before the rest is handed back. */
  shutdownGraceMs: number;
  schedulerTickMs: number;
  /** How long burn-in and healing wait for a step's target before the step fails (GOALIE_FIND_TIMEOUT_MS). */
  findTimeoutMs: number;
  /** How long an expectation may take to come true before it fails (GOALIE_EXPECT_TIMEOUT_MS). */
  expectTimeoutMs: number;
  /** Record a Playwright trace of every test case (GOALIE_TRACE=off turns it off). */
  trace: boolean;
  /** A screenshot after every step (GOALIE_SCREENSHOTS=steps), or only at the end (=end). */
  stepScreenshots: boolean;
  /** Bounds of exploratory testing in reviews. */
  exploreMaxPages: number;
  exploreMaxMs: number;
  /**
   * What the browser may reach when a project does not say (`project.network` in its YAML). By
   * default allowed on the embedded PostgreSQL (one machine: a trial, the demo, development),
   * refused with DATABASE_URL (a deployment). docs/security.md.
   */
  browserNetwork: { allowLoopback: boolean; allowPrivate: boolean };
  /** Port of the demo shop `goalie serve` runs on 127.0.0.1; null turns it off. */
  demoPort: number | null;
  /** Where evidence is kept: GOALIE_HOME/evidence, or S3-compatible storage (GOALIE_EVIDENCE_URL). */
  evidence: EvidenceLocation;
  /** An OpenAI-compatible chat-completions endpoint for what the built-in agent cannot do; null: none. */
  llm: LlmConfig | null;
  /** Signing in with GitHub and GitLab (GOALIE_GITHUB_OAUTH_*, GOALIE_GITLAB_OAUTH_*); null: no button. */
  signIn: { github: OAuthAppConfig | null; gitlab: OAuthAppConfig | null };
  /** Email notifications' SMTP server and sender (GOALIE_SMTP_URL, GOALIE_SMTP_FROM); null: no email. */
  smtp: SmtpConfig | null;
}

/** An OAuth application registered on GitHub or GitLab (github.com, GitHub Enterprise, gitlab.com, self-managed). */
export interface OAuthAppConfig {
  clientId: string;
  clientSecret: string;
  /** The host's web address, without a trailing slash: https://github.com, https://example.com/gitlab */
  url: string;
  /** Its REST API: https://api.github.com, https://ghe.example.com/api/v3, https://example.com/gitlab/api/v4 */
  apiUrl: string;
}

export interface LlmConfig {
  /** Up to the version segment, e.g. https://api.openai.com/v1 or http://localhost:11434/v1. */
  baseUrl: string;
  /** null: the endpoint needs none (Ollama, llama.cpp, vLLM without --api-key). */
  apiKey: string | null;
  model: string;
  /** One request, retries not included. */
  timeoutMs: number;
  /** Retries of a timeout, 429 or 5xx answer, with exponential backoff. */
  maxRetries: number;
}

type Env = Record<string, string | undefined>;

export type LogFormatSetting = 'auto' | 'pretty' | 'json';

const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

/** LOG_LEVEL: checked here, where a typo is a message instead of pino's stack trace. */
function logLevel(env: Env): string {
  const raw = env.LOG_LEVEL?.trim().toLowerCase() || 'info';
  if (!LOG_LEVELS.includes(raw))
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got ${JSON.stringify(env.LOG_LEVEL)}`);
  return raw;
}

function logFormat(env: Env): LogFormatSetting {
  const raw = env.GOALIE_LOG_FORMAT?.trim().toLowerCase() || 'auto';
  if (raw === 'auto' || raw === 'pretty' || raw === 'json') return raw;
  throw new Error(
    `GOALIE_LOG_FORMAT must be pretty (readable lines), json (one JSON object per line, for log collectors) or auto (pretty on a terminal, json elsewhere; the default), got ${JSON.stringify(env.GOALIE_LOG_FORMAT)}`,
  );
}

export type MetricsConfig = { mode: 'off' } | { mode: 'token'; token: string } | { mode: 'port'; port: number };

function metrics(env: Env, publicPort: number): MetricsConfig {
  const mode = env.GOALIE_METRICS || 'off';
  if (mode === 'off') return { mode };
  if (mode === 'token') {
    const token = env.GOALIE_METRICS_TOKEN ?? '';
    if (token.length < 16)
      throw new Error(
        'GOALIE_METRICS=token needs GOALIE_METRICS_TOKEN, at least 16 characters (e.g. `openssl rand -hex 24`): Prometheus sends it as `Authorization: Bearer <token>`.',
      );
    return { mode, token };
  }
  if (mode === 'port') {
    const port = int(env, 'GOALIE_METRICS_PORT', 9464, 1);
    if (port === publicPort)
      throw new Error(
        `GOALIE_METRICS_PORT must differ from PORT (${publicPort}): metrics are never served on the public port without a token. Pick another port, or use GOALIE_METRICS=token.`,
      );
    return { mode, port };
  }
  throw new Error(`GOALIE_METRICS must be off, token or port, got ${JSON.stringify(mode)}.`);
}

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

/** At most a minute: a revoked token or a suspended organization must stop working soon. */
function tokenCacheSeconds(env: Env): number {
  const seconds = int(env, 'GOALIE_TOKEN_CACHE_SECONDS', 5, 0);
  if (seconds > 60)
    throw new Error(
      `GOALIE_TOKEN_CACHE_SECONDS must be at most 60 (a revoked token keeps working up to that long in each process), got ${seconds}`,
    );
  return seconds;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw new Error(`${name} must be true or false, got ${JSON.stringify(env[name])}`);
}

function screenshots(env: Env): boolean {
  const raw = env.GOALIE_SCREENSHOTS || 'steps';
  if (raw !== 'steps' && raw !== 'end')
    throw new Error(
      `GOALIE_SCREENSHOTS must be steps (after every step and at the end) or end (only at the end), got ${JSON.stringify(raw)}`,
    );
  return raw === 'steps';
}

/** GOALIE_LLM_*: all or nothing, checked at start-up so a typo does not show up as a failed burn-in later. */
function llm(env: Env): LlmConfig | null {
  const baseUrl = env.GOALIE_LLM_BASE_URL?.trim() || '';
  const model = env.GOALIE_LLM_MODEL?.trim() || '';
  const apiKey = env.GOALIE_LLM_API_KEY?.trim() || null;
  if (!baseUrl) {
    const stray = [model && 'GOALIE_LLM_MODEL', apiKey && 'GOALIE_LLM_API_KEY'].filter(Boolean);
    if (stray.length)
      throw new Error(
        `${stray.join(' and ')} ${stray.length > 1 ? 'are' : 'is'} set but GOALIE_LLM_BASE_URL is not. Set it to the endpoint's OpenAI-compatible base URL (https://api.openai.com/v1 for OpenAI, http://localhost:11434/v1 for Ollama), or unset ${stray.join(' and ')} to run without a language model.`,
      );
    return null;
  }
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error(
      `GOALIE_LLM_BASE_URL must be an http(s) URL such as https://api.openai.com/v1 or http://localhost:11434/v1, got ${JSON.stringify(baseUrl)}`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`GOALIE_LLM_BASE_URL must start with http:// or https://, got ${JSON.stringify(baseUrl)}`);
  if (url.username || url.password)
    throw new Error('GOALIE_LLM_BASE_URL must not hold credentials; put the key in GOALIE_LLM_API_KEY');
  if (!model)
    throw new Error(
      `GOALIE_LLM_MODEL is required when GOALIE_LLM_BASE_URL is set: the model name the endpoint knows, e.g. gpt-4.1-mini (OpenAI), your deployment's name (Azure) or llama3.1 (Ollama)`,
    );
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    apiKey,
    model,
    timeoutMs: int(env, 'GOALIE_LLM_TIMEOUT_MS', 60_000, 1000),
    maxRetries: int(env, 'GOALIE_LLM_MAX_RETRIES', 2, 0),
  };
}

/** An http(s) base address without credentials, query or fragment, without its trailing slash. */
function baseUrl(env: Env, name: string, fallback: string, example: string): string {
  const raw = env[name]?.trim() || fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an http(s) URL such as ${example}, got ${JSON.stringify(raw)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`${name} must start with https:// (or http://), got ${JSON.stringify(raw)}`);
  if (url.username || url.password || url.search || url.hash)
    throw new Error(
      `${name} must be the bare address of the host (such as ${example}), without credentials, ? or #; got ${JSON.stringify(raw)}`,
    );
  return url.href.replace(/\/+$/, '');
}

/**
 * GitHub's REST API beside its web address: api.github.com for github.com, api.<name>.ghe.com for
 * GitHub Enterprise Cloud with data residency, <base>/api/v3 for GitHub Enterprise Server.
 */
export function githubApiUrl(webUrl: string): string {
  const url = new URL(webUrl);
  if (url.pathname === '/' && url.hostname === 'github.com') return `${url.protocol}//api.github.com`;
  if (url.pathname === '/' && url.hostname.endsWith('.ghe.com')) return `${url.protocol}//api.${url.host}`;
  return `${webUrl}/api/v3`;
}

/** GOALIE_<HOST>_OAUTH_*: the ID and secret together or neither, checked at start-up. */
function oauthApp(env: Env, host: 'GITHUB' | 'GITLAB'): OAuthAppConfig | null {
  const prefix = `GOALIE_${host}_OAUTH_`;
  const clientId = env[`${prefix}CLIENT_ID`]?.trim() || '';
  const clientSecret = env[`${prefix}CLIENT_SECRET`]?.trim() || '';
  const where =
    host === 'GITHUB'
      ? 'the OAuth app (GitHub: Settings, Developer settings, OAuth Apps)'
      : 'the application (GitLab: Edit profile, Applications, or Admin, Applications)';
  if (!clientId || !clientSecret) {
    const set = ['CLIENT_ID', 'CLIENT_SECRET', 'URL', ...(host === 'GITHUB' ? ['API_URL'] : [])].filter((name) =>
      env[prefix + name]?.trim(),
    );
    if (set.length) {
      const missing = [!clientId && `${prefix}CLIENT_ID`, !clientSecret && `${prefix}CLIENT_SECRET`].filter(Boolean);
      throw new Error(
        `${set.map((s) => prefix + s).join(' and ')} ${set.length > 1 ? 'are' : 'is'} set but ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not. Set both from ${where} (docs/configuration.md, Signing in with GitHub or GitLab), or unset the others to sign in with passwords only.`,
      );
    }
    return null;
  }
  if (host === 'GITHUB') {
    const url = baseUrl(env, `${prefix}URL`, 'https://github.com', 'https://github.com or https://ghe.example.com');
    const apiUrl = env[`${prefix}API_URL`]?.trim()
      ? baseUrl(env, `${prefix}API_URL`, '', 'https://ghe.example.com/api/v3')
      : githubApiUrl(url);
    return { clientId, clientSecret, url, apiUrl };
  }
  // The instance's address, also when given with the API's /api/v4 (as GITLAB_URL often is).
  const url = baseUrl(
    env,
    `${prefix}URL`,
    'https://gitlab.com',
    'https://gitlab.com or https://example.com/gitlab',
  ).replace(/\/api\/v4$/, '');
  return { clientId, clientSecret, url, apiUrl: `${url}/api/v4` };
}

export { ConfigurationError };

/** Every setting, checked: a bad one is a ConfigurationError whose message says what to set. */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  try {
    return readConfig(env, cwd);
  } catch (error) {
    if (error instanceof ConfigurationError || !(error instanceof Error)) throw error;
    throw new ConfigurationError(error.message);
  }
}

function readConfig(env: Env, cwd: string): Config {
  const port = int(env, 'PORT', 8080);
  const home = path.resolve(cwd, env.GOALIE_HOME || '.goalie');
  const publicUrl = (env.GOALIE_PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    home,
    databaseUrl: env.DATABASE_URL || null,
    publicUrl,
    publicUrlGiven: Boolean(env.GOALIE_PUBLIC_URL),
    trustProxy: parseTrustProxy(env),
    outboundIps: (env.GOALIE_OUTBOUND_IPS || '')
      .split(',')
      .map((ip) => ip.trim())
      .filter(Boolean),
    secretKey: env.GOALIE_SECRET_KEY || null,
    logLevel: logLevel(env),
    logFormat: logFormat(env),
    bodyLimitBytes: parseSize(env.GOALIE_BODY_LIMIT || '1mb'),
    tokenCacheMs: tokenCacheSeconds(env) * 1000,
    slackApiUrl: (env.SLACK_API_URL || 'https://slack.com/api/').replace(/\/?$/, '/'),
    chromiumPath: env.GOALIE_CHROMIUM_PATH || null,
    browserWsEndpoint: env.GOALIE_BROWSER_WS_ENDPOINT || null,
    concurrency: int(env, 'GOALIE_CONCURRENCY', 4, 0),
    projectParallelism: int(env, 'GOALIE_PROJECT_PARALLELISM', 20, 1),
    workerStaleMs: int(env, 'GOALIE_WORKER_STALE_SECONDS', 15, 3) * 1000,
    metrics: metrics(env, port),
    shutdownGraceMs: int(env, 'GOALIE_SHUTDOWN_GRACE_SECONDS', 30, 0) * 1000,
    schedulerTickMs: int(env, 'GOALIE_SCHEDULER_TICK_SECONDS', 5, 1) * 1000,
    findTimeoutMs: int(env, 'GOALIE_FIND_TIMEOUT_MS', 5000, 100),
    expectTimeoutMs: int(env, 'GOALIE_EXPECT_TIMEOUT_MS', 3000, 100),
    trace: env.GOALIE_TRACE !== 'off',
    stepScreenshots: screenshots(env),
    exploreMaxPages: int(env, 'GOALIE_EXPLORE_MAX_PAGES', 20, 1),
    exploreMaxMs: int(env, 'GOALIE_EXPLORE_MAX_SECONDS', 60, 1) * 1000,
    browserNetwork: {
      allowLoopback: flag(env, 'GOALIE_BROWSER_ALLOW_LOOPBACK', !env.DATABASE_URL),
      allowPrivate: flag(env, 'GOALIE_BROWSER_ALLOW_PRIVATE', !env.DATABASE_URL),
    },
    demoPort: env.GOALIE_DEMO_PORT === 'off' ? null : int(env, 'GOALIE_DEMO_PORT', 8090),
    evidence: env.GOALIE_EVIDENCE_URL?.trim()
      ? parseEvidenceUrl(env.GOALIE_EVIDENCE_URL, env.AWS_REGION || env.AWS_DEFAULT_REGION)
      : { kind: 'local', dir: path.join(home, 'evidence') },
    llm: llm(env),
    signIn: { github: oauthApp(env, 'GITHUB'), gitlab: oauthApp(env, 'GITLAB') },
    smtp: parseSmtp(env),
  };
}
