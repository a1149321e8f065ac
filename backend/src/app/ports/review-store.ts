// Storage of repository connections, webhook deliveries, host deployments and reviews.
import type { MinimumPermission } from '../../domain/review/permission.js';
import type { Deployment, EnvironmentMapping } from '../../domain/review/readiness.js';
import type { Verdict } from '../../domain/review/verdict.js';
import type { HostKind, PlatformCredentials } from './change-request-platform.js';
import type { Finding } from './explorer.js';

export interface ConnectionRecord {
  id: string;
  shortId: string;
  projectId: string;
  host: HostKind;
  apiUrl: string;
  repository: string;
  /** Decrypted. */
  credentials: PlatformCredentials;
  /** Decrypted. */
  webhookSecret: string;
  webhookId: string | null;
  webhookError: string | null;
  reviewContext: string | null;
  autoRun: boolean;
  includeDrafts: boolean;
  postCommentOnOpened: boolean;
  mention: string;
  /** Who may ask for a review by mentioning Goalie. */
  minimumPermission: MinimumPermission;
  /** Automatic reviews of change requests from forks whose author may not write. */
  allowForks: boolean;
  reviewTestPlanId: string | null;
  environmentMapping: EnvironmentMapping[];
}

/** What the dashboard's repository settings change; `goalie apply` sets them too. */
export type ReviewSettings = Pick<
  ConnectionRecord,
  'reviewContext' | 'autoRun' | 'includeDrafts' | 'postCommentOnOpened' | 'environmentMapping'
>;

/**
 * AUTHORIZING: asked for (by a mention, or automatically for a fork's change request) and waiting
 * for the host to say whether its author may; REFUSED: they may not, and nothing ran.
 */
export type ReviewStatus =
  'AUTHORIZING' | 'REFUSED' | 'WAITING' | 'QUEUED' | 'RUNNING' | 'COMPLETED' | 'SUPERSEDED' | 'ERROR';
export type ReviewEvent = 'opened' | 'updated' | 'comment' | 'ci';
/** mention: someone without permission asked for a review; fork: a fork's change request by such an author. */
export type RefusalKind = 'mention' | 'fork';

/** What the exploration of the preview found, as stored on the review. */
export interface Exploration {
  pagesVisited: string[];
  findings: Finding[];
  unreachable: boolean;
  /** Why the end-to-end half did not run (no plan fits, the exploration failed), or null. */
  runNote: string | null;
}

/** One goal of the review context, checked on the preview. */
export interface CheckResult {
  goal: string;
  passed: boolean;
  title: string | null;
  thought: string;
}

