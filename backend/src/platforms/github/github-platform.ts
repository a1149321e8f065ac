// ChangeRequestPlatform for one GitHub repository: pull requests are change requests, issue
// comments are notes, pull request reviews carry the verdict.
import type {
  ChangeRequest,
  ChangeRequestOrigin,
  ChangeRequestPlatform,
  CommitState,
  HostUser,
  PlatformConnection,
} from '../../app/ports/change-request-platform.js';
import { GITHUB_ACTIONS_LOGIN, type RepositoryPermission } from '../../domain/review/permission.js';
import type { Deployment } from '../../domain/review/readiness.js';
import type { Verdict } from '../../domain/review/verdict.js';
import { createGitHubClient, type GitHubClient, type GitHubClientOptions } from './github-api.js';
import { GitHubError, toGitHubError } from './github-errors.js';
import {
  isAppBot,
  isOwnPullRequestRefusal,
  toChangeRequest,
  toChangeRequestOrigin,
  toPermission,
  toReadyDeployment,
  toReviewEvent,
} from './github-mapping.js';

export const GITHUB_STATUS_CONTEXT = 'goalie/review';
export const GITHUB_WEBHOOK_EVENTS: readonly string[] = ['pull_request', 'issue_comment', 'deployment_status', 'push'];
/** GitHub refuses longer commit status descriptions (422 "description is too long"). */
const STATUS_DESCRIPTION_MAX = 140;
const CREATE_COMMENT_ATTEMPTS = 3;

export class GitHubPlatform implements ChangeRequestPlatform {
  readonly host = 'github' as const;
  private readonly owner: string;
  private readonly repo: string;

  constructor(
    private readonly client: GitHubClient,
    readonly repository: string,
    private readonly apiUrl: string,
    /** What the client signs in with; only the wording of errors depends on it. */
    private readonly auth: 'token' | 'app' = 'token',
  ) {
    const [owner, repo, ...rest] = repository.split('/');
    if (!owner || !repo || rest.length) throw new Error(`GitHub repository must be "owner/repo", got "${repository}"`);
    this.owner = owner;
    this.repo = repo;
  }

  async getChangeRequest(number: number): Promise<ChangeRequest> {
    return toChangeRequest(await this.readPull(number));
  }

  async upsertComment(number: number, marker: string, body: string): Promise<{ id: string; url: string | null }> {
    // Without the marker the comment could never be found again, and every call would add one.
    const text = body.includes(marker) ? body : `${body}\n\n${marker}`;
    for (let attempt = 1; ; attempt++) {
      const existing = await this.call(`list the comments of pull request #${number}`, 'Pull requests: read', () =>
        this.findComment(number, marker),
      );
      if (existing) {
        if (existing.body === text) return { id: String(existing.id), url: existing.html_url };
        const { data } = await this.call(
          `update comment ${existing.id} on pull request #${number}`,
          'Pull requests: write',
          () =>
            this.client.rest.issues.updateComment({
              owner: this.owner,
              repo: this.repo,
              comment_id: existing.id,
              body: text,
            }),
        );
        return { id: String(data.id), url: data.html_url };
      }
      try {
        // Not retried blindly: a create that timed out or failed with a 5xx may have landed anyway,
        // so the next attempt looks for the comment again before creating one.
        const { data } = await this.call(`comment on pull request #${number}`, 'Pull requests: write', () =>
          this.client.rest.issues.createComment({
            owner: this.owner,
            repo: this.repo,
            issue_number: number,
            body: text,
            request: { retries: 0 },
          }),
        );
        return { id: String(data.id), url: data.html_url };
      } catch (error) {
        const transient = error instanceof GitHubError && (error.status === null || error.status >= 500);
        if (!transient || attempt >= CREATE_COMMENT_ATTEMPTS) throw error;
      }
    }
  }

  async submitVerdict(
    number: number,
    verdict: Verdict,
    body: string,
    sha: string,
  ): Promise<{ applied: boolean; detail: string }> {
    const event = toReviewEvent(verdict);
    // GitHub requires a body for REQUEST_CHANGES and COMMENT reviews.
    const text = body.trim() ? body : `Goalie: ${verdict}`;
    const review = (reviewEvent: typeof event) =>
      this.call(`submit a ${reviewEvent} review on pull request #${number}`, 'Pull requests: write', () =>
        this.client.rest.pulls.createReview({
          owner: this.owner,
          repo: this.repo,
          pull_number: number,
          commit_id: sha,
          body: text,
          event: reviewEvent,
        }),
      );
    try {
      const { data } = await review(event);
      return { applied: true, detail: `Submitted a ${event} review${data.html_url ? ` (${data.html_url})` : ''}.` };
    } catch (error) {
      if (
        event === 'COMMENT' ||
        !(error instanceof GitHubError) ||
        !isOwnPullRequestRefusal(error.status, error.githubMessage)
      )
        throw error;
      await review('COMMENT');
      const verb = event === 'APPROVE' ? 'approve' : 'request changes on';
      const posted = `so the verdict "${verdict}" was posted as a COMMENT review.`;
      return {
        applied: false,
        detail:
          this.auth === 'app'
            ? `GitHub does not let a GitHub App ${verb} a pull request it opened itself ("${error.githubMessage}"), ${posted}`
            : `GitHub does not let a token's user ${verb} their own pull request ("${error.githubMessage}"), ${posted} ` +
              `Use a token of a separate (bot) account to let Goalie ${event === 'APPROVE' ? 'approve' : 'request changes'}.`,
      };
    }
  }

