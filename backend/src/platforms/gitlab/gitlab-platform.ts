// ChangeRequestPlatform for one GitLab project: merge requests are change requests (their iid is
// the number), notes are comments, and approving or unapproving carries the verdict.
import type {
  ChangeRequest,
  ChangeRequestOrigin,
  ChangeRequestPlatform,
  CommitState,
  HostUser,
  PlatformConnection,
} from '../../app/ports/change-request-platform.js';
import { gitlabAccessToPermission, type RepositoryPermission } from '../../domain/review/permission.js';
import type { Deployment } from '../../domain/review/readiness.js';
import type { Verdict } from '../../domain/review/verdict.js';
import { createGitLabClient, type GitLabClient, type GitLabClientOptions } from './gitlab-api.js';
import { GitLabError, toGitLabError } from './gitlab-errors.js';
import {
  isBotUsername,
  noteUrl,
  toChangeRequest,
  toChangeRequestOrigin,
  toGitLabCommitState,
  toReadyDeployment,
  type GitLabDeployment,
} from './gitlab-mapping.js';

export const GITLAB_STATUS_NAME = 'goalie/review';
/** The project hook's events: merge requests, comments, deployments and pipelines; not pushes (merge request events carry new commits). */
export const GITLAB_WEBHOOK_EVENTS = {
  mergeRequestsEvents: true,
  noteEvents: true,
  deploymentEvents: true,
  pipelineEvents: true,
  pushEvents: false,
} as const;
/** A status description is one line in GitLab's UI; longer ones are cut here rather than risk a refusal. */
const STATUS_DESCRIPTION_MAX = 255;
/** Successful deployments are read newest first, at most this many pages of 100: a commit under review deployed recently. */
const DEPLOYMENT_PAGES = 10;

interface GitLabNote {
  id: number;
  body: string;
  system?: boolean;
}

interface Page<T> {
  data: T[];
  paginationInfo: { next: number | null };
}

type VerdictResult = { applied: boolean; detail: string };

export class GitLabPlatform implements ChangeRequestPlatform {
  readonly host = 'gitlab' as const;
  readonly project: string;

  constructor(
    private readonly client: GitLabClient,
    project: string,
  ) {
    // The path as in the project's URL; gitbeaker URL-encodes it into one segment (group%2Fsub%2Fproject).
    this.project = project.trim().replace(/^\/+|\/+$/g, '');
    if (!/^\d+$/.test(this.project) && this.project.split('/').filter(Boolean).length < 2) {
      throw new Error(`GitLab project must be its path, "group/project" or "group/subgroup/project", got "${project}"`);
    }
  }

  async getChangeRequest(number: number): Promise<ChangeRequest> {
    return toChangeRequest(await this.readMergeRequest(number));
  }

  async upsertComment(number: number, marker: string, body: string): Promise<{ id: string; url: string | null }> {
    // Without the marker the note could never be found again, and every call would add one.
    const text = body.includes(marker) ? body : `${body}\n\n${marker}`;
    // One attempt is "find, then edit or create", retried as a whole: a create that answered 5xx or
    // timed out may have been saved anyway, and the next attempt then finds it instead of adding another.
    const note = await this.call(`write Goalie's comment on merge request !${number}`, 'Reporter', async () => {
      const existing = await this.findNote(number, marker);
      if (existing?.body === text) return existing;
      if (existing) return this.client.notes.edit(this.project, number, existing.id, { body: text });
      return this.client.notes.create(this.project, number, text);
    });
    return { id: String(note.id), url: noteUrl(this.client.baseUrl, this.project, number, note.id) };
  }

  /** GitLab has no "request changes" in its REST API: Approved approves, anything else withdraws Goalie's approval. */
  async submitVerdict(number: number, verdict: Verdict, _body: string, sha: string): Promise<VerdictResult> {
    return verdict === 'Approved' ? this.approve(number, sha) : this.unapprove(number, verdict);
  }

  async setCommitStatus(sha: string, state: CommitState, targetUrl: string, description: string): Promise<void> {
    const text =
      description.length > STATUS_DESCRIPTION_MAX
        ? `${description.slice(0, STATUS_DESCRIPTION_MAX - 1)}…`
        : description;
    try {
      await this.call(`set the commit status of ${sha.slice(0, 12)}`, 'Developer', () =>
        this.client.commits.editStatus(this.project, sha, toGitLabCommitState(state), {
          name: GITLAB_STATUS_NAME,
          description: text,
          ...(targetUrl ? { targetUrl } : {}),
        }),
      );
    } catch (error) {
      // GitLab refuses to post the state a status already has ("Cannot transition status via :enqueue
      // from :pending"); the commit shows what Goalie meant, so that is success.
      if (
        error instanceof GitLabError &&
        error.status === 400 &&
        /^Cannot transition status/i.test(error.gitlabMessage)
      )
        return;
      throw error;
    }
  }

