// A repository host kept in memory, behind the ChangeRequestPlatform port: change requests,
// Goalie's comments, verdicts, commit statuses, deployments and permissions, with every call
// recorded. Webhook deliveries carry the neutral PlatformEvent as JSON (memoryDelivery), or, with
// `new MemoryHost({ webhooks: 'host' })`, are the hosts' own payloads read by the real receivers
// (signed, or carrying the token), so the review logic (the webhook handler, the review jobs,
// PostgreSQL) runs without a host's API or a browser, in milliseconds. A test can make a call fail
// or hold it (failNext, hold). The adapters are proved against the fake hosts'
// HTTP APIs (test/integration/platforms/), and the end-to-end tests (reviews-github, reviews-gitlab)
// keep a few whole reviews on the wire.
import { randomBytes } from 'node:crypto';
import type { RepositoryPermission } from '../../backend/src/domain/review/permission.js';
import type { Deployment } from '../../backend/src/domain/review/readiness.js';
import type { Verdict } from '../../backend/src/domain/review/verdict.js';
import type {
  ChangeRequest,
  ChangeRequestOrigin,
  ChangeRequestPlatform,
  CommitState,
  HostKind,
  HostUser,
  PlatformConnection,
  PlatformEvent,
  PlatformFactory,
  WebhookReceiver,
  WebhookRequest,
} from '../../backend/src/app/ports/change-request-platform.js';
import type { ExplorationOptions, ExplorationResult, Explorer, Finding } from '../../backend/src/app/ports/explorer.js';
import { GitHubWebhookReceiver } from '../../backend/src/platforms/github/index.js';
import { GitLabWebhookReceiver } from '../../backend/src/platforms/gitlab/index.js';

export interface MemoryComment {
  id: string;
  body: string;
}

/** The calls of the ChangeRequestPlatform port, by name. */
export type MemoryCall = Exclude<keyof ChangeRequestPlatform, 'host'>;

/** A call held until released: `reached` resolves once the call has come in. */
export interface MemoryHold {
  reached: Promise<void>;
  release(): void;
}

/** One repository on the memory host. */
export class MemoryRepository {
  readonly changeRequests = new Map<number, ChangeRequest>();
  readonly comments = new Map<number, MemoryComment[]>();
  /** Every body Goalie's comments on a change request had, in order (each creation and each edit). */
  readonly commentHistory = new Map<number, string[]>();
  readonly verdicts: { number: number; verdict: Verdict; sha: string; body: string }[] = [];
  readonly statuses: { sha: string; state: CommitState; targetUrl: string; description: string }[] = [];
  readonly deployments: Deployment[] = [];
  readonly permissions = new Map<string, RepositoryPermission>();
  /** Change requests whose branch lives in a fork. */
  readonly forks = new Set<number>();
  /** Usernames the host calls automation identities (a workflow's bot, an access token's bot user). */
  readonly automation = new Set<string>();
  /** Calls to getChangeRequest fail while set (the host is down). */
  down = false;
  /** What the host says when it does not apply a verdict (GitLab: a token that may not approve); applied while null. */
  verdictRefusal: string | null = null;
  /** Every call the host got, as `name argument` (`permissionOf octocat`, `upsertComment 5`), in order. */
  readonly calls: string[] = [];
  private readonly failures = new Map<MemoryCall, number>();
  private readonly holds = new Map<MemoryCall, { reached: () => void; released: Promise<void> }>();

  /** Opens (or moves to a new commit) change request `number`; answers its head SHA. */
  push(number: number, extra: Partial<ChangeRequest> = {}): ChangeRequest {
    const cr: ChangeRequest = {
      number,
      title: `Change ${number}`,
      branch: `feature-${number}`,
      headSha: randomBytes(20).toString('hex'),
      draft: false,
      state: 'open',
      url: `https://host.example/changes/${number}`,
      author: 'alice',
      ...extra,
    };
    this.changeRequests.set(number, cr);
    return cr;
  }

  statusesOf(sha: string): CommitState[] {
    return this.statuses.filter((s) => s.sha === sha).map((s) => s.state);
  }

  /** The next `times` calls of `call` fail, as a host that answers 502 on every retry. */
  failNext(call: MemoryCall, times = 1): void {
    this.failures.set(call, times);
  }

  /** The next call of `call` waits until released (a slow host); later calls go through. */
  hold(call: MemoryCall): MemoryHold {
    let reached!: () => void;
    let release!: () => void;
    const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    this.holds.set(call, { reached, released });
    return { reached: reachedPromise, release };
  }

  /** Each call comes in here first: recorded, then failed or held when a test said so. */
  async enter(call: MemoryCall, argument: string | number): Promise<void> {
    this.calls.push(`${call} ${argument}`);
    const hold = this.holds.get(call);
    if (hold) {
      this.holds.delete(call);
      hold.reached();
      await hold.released;
    }
    const failures = this.failures.get(call) ?? 0;
    if (failures > 0) {
      this.failures.set(call, failures - 1);
      throw new Error(`the memory host failed ${call} (502 Bad Gateway)`);
    }
  }
}

class MemoryPlatform implements ChangeRequestPlatform {
  constructor(
    readonly host: HostKind,
    private readonly repo: MemoryRepository,
  ) {}

  async getChangeRequest(number: number): Promise<ChangeRequest> {
    await this.repo.enter('getChangeRequest', number);
    if (this.repo.down) throw new Error('the memory host is down');
    const cr = this.repo.changeRequests.get(number);
    if (!cr) throw new Error(`no change request ${number}`);
    return { ...cr };
  }

