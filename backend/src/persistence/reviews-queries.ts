// The dashboard's review lists: DISTINCT ON over reviews_change_request (connection, number, newest
// first) picks each change request's newest review; one more query says whether any is in progress.
import type { EntityManager } from 'typeorm';
import type { ConnectionSummary, ReviewSummary, ReviewsQueries } from '../app/ports/reviews-queries.js';

interface ReviewRow {
  short_id: string;
  change_request_number: number;
  change_request_title: string;
  change_request_url: string | null;
  branch: string;
  head_sha: string;
  author: string | null;
  event: ReviewSummary['event'];
  status: ReviewSummary['status'];
  verdict: ReviewSummary['verdict'];
  run_short_id: string | null;
  created_at: Date;
  finished_at: Date | null;
}

const COLUMNS = `r.short_id, r.change_request_number, r.change_request_title, r.change_request_url, r.branch, r.head_sha, r.author, r.event,
  r.status, r.verdict, r.created_at, r.finished_at, r.run_id`;

/** Each change request's newest review, of connection $1. */
const NEWEST = `SELECT DISTINCT ON (r.change_request_number) ${COLUMNS}, count(*) OVER (PARTITION BY r.change_request_number)::int AS review_count
  FROM reviews r
 WHERE r.connection_id = $1
 ORDER BY r.change_request_number, r.created_at DESC, r.id DESC`;
/** The filter on them: states $2 (null: any), verdict $3 (null: any; 'none': none yet). */
const MATCHES = `($2::text[] IS NULL OR l.status = ANY($2::text[])) AND ($3::text IS NULL OR ($3 = 'none' AND l.verdict IS NULL) OR l.verdict = $3)`;

const toSummary = (r: ReviewRow): ReviewSummary => ({
  shortId: r.short_id,
  changeRequestNumber: r.change_request_number,
  changeRequestTitle: r.change_request_title,
  changeRequestUrl: r.change_request_url,
  branch: r.branch,
  headSha: r.head_sha,
  author: r.author,
  event: r.event,
  status: r.status,
  verdict: r.verdict,
  runShortId: r.run_short_id,
  createdAt: r.created_at,
  finishedAt: r.finished_at,
});

export function reviewsQueries(m: EntityManager): ReviewsQueries {
  return {
    async connectionOf(projectId) {
      const [row] = await m.query<ConnectionSummary[]>(
        `SELECT id, host, repository, mention, environment_mapping AS "environmentMapping" FROM repository_connections WHERE project_id = $1`,
        [projectId],
      );
      return row ?? null;
    },
    async changeRequests(connectionId, filter, page) {
      const rows = await m.query<(ReviewRow & { review_count: number; total: number })[]>(
        `SELECT l.*, run.short_id AS run_short_id, count(*) OVER ()::int AS total
           FROM (${NEWEST}) l LEFT JOIN runs run ON run.id = l.run_id
          WHERE ${MATCHES}
          ORDER BY l.created_at DESC, l.change_request_number DESC
          LIMIT $4 OFFSET $5`,
        [connectionId, filter.statuses, filter.verdict, page.limit, page.offset],
      );
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && page.offset > 0) {
        // Past the last page: count what there is, so the page can say so and link back.
        const [count] = await m.query<{ n: number }[]>(
          `SELECT count(*)::int AS n FROM (${NEWEST}) l WHERE ${MATCHES}`,
          [connectionId, filter.statuses, filter.verdict],
        );
        total = count?.n ?? 0;
      }
      return { items: rows.map((r) => ({ latest: toSummary(r), reviewCount: r.review_count })), total };
    },
    async anyReviewIn(connectionId, statuses) {
      const [row] = await m.query<{ any: boolean }[]>(
        `SELECT EXISTS (SELECT 1 FROM reviews WHERE connection_id = $1 AND status = ANY($2::text[])) AS any`,
        [connectionId, statuses],
      );
      return row?.any ?? false;
    },
    async reviewsOf(connectionId, changeRequestNumber, limit) {
      const rows = await m.query<ReviewRow[]>(
        `SELECT ${COLUMNS}, run.short_id AS run_short_id
           FROM reviews r LEFT JOIN runs run ON run.id = r.run_id
          WHERE r.connection_id = $1 AND r.change_request_number = $2
          ORDER BY r.created_at DESC, r.id DESC
          LIMIT $3`,
        [connectionId, changeRequestNumber, limit],
      );
      return rows.map(toSummary);
    },
  };
}
