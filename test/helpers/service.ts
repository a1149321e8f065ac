// A real Goalie service for a test file: its own database, its own GOALIE_HOME, the real HTTP server
// on 127.0.0.1, and a client that checks every API answer against the OpenAPI description.
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { loadProjectFile } from '../../shared/src/project-file/load.js';
import { applyProject, type ApplySummary } from '../../backend/src/app/apply-project.js';
import type { EvidenceStore } from '../../backend/src/app/ports/evidence.js';
import { createToken } from '../../backend/src/app/tokens.js';
import { loadConfig, type Config } from '../../backend/src/config.js';
import { createLogger } from '../../backend/src/logger.js';
import { createRuntime, listen, type Runtime } from '../../backend/src/main.js';
import { freePort } from '../../backend/src/persistence/embedded-postgres.js';
import { assertMatchesOpenApi } from './openapi-validator.js';
import { removeEmbeddedHome } from './embedded-home.js';
import { createTestDatabase, type TestDatabase } from './postgres.js';

export interface TestService {
  baseUrl: string;
  runtime: Runtime;
  home: string;
  db: TestDatabase;
  /** Applies a project YAML (text) and returns the summary. */
  apply(yaml: string, env?: Record<string, string>): Promise<ApplySummary>;
  token(project: string): Promise<string>;
  client(token?: string): ApiClient;
  close(): Promise<void>;
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface ApiClient {
  request<T = any>(
    method: string,
    path: string,
    options?: { body?: unknown; raw?: string; headers?: Record<string, string> },
  ): Promise<ApiResponse<T>>;
  get<T = any>(path: string): Promise<ApiResponse<T>>;
  post<T = any>(path: string, body?: unknown): Promise<ApiResponse<T>>;
}

export function apiClient(baseUrl: string, token?: string): ApiClient {
  const request = async (
    method: string,
    urlPath: string,
    options: { body?: unknown; raw?: string; headers?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...options.headers,
    };
    let body: string | undefined = options.raw;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(baseUrl + urlPath, { method, headers, body });
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    const parsed = type.includes('json') && text ? JSON.parse(text) : text;
    const pathname = new URL(baseUrl + urlPath).pathname;
    // Every API answer must be what the OpenAPI document says it is.
    if (
      /^\/(v1|api)\//.test(pathname) &&
      pathname !== '/v1/openapi.json' &&
      response.status !== 405 &&
      !(response.status === 404 && !isDescribed(method, pathname))
    ) {
      assertMatchesOpenApi(method, pathname, response.status, parsed);
    }
    return { status: response.status, body: parsed, headers: response.headers };
  };
  return {
    request,
    get: (p) => request('GET', p),
    post: (p, body) => request('POST', p, body === undefined ? {} : { body }),
  };
}

function isDescribed(method: string, pathname: string): boolean {
  try {
    assertMatchesOpenApi(method, pathname, 404, { message: 'probe' });
    return true;
  } catch {
    return false;
  }
}

/**
 * `options.logger`: the service logs there instead (TEST_LOG_LEVEL, default silent).
 * `options.evidence`: this store instead of the one of `env` (GOALIE_EVIDENCE_URL, or the local disk).
 * `options.queueRetryDelaySeconds`: the job queue's wait before a retry, for a test that waits one out.
 */
export async function startTestService(
  env: Record<string, string> = {},
  options: { logger?: Logger; evidence?: EvidenceStore; queueRetryDelaySeconds?: number } = {},
): Promise<TestService> {
  const db = await createTestDatabase();
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'goalie-test-home-'));
  const logger = options.logger ?? createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
  // The links in API answers name the port, so it is chosen before the service is built.
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // The tests' sites are on 127.0.0.1, which a service with DATABASE_URL refuses by default.
  const config: Config = loadConfig({
    GOALIE_HOME: home,
    DATABASE_URL: db.url,
    PORT: String(port),
    GOALIE_PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'silent',
    GOALIE_BROWSER_ALLOW_LOOPBACK: 'true',
    ...env,
  });
  const runtime = await createRuntime(config, {
    databaseUrl: db.url,
    logger,
    evidence: options.evidence,
    queueRetryDelaySeconds: options.queueRetryDelaySeconds,
  });
  const server: http.Server = await listen(runtime, port, '127.0.0.1');

  return {
    baseUrl,
    runtime,
    home,
    db,
    async apply(yaml, extraEnv = {}) {
      const loaded = loadProjectFile('test.yaml', yaml, { ...process.env, ...extraEnv });
      return applyProject(runtime.app, loaded.doc);
    },
    async token(project) {
      return (await createToken(runtime.app, project)).token;
    },
    client: (token) => apiClient(baseUrl, token),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await runtime.close();
      await db.drop();
      // A command a test ran on this home without DATABASE_URL made a cluster that may live outside it.
      await removeEmbeddedHome(home);
    },
  };
}
