// The repository host, in neutral words: a change request (a GitHub pull request, a GitLab merge
// request), its notes, a review verdict, commit statuses, deployments and the webhook. One
// implementation per host in platforms/; "PR" and "MR" appear only there.
import type { RepositoryPermission } from '../../domain/review/permission.js';
import type { NetworkAccess } from '../../domain/url-policy.js';
import type { Deployment } from '../../domain/review/readiness.js';
import type { Verdict } from '../../domain/review/verdict.js';

export type HostKind = 'github' | 'gitlab';

export interface ChangeRequest {
  number: number;
  title: string;
  /** Source branch. */
  branch: string;
  /** Newest commit of the source branch. */
  headSha: string;
  draft: boolean;
  state: 'open' | 'closed' | 'merged';
  url: string;
  author: string | null;
}

/** Someone on the host, as a webhook names them: GitHub goes by the login, GitLab by the numeric user id. */
export interface HostUser {
  username: string | null;
  id: string | null;
}

/** Who opened a change request, and whether its branch lives in a fork (another repository or project). */
export interface ChangeRequestOrigin {
  author: HostUser;
  fromFork: boolean;
}

/** `cancelled`: a superseded review's commit (GitHub has no such state: `error` there). */
export type CommitState = 'pending' | 'success' | 'failure' | 'error' | 'cancelled';

export interface ChangeRequestPlatform {
  readonly host: HostKind;
  getChangeRequest(number: number): Promise<ChangeRequest>;
  /**
   * Goalie's one comment on a change request: found by `marker` among all comments (every page of
   * them) and updated in place, or created. The body must already contain the marker.
   */
  upsertComment(number: number, marker: string, body: string): Promise<{ id: string; url: string | null }>;
  /** GitHub: a native review (APPROVE, REQUEST_CHANGES or COMMENT). GitLab: approve or unapprove where the token may, else nothing. */
  submitVerdict(
    number: number,
    verdict: Verdict,
    body: string,
    sha: string,
  ): Promise<{ applied: boolean; detail: string }>;
  setCommitStatus(sha: string, state: CommitState, targetUrl: string, description: string): Promise<void>;
  /** Successful deployments with a URL for the commit, oldest first (readiness without webhook history). */
  listDeployments(sha: string): Promise<Deployment[]>;
  /**
   * What `user` may do in the repository (GitHub: the collaborator permission; GitLab: the member's
   * role, inherited membership included). `none` for someone who is neither collaborator nor member.
   */
  permissionOf(user: HostUser): Promise<RepositoryPermission>;
  /**
   * Whether `user` is an automation identity that posts for whatever triggers it (GitHub: an App's
   * `name[bot]`, github-actions[bot] included; GitLab: a bot user, as of a project or group access
   * token or a service account). Their mentions are judged by the change request's author.
   */
  isAutomation(user: HostUser): Promise<boolean>;
  changeRequestOrigin(number: number): Promise<ChangeRequestOrigin>;
  /** Creates the webhook for `url`, or updates it (events, secret) when one for that URL exists. */
  ensureWebhook(url: string, secret: string): Promise<{ id: string; created: boolean }>;
}

/** What a webhook delivery says, in neutral words. */
export type PlatformEvent =
  | {
      kind: 'change-request';
      action: 'opened' | 'updated' | 'ready' | 'closed' | 'other';
      changeRequest: ChangeRequest;
      sender: string | null;
      fromFork: boolean;
      authorId: string | null;
    }
  | { kind: 'comment'; number: number; body: string; author: string | null; authorId: string | null; commentId: string }
  | {
      kind: 'deployment';
      environment: string;
      url: string | null;
      sha: string;
      state: 'success' | 'failure' | 'pending' | 'other';
      ref: string | null;
    }
  | { kind: 'push'; branch: string; sha: string }
  | { kind: 'ignored'; reason: string };

export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  /** The raw body: signatures are checked on these bytes, before anything is parsed. */
  rawBody: Buffer;
}

export interface WebhookReceiver {
  /** True when the delivery is signed with (GitHub) or carries (GitLab) the secret. Timing-safe. */
  verify(request: WebhookRequest, secret: string): boolean;
  /** A stable id of the delivery (repeated deliveries carry the same one), or null. */
  deliveryId(request: WebhookRequest): string | null;
  parse(request: WebhookRequest): PlatformEvent;
}

/**
 * How Goalie authenticates to the host: an access token (GitHub, GitLab), or an app installation
 * (GitHub App), for which the adapter obtains short-lived tokens itself. Plain values: the store
 * opens them, and nothing above the adapter looks inside.
 */
export type PlatformCredentials =
  { kind: 'token'; token: string } | { kind: 'app'; appId: number; installationId: number; privateKey: string };

export interface PlatformConnection {
  host: HostKind;
  /** API base: https://api.github.com, https://ghe.example.com/api/v3, https://gitlab.com, https://gitlab.example.com */
  apiUrl: string;
  /** owner/repo (GitHub) or group/subgroup/project (GitLab). */
  repository: string;
  credentials: PlatformCredentials;
  /**
   * What the project's network settings let its requests reach besides public addresses: the API
   * URL's host is checked against them, and Goalie's own ports, before every request.
   */
  network: () => Promise<NetworkAccess>;
}

/** A request to the host that the address rules refused (docs/security.md): nothing was sent. */
export class HostAddressRefused extends Error {
  override name = 'HostAddressRefused';

  /** The refusal behind `error` (a client's error wraps it as its cause), or null. */
  static in(error: unknown): HostAddressRefused | null {
    for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
      if (e instanceof HostAddressRefused) return e;
    return null;
  }

  /** The sentence a host adapter's error says it with, after what Goalie tried. */
  get explained(): string {
    return `refused: ${this.message}. Goalie sends no request, and no token, where the address rules refuse (docs/security.md)`;
  }
}

export interface PlatformFactory {
  platform(connection: PlatformConnection): ChangeRequestPlatform;
  receiver(host: HostKind): WebhookReceiver;
}
