// What the dashboard's review pages read: the project's repository connection (without its
// credentials), its change requests each with its newest review, and a change request's reviews.
import type { EnvironmentMapping } from '../../domain/review/readiness.js';
import type { Verdict } from '../../domain/review/verdict.js';
import type { HostKind } from './change-request-platform.js';
import type { ReviewRecord, ReviewStatus } from './review-store.js';

export interface ConnectionSummary {
  id: string;
  host: HostKind;
  repository: string;
  /** What a review-request comment must mention. */
  mention: string;
  environmentMapping: EnvironmentMapping[];
}

/** One review as the lists show it. */
export type ReviewSummary = Pick<
  ReviewRecord,
  | 'shortId'
  | 'changeRequestNumber'
  | 'changeRequestTitle'
  | 'changeRequestUrl'
  | 'branch'
  | 'headSha'
  | 'author'
  | 'event'
  | 'status'
  | 'verdict'
  | 'createdAt'
  | 'finishedAt'
> & { runShortId: string | null };

/** A change request, shown by its newest review. */
export interface ChangeRequestSummary {
  latest: ReviewSummary;
  /** Reviews of the change request, the newest included. */
  reviewCount: number;
}

export interface ChangeRequestFilter {
  /** The newest review is in one of these states (any: null). */
  statuses: ReviewStatus[] | null;
  /** The newest review's verdict; 'none': it has none (yet). Any: null. */
  verdict: Verdict | 'none' | null;
}

export interface ReviewsQueries {
  connectionOf(projectId: string): Promise<ConnectionSummary | null>;
  /** Newest first, by their newest review; `total` counts every match. */
  changeRequests(
    connectionId: string,
    filter: ChangeRequestFilter,
    page: { limit: number; offset: number },
  ): Promise<{ items: ChangeRequestSummary[]; total: number }>;
  /** Whether a review of the connection is in one of these states. */
  anyReviewIn(connectionId: string, statuses: ReviewStatus[]): Promise<boolean>;
  /** The reviews of one change request, newest first. */
  reviewsOf(connectionId: string, changeRequestNumber: number, limit: number): Promise<ReviewSummary[]>;
}
