// A repository host kept in memory, behind the ChangeRequestPlatform port: change requests,
// Goalie's comments, verdicts, commit statuses, deployments and permissions, with every call
// recorded. Webhook deliveries carry the neutral PlatformEvent as JSON, so the review logic (the
// webhook handler, the review jobs, PostgreSQL) runs without HTTP or a browser, in milliseconds.
// The end-to-end tests (reviews-github, reviews-gitlab) keep checking the real adapters on the wire.
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

export interface MemoryComment {
  id: string;
  body: string;
}

/** One repository on the memory host. */
export class MemoryRepository {
  readonly changeRequests = new Map<number, ChangeRequest>();
  readonly comments = new Map<number, MemoryComment[]>();
  readonly verdicts: { number: number; verdict: Verdict; sha: string }[] = [];
  readonly statuses: { sha: string; state: CommitState; description: string }[] = [];
  readonly deployments: Deployment[] = [];
  readonly permissions = new Map<string, RepositoryPermission>();
  /** Change requests whose branch lives in a fork. */
  readonly forks = new Set<number>();
  /** Usernames the host calls automation identities (a workflow's bot, an access token's bot user). */
  readonly automation = new Set<string>();
  /** Calls to getChangeRequest fail while set (the host is down). */
  down = false;

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
}

class MemoryPlatform implements ChangeRequestPlatform {
  constructor(
    readonly host: HostKind,
    private readonly repo: MemoryRepository,
  ) {}

  async getChangeRequest(number: number): Promise<ChangeRequest> {
    if (this.repo.down) throw new Error('the memory host is down');
    const cr = this.repo.changeRequests.get(number);
    if (!cr) throw new Error(`no change request ${number}`);
    return { ...cr };
  }

  async upsertComment(number: number, marker: string, body: string): Promise<{ id: string; url: string | null }> {
    const comments = this.repo.comments.get(number) ?? [];
    this.repo.comments.set(number, comments);
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
    _body: string,
    sha: string,
  ): Promise<{ applied: boolean; detail: string }> {
    this.repo.verdicts.push({ number, verdict, sha });
    return { applied: true, detail: verdict };
  }

  async setCommitStatus(sha: string, state: CommitState, _targetUrl: string, description: string): Promise<void> {
    this.repo.statuses.push({ sha, state, description });
  }

  async listDeployments(sha: string): Promise<Deployment[]> {
    return this.repo.deployments.filter((d) => d.sha === sha);
  }

  async permissionOf(user: HostUser): Promise<RepositoryPermission> {
    return this.repo.permissions.get(user.username ?? user.id ?? '') ?? 'none';
  }

  async isAutomation(user: HostUser): Promise<boolean> {
    return this.repo.automation.has(user.username ?? '');
  }

  async changeRequestOrigin(number: number): Promise<ChangeRequestOrigin> {
    const cr = await this.getChangeRequest(number);
    return { author: { username: cr.author, id: null }, fromFork: this.repo.forks.has(number) };
  }

  async ensureWebhook(): Promise<{ id: string; created: boolean }> {
    return { id: 'memory-hook', created: true };
  }
}

/** Deliveries are the PlatformEvent as JSON, with the secret and a delivery id in headers. */
const memoryReceiver: WebhookReceiver = {
  verify: (request, secret) => request.headers['x-memory-secret'] === secret,
  deliveryId: (request) => (request.headers['x-memory-delivery'] as string | undefined) ?? null,
  parse: (request) => JSON.parse(request.rawBody.toString('utf8')) as PlatformEvent,
};

export class MemoryHost implements PlatformFactory {
  private readonly repositories = new Map<string, MemoryRepository>();

  repository(name: string): MemoryRepository {
    if (!this.repositories.has(name)) this.repositories.set(name, new MemoryRepository());
    return this.repositories.get(name)!;
  }

  platform(connection: PlatformConnection): ChangeRequestPlatform {
    return new MemoryPlatform(connection.host, this.repository(connection.repository));
  }

  receiver(): WebhookReceiver {
    return memoryReceiver;
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