  async listDeployments(sha: string): Promise<Deployment[]> {
    const deployments = (await this.call(`list the deployments of ${sha.slice(0, 12)}`, 'Reporter', () =>
      this.client.deployments.all(this.project, {
        status: 'success',
        orderBy: 'id',
        sort: 'desc',
        perPage: 100,
        maxPages: DEPLOYMENT_PAGES,
      }),
    )) as unknown as GitLabDeployment[];
    return deployments
      .filter((deployment) => deployment.sha === sha)
      .sort((a, b) => a.id - b.id)
      .map(toReadyDeployment)
      .filter((deployment): deployment is Deployment => deployment !== null);
  }

  async permissionOf(user: HostUser): Promise<RepositoryPermission> {
    const id = userId(user);
    if (id === null) return 'none';
    try {
      // members/all: direct, inherited from groups, and invited groups' members; the highest role wins.
      const member = (await this.call(`read the role of user ${id}`, 'Reporter', () =>
        this.client.members.show(this.project, id, { includeInherited: true }),
      )) as unknown as {
        access_level?: number;
        state?: string;
      };
      // A blocked or awaiting member has the role on paper only.
      if (member.state && member.state !== 'active') return 'none';
      return gitlabAccessToPermission(member.access_level ?? 0);
    } catch (error) {
      // 404 Not found: not a member.
      if (error instanceof GitLabError && error.status === 404) return 'none';
      throw error;
    }
  }

  async isAutomation(user: HostUser): Promise<boolean> {
    // A person named like a bot is only held to the stricter rule; a bot named otherwise (a service
    // account, a renamed instance) is known by the `bot` flag of its user.
    if (isBotUsername(user.username)) return true;
    const id = userId(user);
    if (id === null) return false;
    try {
      const found = (await this.call(`read user ${id}`, 'Guest', () => this.client.users.show(id))) as {
        bot?: boolean | null;
      };
      return found.bot === true;
    } catch (error) {
      // A user GitLab does not show is held to the stricter rule too (nobody at all has no permission anyway).
      if (error instanceof GitLabError && error.status === 404) return true;
      throw error;
    }
  }

  async changeRequestOrigin(number: number): Promise<ChangeRequestOrigin> {
    return toChangeRequestOrigin(await this.readMergeRequest(number));
  }

  async ensureWebhook(url: string, secret: string): Promise<{ id: string; created: boolean }> {
    const options = { ...GITLAB_WEBHOOK_EVENTS, enableSslVerification: true, token: secret };
    const hooks = await this.call('list the webhooks', 'Maintainer', () => this.client.hooks.all(this.project));
    const existing = hooks.find((hook) => hook.url === url);
    if (existing) {
      await this.call(`update webhook ${existing.id}`, 'Maintainer', () =>
        this.client.hooks.edit(this.project, existing.id, url, options),
      );
      return { id: String(existing.id), created: false };
    }
    const hook = await this.call('create the webhook', 'Maintainer', () =>
      this.client.hooks.add(this.project, url, options),
    );
    return { id: String(hook.id), created: true };
  }

  private async approve(number: number, sha: string): Promise<VerdictResult> {
    try {
      await this.call(`approve merge request !${number}`, 'Developer', () =>
        this.client.approvals.approve(this.project, number, { sha }),
      );
      return { applied: true, detail: `Approved merge request !${number} at ${sha.slice(0, 12)}.` };
    } catch (error) {
      if (!(error instanceof GitLabError)) throw error;
      // GitLab answers 401 both when the user has approved already and when it may not approve
      // (it authored the merge request, or no approval rule lets it); the approvals tell which.
      if (error.status === 401) return this.explainRefusedApproval(number, error);
      if (error.status === 403)
        return notApplied(
          `the token's user may not approve in ${this.project} (${error.gitlabMessage}): it needs the Developer role and the token the "api" scope`,
        );
      if (error.status === 409)
        return notApplied(
          `merge request !${number} has commits newer than ${sha.slice(0, 12)}, the commit Goalie reviewed (${error.gitlabMessage})`,
        );
      if (isMissingRoute(error))
        return notApplied(`this GitLab offers no merge request approvals (${error.gitlabMessage})`);
      throw error;
    }
  }

