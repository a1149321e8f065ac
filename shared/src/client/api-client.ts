// A typed client for every v1 endpoint: native fetch, a timeout per attempt, and retries with
// exponential backoff on network errors and 5xx answers (never on 4xx: those need a fix, not a retry).
// Errors carry the API's own message and status.
import type {
  CreateTestCaseRequest,
  CreateTestCaseResponse,
  DeleteTestCaseResponse,
  OutboundIpsResponse,
  RerunRequest,
  RerunResponse,
  RunStatusView,
  RunTestCaseRequest,
  StartRunRequest,
  StartRunResponse,
  TestCaseListResponse,
  TestCaseView,
  TestPlanListResponse,
  TestPlanMembershipResponse,
  UpdateTestCaseRequest,
} from '../api/types.js';
import type { ProjectFileAnswer, ProjectFileExport, ProjectFileRequestBody } from '../api/project-file-types.js';
import { ApiError } from './api-error.js';

export interface ClientOptions {
  /** Base URL including /v1, e.g. https://goalie.example.com/v1 (a URL without /v1 gets it added). */
  apiUrl: string;
  token?: string;
  /** Per attempt. Default 30 s. */
  timeoutMs?: number;
  /** Attempts after the first. Default 3. */
  retries?: number;
  /** First backoff; doubles each retry. Default 1 s. */
  backoffMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  userAgent?: string;
}

export interface CancelRunResponse {
  success: boolean;
  run: { id: string; shortId: string; status: string };
}