  async upsertComment(number: number, marker: string, body: string): Promise<{ id: string; url: string | null }> {
    await this.repo.enter('upsertComment', number);
    const comments = this.repo.comments.get(number) ?? [];
    this.repo.comments.set(number, comments);
    this.repo.commentHistory.set(number, [...(this.repo.commentHistory.get(number) ?? []), body]);
    const existing = comments.find((c) => c.body.includes(marker));
    if (existing) {
      existing.body = body;
      return { id: existing.id, url: null };
    }
    const comment = { id: String(comments.length + 1), body };
    comments.push(comment);
    return { id: comment.id, url: null };
  }

  async submitVerdict(
    number: number,
    verdict: Verdict,
    body: string,
    sha: string,
  ): Promise<{ applied: boolean; detail: string }> {
    await this.repo.enter('submitVerdict', number);
    this.repo.verdicts.push({ number, verdict, sha, body });
    const refusal = this.repo.verdictRefusal;
    return refusal === null ? { applied: true, detail: verdict } : { applied: false, detail: refusal };
  }

  async setCommitStatus(sha: string, state: CommitState, targetUrl: string, description: string): Promise<void> {
    await this.repo.enter('setCommitStatus', sha);
    this.repo.statuses.push({ sha, state, targetUrl, description });
  }

  async listDeployments(sha: string): Promise<Deployment[]> {
    await this.repo.enter('listDeployments', sha);
    return this.repo.deployments.filter((d) => d.sha === sha);
  }

  /** As the hosts go: GitHub by the login, GitLab by the user id (`permissions` keys either; the other is the fallback). */
  async permissionOf(user: HostUser): Promise<RepositoryPermission> {
    const keys = this.host === 'gitlab' ? [user.id, user.username] : [user.username, user.id];
    await this.repo.enter('permissionOf', keys.find((k) => k) ?? '');
    for (const key of keys) {
      const permission = key ? this.repo.permissions.get(key) : undefined;
      if (permission) return permission;
    }
    return 'none';
  }

  async isAutomation(user: HostUser): Promise<boolean> {
    await this.repo.enter('isAutomation', user.username ?? user.id ?? '');
    return this.repo.automation.has(user.username ?? '');
  }

  async changeRequestOrigin(number: number): Promise<ChangeRequestOrigin> {
    await this.repo.enter('changeRequestOrigin', number);
    const cr = await this.getChangeRequest(number);
    return { author: { username: cr.author, id: null }, fromFork: this.repo.forks.has(number) };
  }

  async ensureWebhook(url: string): Promise<{ id: string; created: boolean }> {
    await this.repo.enter('ensureWebhook', url);
    return { id: 'memory-hook', created: true };
  }
}

/** Deliveries are the PlatformEvent as JSON, with the secret and a delivery id in headers. */
const memoryReceiver: WebhookReceiver = {
  verify: (request, secret) => request.headers['x-memory-secret'] === secret,
  deliveryId: (request) => (request.headers['x-memory-delivery'] as string | undefined) ?? null,
  parse: (request) => JSON.parse(request.rawBody.toString('utf8')) as PlatformEvent,
};

const hostReceivers: Record<HostKind, WebhookReceiver> = {
  github: new GitHubWebhookReceiver(),
  gitlab: new GitLabWebhookReceiver(),
};

export class MemoryHost implements PlatformFactory {
  private readonly repositories = new Map<string, MemoryRepository>();

  /**
   * `webhooks`: `memory` reads deliveries made by memoryDelivery; `host` reads the hosts' own
   * deliveries (review-harness.ts's deliverGitHub and deliverGitLab) with the real receivers.
   */
  constructor(private readonly options: { webhooks: 'memory' | 'host' } = { webhooks: 'memory' }) {}

  repository(name: string): MemoryRepository {
    if (!this.repositories.has(name)) this.repositories.set(name, new MemoryRepository());
    return this.repositories.get(name)!;
  }

  platform(connection: PlatformConnection): ChangeRequestPlatform {
    return new MemoryPlatform(connection.host, this.repository(connection.repository));
  }

  receiver(host: HostKind): WebhookReceiver {
    return this.options.webhooks === 'host' ? hostReceivers[host] : memoryReceiver;
  }
}

let deliveries = 0;
/** A delivery of `event` as the memory receiver reads it; `id` repeats a delivery. */
export function memoryDelivery(event: PlatformEvent, secret: string, id = `delivery-${++deliveries}`): WebhookRequest {
  return {
    headers: { 'x-memory-secret': secret, 'x-memory-delivery': id },
    rawBody: Buffer.from(JSON.stringify(event)),
  };
}

/** An explorer that visits nothing and reports the findings set for a start URL's origin. */
export class MemoryExplorer implements Explorer {
  readonly explored: string[] = [];
  findings = new Map<string, Finding[]>();
  unreachable = new Set<string>();

  async explore(options: ExplorationOptions): Promise<ExplorationResult> {
    this.explored.push(options.startUrl);
    const origin = new URL(options.startUrl).origin;
    return {
      pagesVisited: this.unreachable.has(origin) ? [] : [options.startUrl],
      findings: this.findings.get(origin) ?? [],
      unreachable: this.unreachable.has(origin),
      durationMs: 1,
    };
  }
}