  private async explainRefusedApproval(number: number, refusal: GitLabError): Promise<VerdictResult> {
    let state: { user_has_approved?: boolean; user_can_approve?: boolean };
    try {
      state = (await this.call(`read the approvals of merge request !${number}`, 'Reporter', () =>
        this.client.approvals.showConfiguration(this.project, { mergerequestIId: number }),
      )) as typeof state;
    } catch (error) {
      if (error instanceof GitLabError && error.status !== null && error.status < 500) return notApplied(error.message);
      throw error;
    }
    if (state.user_has_approved)
      return { applied: true, detail: `Merge request !${number} was already approved by Goalie's user.` };
    return notApplied(
      `GitLab refused the approval (${refusal.gitlabMessage}): the token's user is not an eligible approver of !${number}` +
        `${state.user_can_approve === false ? ' (GitLab says it cannot approve: it may be the author, or outside the approval rules)' : ''}`,
    );
  }

  private async unapprove(number: number, verdict: Verdict): Promise<VerdictResult> {
    try {
      await this.call(`withdraw the approval of merge request !${number}`, 'Developer', () =>
        this.client.approvals.unapprove(this.project, number),
      );
      return {
        applied: true,
        detail: `Withdrew Goalie's approval of merge request !${number}: the verdict is "${verdict}".`,
      };
    } catch (error) {
      if (!(error instanceof GitLabError)) throw error;
      // A bare "404 Not Found" is GitLab saying the user had not approved; a missing project or merge request names itself.
      if (isMissingRoute(error))
        return {
          applied: true,
          detail: `Goalie had not approved merge request !${number}: nothing to withdraw for "${verdict}".`,
        };
      if (error.status === 401 || error.status === 403)
        return notApplied(`the token's user may not unapprove in ${this.project} (${error.gitlabMessage})`);
      throw error;
    }
  }

  private readMergeRequest(number: number) {
    return this.call(`read merge request !${number}`, 'Reporter', () =>
      this.client.mergeRequests.show(this.project, number),
    );
  }

  /** The oldest note carrying the marker, reading pages (oldest first) only until it turns up. System notes are GitLab's own. */
  private async findNote(number: number, marker: string): Promise<GitLabNote | undefined> {
    for (let page: number | null = 1; page;) {
      const result = (await this.client.notes.all(this.project, number, {
        page,
        perPage: 100,
        sort: 'asc',
        orderBy: 'created_at',
        showExpanded: true,
      })) as unknown as Page<GitLabNote>;
      const found = result.data.find((note) => !note.system && note.body.includes(marker));
      if (found) return found;
      page = result.paginationInfo.next;
    }
    return undefined;
  }

  private async call<T>(action: string, role: string, run: () => Promise<T>): Promise<T> {
    try {
      return await this.client.retrying(action, run);
    } catch (error) {
      throw toGitLabError(error, {
        action,
        role,
        project: this.project,
        baseUrl: this.client.baseUrl,
        timeoutMs: this.client.timeoutMs,
      });
    }
  }
}

function notApplied(reason: string): VerdictResult {
  return { applied: false, detail: `Not applied on GitLab: ${reason}.` };
}

/** "404 Not Found" without a resource name: no such route (no approvals on this GitLab) or, for unapprove, no approval to remove. */
function isMissingRoute(error: GitLabError): boolean {
  return error.status === 404 && /^404 Not Found$/i.test(error.gitlabMessage.trim());
}

export function createGitLabPlatform(connection: PlatformConnection, options: GitLabClientOptions): GitLabPlatform {
  // The project file takes only tokens for GitLab; this guards callers that build connections themselves.
  if (connection.credentials.kind !== 'token')
    throw new Error('A GitLab connection signs in with an access token, not an app installation.');
  return new GitLabPlatform(
    createGitLabClient({ apiUrl: connection.apiUrl, token: connection.credentials.token }, options),
    connection.repository,
  );
}

/** A user's numeric id, which GitLab's API goes by, or null when the webhook named none. */
function userId(user: HostUser): number | null {
  const id = Number(user.id);
  return user.id && Number.isSafeInteger(id) ? id : null;
}