/** `https://x` and `https://x/` become `https://x/v1`; a URL already ending in /v1 stays. */
export function normalizeApiUrl(apiUrl: string): string {
  const trimmed = apiUrl.trim().replace(/\/+$/, '');
  if (!/^https?:\/\//i.test(trimmed))
    throw new ApiError(0, `The API URL must start with http:// or https://, got ${JSON.stringify(apiUrl)}`);
  return /\/v1$/.test(trimmed) ? trimmed : `${trimmed}/v1`;
}

/**
 * One path segment, encoded. Never empty, `.` or `..`: URL resolution removes those (and their
 * encoded forms), so `POST /run/.` would be `POST /run`, which starts a new run.
 */
function segment(value: string, what: string): string {
  if (value === '' || value === '.' || value === '..')
    throw new ApiError(0, `${JSON.stringify(value)} is not a ${what}.`);
  return encodeURIComponent(value);
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class GoalieClient {
  readonly apiUrl: string;
  private readonly options: Required<Omit<ClientOptions, 'token' | 'userAgent'>> &
    Pick<ClientOptions, 'token' | 'userAgent'>;

  constructor(options: ClientOptions) {
    this.apiUrl = normalizeApiUrl(options.apiUrl);
    this.options = {
      timeoutMs: 30_000,
      retries: 3,
      backoffMs: 1000,
      fetch: globalThis.fetch,
      sleep: defaultSleep,
      ...options,
    };
  }

  startRun(request: StartRunRequest = {}): Promise<StartRunResponse> {
    return this.call('POST', '/run', request);
  }

  /**
   * With test cases, Goalie's extension fields are asked for too (each test case's own UUID and its
   * times: the CLI's table and JUnit use them); a server that does not know the parameter ignores it.
   */
  getRun(shortId: string, testCases?: 'all' | 'failed'): Promise<RunStatusView> {
    return this.call(
      'GET',
      `/run/${segment(shortId, 'run short ID')}${testCases ? `?testCases=${testCases}&extensions=true` : ''}`,
    );
  }

  rerun(shortId: string, request: RerunRequest = {}): Promise<RerunResponse> {
    return this.call('POST', `/run/${segment(shortId, 'run short ID')}`, request);
  }

  /** Goalie extension: cancel a run. */
  cancelRun(shortId: string): Promise<CancelRunResponse> {
    return this.call('POST', `/run/${segment(shortId, 'run short ID')}/cancel`, {});
  }

  createTestCase(request: CreateTestCaseRequest): Promise<CreateTestCaseResponse> {
    return this.call('POST', '/test-cases', request);
  }

  /** Goalie extension: the project's test plans. */
  listTestPlans(): Promise<TestPlanListResponse> {
    return this.call('GET', '/test-plans');
  }

  /** Goalie extension: the project's test cases with their burn-in state and last result. */
  listTestCases(): Promise<TestCaseListResponse> {
    return this.call('GET', '/test-cases');
  }

  /** Goalie extension: a test case with its burn-in state and recorded steps. */
  getTestCase(id: string): Promise<TestCaseView> {
    return this.call('GET', `/test-cases/${segment(id, 'test case ID')}`);
  }

  /** Goalie extension: change a test case's fields, enable or disable it (enabling needs a COMPLETED burn-in). */
  updateTestCase(id: string, request: UpdateTestCaseRequest): Promise<TestCaseView> {
    return this.call('PATCH', `/test-cases/${segment(id, 'test case ID')}`, request);
  }

  /** Goalie extension: delete a test case (refused while others depend on it). */
  deleteTestCase(id: string): Promise<DeleteTestCaseResponse> {
    return this.call('DELETE', `/test-cases/${segment(id, 'test case ID')}`);
  }

  /** Goalie extension: run one test case now (and what it depends on). */
  runTestCase(id: string, request: RunTestCaseRequest = {}): Promise<StartRunResponse> {
    return this.call('POST', `/test-cases/${segment(id, 'test case ID')}/run`, request);
  }

  /** Goalie extension: add a test case to a plan (`member` true) or take it out. */
  setPlanMembership(planShortId: string, testCaseId: string, member: boolean): Promise<TestPlanMembershipResponse> {
    const plan = `/test-plans/${segment(planShortId, 'test plan short ID')}/test-cases`;
    return member
      ? this.call('POST', plan, { testCaseId })
      : this.call('DELETE', `${plan}/${segment(testCaseId, 'test case ID')}`);
  }

  outboundIps(): Promise<OutboundIpsResponse> {
    return this.call('GET', '/outbound-ips');
  }

  /** What applying the file would do; nothing is written. Needs a token of the admin scope. */
  planProjectFile(request: ProjectFileRequestBody): Promise<ProjectFileAnswer> {
    return this.call('POST', '/project-file/plan', request);
  }

  /** Applies the file to the token's project (idempotent: the file is the desired state). */
  applyProjectFile(request: ProjectFileRequestBody): Promise<ProjectFileAnswer> {
    return this.call('POST', '/project-file/apply', request);
  }

  exportProjectFile(): Promise<ProjectFileExport> {
    return this.call('GET', '/project-file');
  }

  /**
   * The deprecated form that names the project (`/api/projects/{projectUuid}/runs`, beside /v1):
   * the server answers 404 unless the token belongs to that project. For clients that were given
   * a project ID, such as workflows written for QA.tech's action.
   */
  startRunInProject(projectUuid: string, request: StartRunRequest = {}): Promise<StartRunResponse> {
    return this.call('POST', `/api/projects/${segment(projectUuid, 'project ID')}/runs`, request, this.origin);
  }

  /** The deprecated form of getRun; 404 unless the token belongs to the project. */
  getRunInProject(projectUuid: string, shortId: string): Promise<RunStatusView> {
    return this.call(
      'GET',
      `/api/projects/${segment(projectUuid, 'project ID')}/runs/${segment(shortId, 'run short ID')}`,
      undefined,
      this.origin,
    );
  }

  /** The server's address without the API's /v1, where the deprecated routes live. */
  private get origin(): string {
    return this.apiUrl.replace(/\/v1$/, '');
  }

  async call<T>(method: string, path: string, body?: unknown, base = this.apiUrl): Promise<T> {
    const { retries, backoffMs, sleep } = this.options;
    let last: ApiError | null = null;
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) await sleep(backoffMs * 2 ** (attempt - 1));
      try {
        return await this.once<T>(method, path, body, base);
      } catch (error) {
        if (!(error instanceof ApiError) || error.isClientError) throw error;
        last = error;
      }
    }
    throw last!;
  }

  private async once<T>(method: string, path: string, body: unknown, base: string): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.options.token) headers.authorization = `Bearer ${this.options.token}`;
    if (this.options.userAgent) headers['user-agent'] = this.options.userAgent;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await this.options.fetch(base + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      const reason =
        (error as Error).name === 'TimeoutError'
          ? `no answer within ${this.options.timeoutMs / 1000} s`
          : ((error as { cause?: Error }).cause?.message ?? (error as Error).message);
      throw new ApiError(0, `Could not reach ${this.apiUrl}: ${reason}`);
    }
    const text = await response.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (a proxy's error page): the status line says enough.
    }
    if (!response.ok) {
      const message = (parsed as { message?: unknown })?.message;
      throw new ApiError(
        response.status,
        typeof message === 'string'
          ? message
          : `${method} ${path} answered HTTP ${response.status}${text && !parsed ? `: ${text.slice(0, 200)}` : ''}`,
        response.headers.get('x-request-id'),
      );
    }
    return parsed as T;
  }
}
