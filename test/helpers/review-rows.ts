// Reviews written straight into the database, for tests of the pages that show them: a project's
// repository connection (its credentials are never used: nothing calls the host) and reviews in any
// state, with their run, exploration and checks as the review job stores them.
import { randomBytes } from 'node:crypto';
import { makePlainShortId } from '../../backend/src/domain/short-id.js';
import type { Finding } from '../../backend/src/app/ports/explorer.js';
import type { CheckResult } from '../../backend/src/app/ports/review-store.js';
import { sql } from './project-yaml.js';
import type { TestService } from './service.js';

export interface Connection {
  id: string;
  projectId: string;
  repository: string;
}

/** Connects the project to a repository on `host`, mapping the `preview` environment to `applicationId`. */
export async function connectRepository(
  service: TestService,
  projectId: string,
  options: { host?: 'github' | 'gitlab'; repository?: string; applicationId?: string } = {},
): Promise<Connection> {
  const repository = options.repository ?? 'acme/shop';
  const mapping = options.applicationId ? [{ environment: 'preview', applicationId: options.applicationId }] : [];
  const [row] = await sql<{ id: string }>(
    service,
    `INSERT INTO repository_connections (project_id, short_id, host, api_url, repository, token, webhook_secret, environment_mapping)
     VALUES ($1, $2, $3, 'https://api.github.example', $4, 'unused', 'unused', $5) RETURNING id`,
    [projectId, `repo_${makePlainShortId()}`, options.host ?? 'github', repository, JSON.stringify(mapping)],
  );
  return { id: row!.id, projectId, repository };
}

export interface ReviewInput {
  number: number;
  status: 'AUTHORIZING' | 'REFUSED' | 'WAITING' | 'QUEUED' | 'RUNNING' | 'COMPLETED' | 'SUPERSEDED' | 'ERROR';
  title?: string;
  branch?: string;
  sha?: string;
  author?: string;
  event?: 'opened' | 'updated' | 'comment' | 'ci';
  verdict?: 'Approved' | 'Changes Requested' | 'Comment';
  summary?: string;
  errorMessage?: string;
  runId?: string;
  exploration?: { pagesVisited: string[]; findings: Finding[]; unreachable: boolean };
  checks?: CheckResult[];
  supersededBySha?: string;
  deploymentUrls?: { applicationId: string; url: string; environment: string }[];
  /** Minutes before now that it was asked for (and started; finished a minute later when ended). */
  minutesAgo?: number;
}

export const newSha = (): string => randomBytes(20).toString('hex');

/** Writes a review of change request `number`; answers its short ID. */
export async function writeReview(service: TestService, connection: Connection, input: ReviewInput): Promise<string> {
  const shortId = makePlainShortId();
  const created = new Date(Date.now() - (input.minutesAgo ?? 0) * 60_000);
  const ended = ['REFUSED', 'COMPLETED', 'SUPERSEDED', 'ERROR'].includes(input.status);
  const started = input.status === 'RUNNING' || ended ? new Date(created.getTime() + 5_000) : null;
  const [owner, name] = connection.repository.split('/');
  await sql(
    service,
    `INSERT INTO reviews (short_id, project_id, connection_id, change_request_number, change_request_title, change_request_url, branch, head_sha, author, event, status,
                          deployment_urls, run_id, exploration, checks, verdict, summary, error_message, superseded_by_sha, created_at, started_at, finished_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)`,
    [
      shortId,
      connection.projectId,
      connection.id,
      input.number,
      input.title ?? `Change ${input.number}`,
      `https://github.example/${owner}/${name}/pull/${input.number}`,
      input.branch ?? `feature/change-${input.number}`,
      input.sha ?? newSha(),
      input.author ?? 'octocat',
      input.event ?? 'opened',
      input.status,
      JSON.stringify(input.deploymentUrls ?? []),
      input.runId ?? null,
      input.exploration ? JSON.stringify(input.exploration) : null,
      input.checks ? JSON.stringify(input.checks) : null,
      input.verdict ?? null,
      input.summary ?? null,
      input.errorMessage ?? null,
      input.supersededBySha ?? null,
      created,
      started,
      ended && started ? new Date(started.getTime() + 60_000) : null,
    ],
  );
  return shortId;
}
