// The project's change requests, each by its newest review: its state and verdict in words, where
// it came from, links to the host and to the review's page; filters by state and verdict, paging.
import type { ChangeRequestSummary, ConnectionSummary } from '../../../app/ports/reviews-queries.js';
import type { ReviewStatus } from '../../../app/ports/review-store.js';
import type { Verdict } from '../../../domain/review/verdict.js';
import { Badge, Table, Time } from '../components.js';
import { OutsideLink } from '../outside-link.js';
import {
  changeRequestNoun,
  changeRequestRef,
  HOST_NAMES,
  IN_PROGRESS,
  shortSha,
  STATUS_WORDS,
} from './review-words.js';

export const PAGE_SIZE = 25;

export const STATE_FILTERS: { value: string; label: string; statuses: ReviewStatus[] }[] = [
  { value: 'in-progress', label: 'In progress', statuses: IN_PROGRESS },
  { value: 'completed', label: 'Completed', statuses: ['COMPLETED'] },
  { value: 'superseded', label: 'Superseded', statuses: ['SUPERSEDED'] },
  { value: 'refused', label: 'Refused', statuses: ['REFUSED'] },
  { value: 'error', label: 'Error', statuses: ['ERROR'] },
];

export const VERDICT_FILTERS: { value: string; label: string; verdict: Verdict | 'none' }[] = [
  { value: 'approved', label: 'Approved', verdict: 'Approved' },
  { value: 'changes-requested', label: 'Changes Requested', verdict: 'Changes Requested' },
  { value: 'comment', label: 'Comment', verdict: 'Comment' },
  { value: 'none', label: 'No verdict (yet)', verdict: 'none' },
];

export interface ListQuery {
  /** A STATE_FILTERS value, or '' for any. */
  state: string;
  /** A VERDICT_FILTERS value, or '' for any. */
  verdict: string;
  page: number;
}