export interface ReviewRecord {
  id: string;
  shortId: string;
  projectId: string;
  connectionId: string;
  changeRequestNumber: number;
  changeRequestTitle: string;
  changeRequestUrl: string | null;
  branch: string;
  headSha: string;
  author: string | null;
  /** The author's id on the host (GitLab checks membership by it). */
  authorId: string | null;
  event: ReviewEvent;
  status: ReviewStatus;
  deploymentUrls: { applicationId: string; url: string; environment: string }[];
  runId: string | null;
  /** Null until the exploration has run. */
  exploration: Exploration | null;
  checks: CheckResult[] | null;
  verdict: Verdict | null;
  summary: string | null;
  errorMessage: string | null;
  commentId: string | null;
  supersededBySha: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/** Goalie's notes on a change request: its review comment, and the replies explaining a refusal. */
export type NoteKind = 'review' | `refusal:${RefusalKind}`;
export interface NoteKey {
  connectionId: string;
  changeRequestNumber: number;
  note: NoteKind;
}
/** claimed: the writer may write; `bodyHash` is what was written last (null: never). */
export type NoteClaim = { claimed: true; bodyHash: string | null } | { claimed: false; claimedUntil: Date };

export type NewReview = Pick<
  ReviewRecord,
  | 'id'
  | 'shortId'
  | 'projectId'
  | 'connectionId'
  | 'changeRequestNumber'
  | 'changeRequestTitle'
  | 'changeRequestUrl'
  | 'branch'
  | 'headSha'
  | 'author'
  | 'authorId'
  | 'event'
  | 'status'
  | 'deploymentUrls'
>;

export interface ReviewStore {
  connectionByShortId(shortId: string): Promise<ConnectionRecord | null>;
  connectionById(id: string): Promise<ConnectionRecord | null>;
  connectionOfProject(projectId: string): Promise<ConnectionRecord | null>;
  setWebhook(connectionId: string, webhookId: string | null, error: string | null): Promise<void>;
  /** The review settings the dashboard edits (the rest comes only from the project file). */
  updateReviewSettings(connectionId: string, settings: ReviewSettings): Promise<void>;
  /**
   * Holds a change request's lock until the transaction ends, so that deliveries about it (the same
   * event under two delivery ids, an update racing an open) are handled one after the other.
   */
  lockChangeRequest(connectionId: string, changeRequestNumber: number): Promise<void>;
  /** True the first time a delivery id is seen for the connection. */
  recordDelivery(connectionId: string, deliveryId: string): Promise<boolean>;
  addDeployment(connectionId: string, deployment: Deployment): Promise<void>;
  deploymentsFor(connectionId: string, sha: string): Promise<Deployment[]>;
  create(review: NewReview): Promise<void>;
  byId(id: string): Promise<ReviewRecord | null>;
  byShortId(shortId: string): Promise<ReviewRecord | null>;
  byRun(runId: string): Promise<ReviewRecord | null>;
  /** Reviews of a change request that have not ended (WAITING, QUEUED, RUNNING), newest first. */
  active(connectionId: string, changeRequestNumber: number): Promise<ReviewRecord[]>;
  activeOnBranch(connectionId: string, branch: string): Promise<ReviewRecord[]>;
  /**
   * Whether the commit of a change request got an automatic review (opened or updated) created at or
   * after `since` that was not superseded and did not fail: a second one would be a replay.
   */
  autoReviewedSince(connectionId: string, changeRequestNumber: number, headSha: string, since: Date): Promise<boolean>;
  /** WAITING reviews of a commit. */
  waitingFor(connectionId: string, sha: string): Promise<ReviewRecord[]>;
  /** The newest review of a change request (the one its comment shows), and the one before it. */
  latestTwo(connectionId: string, changeRequestNumber: number): Promise<ReviewRecord[]>;
  /** Locks the review row until the transaction ends. */
  lock(id: string): Promise<ReviewRecord | null>;
  update(
    id: string,
    patch: Partial<Omit<ReviewRecord, 'id' | 'shortId' | 'projectId' | 'connectionId' | 'createdAt'>>,
  ): Promise<void>;
  /**
   * Claims the writing of one of Goalie's notes on a change request until `until` (the row is
   * created on first use). When another writer holds an unexpired claim, the note is marked stale
   * instead, so that its writer (or the scheduler, once the claim runs out) writes it again.
   */
  claimNote(key: NoteKey, writer: string, until: Date, now: Date): Promise<NoteClaim>;
  /**
   * Ends `writer`'s claim (nothing when it lost it), stores what it wrote, and marks the note stale
   * when `outcome.stale` says so (or keeps a mark made meanwhile, with `keepStale`). Answers whether
   * it had been marked stale meanwhile.
   */
  releaseNote(
    key: NoteKey,
    writer: string,
    outcome: { written?: { commentId: string; bodyHash: string }; stale: boolean; keepStale?: boolean },
    now: Date,
  ): Promise<{ stale: boolean }>;
  /**
   * Up to `limit` review comments marked stale that nobody is writing (no claim, or one that ran
   * out, its writer presumably gone): the mark and the claim are cleared, the caller writes them.
   */
  takeStaleComments(now: Date, limit: number): Promise<NoteKey[]>;
}