  async setCommitStatus(sha: string, state: CommitState, targetUrl: string, description: string): Promise<void> {
    await this.call(`set the commit status of ${sha.slice(0, 12)}`, 'Commit statuses: write', () =>
      this.client.rest.repos.createCommitStatus({
        owner: this.owner,
        repo: this.repo,
        sha,
        state: state === 'cancelled' ? 'error' : state,
        context: GITHUB_STATUS_CONTEXT,
        description:
          description.length > STATUS_DESCRIPTION_MAX
            ? `${description.slice(0, STATUS_DESCRIPTION_MAX - 1)}…`
            : description,
        ...(targetUrl ? { target_url: targetUrl } : {}),
      }),
    );
  }

  async listDeployments(sha: string): Promise<Deployment[]> {
    return this.call(`list the deployments of ${sha.slice(0, 12)}`, 'Deployments: read', async () => {
      const deployments = await this.client.paginate(this.client.rest.repos.listDeployments, {
        owner: this.owner,
        repo: this.repo,
        sha,
        per_page: 100,
      });
      // GitHub lists newest first; readiness wants oldest first.
      const oldestFirst = [...deployments].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
      const ready: Deployment[] = [];
      for (const deployment of oldestFirst) {
        // Statuses are listed newest first: the first one is the deployment's current state.
        const { data: statuses } = await this.client.rest.repos.listDeploymentStatuses({
          owner: this.owner,
          repo: this.repo,
          deployment_id: deployment.id,
          per_page: 1,
        });
        const found = toReadyDeployment(deployment, statuses[0]);
        if (found) ready.push(found);
      }
      return ready;
    });
  }

  async permissionOf(user: HostUser): Promise<RepositoryPermission> {
    if (!user.username) return 'none';
    // The repository's own workflows act as this app with a token of at most write permission.
    if (user.username === GITHUB_ACTIONS_LOGIN) return 'write';
    const username = user.username;
    try {
      const { data } = await this.call(`read the permission of ${username}`, 'Metadata: read', () =>
        this.client.rest.repos.getCollaboratorPermissionLevel({ owner: this.owner, repo: this.repo, username }),
      );
      return toPermission(data);
    } catch (error) {
      // 404: not a collaborator (or no such user).
      if (error instanceof GitHubError && error.status === 404) return 'none';
      throw error;
    }
  }

  async isAutomation(user: HostUser): Promise<boolean> {
    return isAppBot(user.username);
  }

  async changeRequestOrigin(number: number): Promise<ChangeRequestOrigin> {
    return toChangeRequestOrigin(await this.readPull(number));
  }

  async ensureWebhook(url: string, secret: string): Promise<{ id: string; created: boolean }> {
    const config = { url, secret, content_type: 'json', insecure_ssl: '0' as const };
    const hooks = await this.call('list the webhooks', 'Webhooks: read', () =>
      this.client.paginate(this.client.rest.repos.listWebhooks, { owner: this.owner, repo: this.repo, per_page: 100 }),
    );
    const existing = hooks.find((hook) => hook.config.url === url);
    if (existing) {
      await this.call(`update webhook ${existing.id}`, 'Webhooks: write', () =>
        this.client.rest.repos.updateWebhook({
          owner: this.owner,
          repo: this.repo,
          hook_id: existing.id,
          active: true,
          events: [...GITHUB_WEBHOOK_EVENTS],
          config,
        }),
      );
      return { id: String(existing.id), created: false };
    }
    const { data } = await this.call('create the webhook', 'Webhooks: write', () =>
      this.client.rest.repos.createWebhook({
        owner: this.owner,
        repo: this.repo,
        name: 'web',
        active: true,
        events: [...GITHUB_WEBHOOK_EVENTS],
        config,
      }),
    );
    return { id: String(data.id), created: true };
  }

  private async readPull(number: number) {
    const { data } = await this.call(`read pull request #${number}`, 'Pull requests: read', () =>
      this.client.rest.pulls.get({ owner: this.owner, repo: this.repo, pull_number: number }),
    );
    return data;
  }

  /** The oldest comment carrying the marker, reading pages only until it turns up. */
  private async findComment(number: number, marker: string) {
    let found: { id: number; body?: string; html_url: string } | undefined;
    await this.client.paginate(
      this.client.rest.issues.listComments,
      { owner: this.owner, repo: this.repo, issue_number: number, per_page: 100 },
      (response, done) => {
        found = response.data.find((comment) => comment.body?.includes(marker));
        if (found) done();
        return [];
      },
    );
    return found;
  }

  private async call<T>(action: string, permission: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw toGitHubError(error, {
        action,
        permission,
        repository: this.repository,
        apiUrl: this.apiUrl,
        auth: this.auth,
      });
    }
  }
}

export function createGitHubPlatform(connection: PlatformConnection, options: GitHubClientOptions): GitHubPlatform {
  return new GitHubPlatform(
    createGitHubClient(connection, options),
    connection.repository,
    connection.apiUrl,
    connection.credentials.kind,
  );
}