function address(slug: string, query: ListQuery): string {
  const params = new URLSearchParams();
  if (query.state) params.set('state', query.state);
  if (query.verdict) params.set('verdict', query.verdict);
  if (query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return `/p/${slug}/reviews${search ? `?${search}` : ''}`;
}

/** What a project without a repository connection shows, and how to connect one. */
export function NoConnection() {
  return (
    <section aria-labelledby="connect">
      <h2 id="connect">No repository is connected</h2>
      <p>
        Goalie reviews the pull requests of a GitHub repository or the merge requests of a GitLab project against their
        preview deployments: it runs the end-to-end test plan and explores the preview, then posts a verdict on the
        change request. This project has no repository connected yet, so it has no reviews.
      </p>
      <p>
        To connect one, add a <code>repository:</code> block to the project's YAML file and apply it:
      </p>
      <pre>{`repository:
  host: github                  # or gitlab
  url: https://api.github.com   # GitLab: https://gitlab.com or your instance
  repository: acme/shop
  token: \${GITHUB_TOKEN}
  reviews:
    environments:
      preview: Storefront       # hosting environment -> application`}</pre>
      <pre>goalie apply project.yaml</pre>
      <p>
        <code>docs/reviews.md</code> in the Goalie repository describes the credentials the host needs, every review
        setting, and what Goalie posts.
      </p>
    </section>
  );
}

function Filters({ slug, query }: { slug: string; query: ListQuery }) {
  return (
    <form method="get" action={`/p/${slug}/reviews`} class="filters" aria-label="Filter the change requests">
      <label>
        State of the newest review
        <select name="state">
          <option value="">Any state</option>
          {STATE_FILTERS.map((f) => (
            <option value={f.value} selected={query.state === f.value}>
              {f.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Verdict
        <select name="verdict">
          <option value="">Any verdict</option>
          {VERDICT_FILTERS.map((f) => (
            <option value={f.value} selected={query.verdict === f.value}>
              {f.label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" class="secondary">
        Show
      </button>
      {query.state || query.verdict ? <a href={`/p/${slug}/reviews`}>Show all</a> : null}
    </form>
  );
}

function Row({ item, connection }: { item: ChangeRequestSummary; connection: ConnectionSummary }) {
  const r = item.latest;
  const ref = changeRequestRef(connection.host, r.changeRequestNumber);
  return (
    <tr>
      <td>
        <a href={`/reviews/${r.shortId}`}>
          <strong>{ref}</strong> {r.changeRequestTitle || <span class="muted">(no title)</span>}
        </a>
        <br />
        <small>
          <OutsideLink href={r.changeRequestUrl} fallback={null}>
            Open {ref} on {HOST_NAMES[connection.host]}
          </OutsideLink>
          {item.reviewCount > 1 ? <span class="muted"> · {item.reviewCount} reviews</span> : null}
        </small>
      </td>
      <td>
        <Badge value={r.status} label={STATUS_WORDS[r.status]} />
      </td>
      <td>
        {r.verdict ? (
          <Badge value={r.verdict} />
        ) : (
          <span class="muted">{IN_PROGRESS.includes(r.status) ? 'none yet' : 'none'}</span>
        )}
      </td>
      <td class="wrap">
        <code>{r.branch}</code>
        <br />
        <small>
          commit <code>{shortSha(r.headSha)}</code>
        </small>
      </td>
      <td>{r.author ?? <span class="muted">unknown</span>}</td>
      <td>
        <Time at={r.createdAt} />
      </td>
    </tr>
  );
}

export function ReviewList(props: {
  slug: string;
  connection: ConnectionSummary | null;
  query: ListQuery;
  list: { items: ChangeRequestSummary[]; total: number };
  live: boolean;
}) {
  const { slug, connection, query, list } = props;
  if (!connection) {
    return (
      <>
        <h1>Reviews</h1>
        <NoConnection />
      </>
    );
  }
  const noun = changeRequestNoun(connection.host);
  const first = (query.page - 1) * PAGE_SIZE + 1;
  const last = first + list.items.length - 1;
  const filtered = Boolean(query.state || query.verdict);
  return (
    <>
      <h1>Reviews</h1>
      <p>
        The {noun}s of <strong>{connection.repository}</strong> on {HOST_NAMES[connection.host]} that Goalie reviewed,
        each with its newest review; the newest first.
        {props.live ? ' A review is in progress: this page updates itself.' : ''}
      </p>
      <Filters slug={slug} query={query} />
      {list.items.length === 0 ? (
        <p>
          {query.page > 1 && list.total > 0
            ? `There are only ${list.total} ${noun}s${filtered ? ' that match' : ''}. `
            : filtered
              ? `No ${noun}'s newest review matches these filters. `
              : `No ${noun} has been reviewed yet. Reviews start when a ${noun} is opened or updated (with automatic reviews on), or when someone comments "${connection.mention} <preview URL>" on it. `}
          {query.page > 1 || filtered ? <a href={`/p/${slug}/reviews`}>Show all {noun}s</a> : null}
        </p>
      ) : (
        <>
          <p class="muted" role="status">
            {list.total === list.items.length && query.page === 1
              ? `${list.total} ${list.total === 1 ? noun : `${noun}s`}${filtered ? ' match' : ''}.`
              : `${first}–${last} of ${list.total} ${noun}s${filtered ? ' that match' : ''}.`}
          </p>
          <Table
            caption={`The ${noun}s, newest review first`}
            columns={[
              noun[0]!.toUpperCase() + noun.slice(1),
              'State',
              'Verdict',
              'Branch and commit',
              'Author',
              'Newest review',
            ]}
          >
            {list.items.map((item) => (
              <Row item={item} connection={connection} />
            ))}
          </Table>
          {list.total > PAGE_SIZE ? (
            <nav class="pager" aria-label="Pages">
              {query.page > 1 ? <a href={address(slug, { ...query, page: query.page - 1 })}>Newer {noun}s</a> : null}
              {last < list.total ? <a href={address(slug, { ...query, page: query.page + 1 })}>Older {noun}s</a> : null}
            </nav>
          ) : null}
        </>
      )}
    </>
  );
}
