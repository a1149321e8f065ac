// The project's test cases: burn-in state, enabled, plans, last results and the flaky ones, with
// filters (name, plan, state) and pages of PAGE_SIZE.
import type { Context } from 'koa';
import type { AppContext } from '../../../app/context.js';
import {
  listTestCases,
  TEST_CASE_STATES,
  type TestCaseList,
  type TestCaseListItem,
  type TestCaseState,
} from '../../../app/test-case-list.js';
import { can } from '../../../domain/access.js';
import { Badge, Notice, TableHead } from '../components.js';
import { projectPage } from '../project-context.js';
import { renderPage } from '../render.js';
import { FlakyMark, ResultStrip } from './result-strip.js';

export const PAGE_SIZE = 50;
const MAX_SEARCH = 200;

const STATE_LABELS: Record<TestCaseState, string> = {
  'failed-burn-in': 'Burn-in failed',
  'burning-in': 'Burning in',
  disabled: 'Disabled',
  enabled: 'Enabled',
  flaky: 'Flaky',
};

interface Filters {
  search: string;
  plan: string;
  state: TestCaseState | '';
  page: number;
}

/** The query string's filters; what is wrong with them, for a 400 that says so. */
function readFilters(query: Record<string, string | string[] | undefined>): { filters: Filters; problems: string[] } {
  const one = (name: string) => {
    const value = query[name];
    return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
  };
  const problems: string[] = [];
  let search = one('q');
  if (search.length > MAX_SEARCH) {
    problems.push(`The search has ${search.length} characters; at most ${MAX_SEARCH} are used.`);
    search = search.slice(0, MAX_SEARCH);
  }
  const rawState = one('state');
  const state = (TEST_CASE_STATES as readonly string[]).includes(rawState) ? (rawState as TestCaseState) : '';
  if (rawState && !state)
    problems.push(
      `There is no state ${JSON.stringify(rawState)}; choose one of: ${TEST_CASE_STATES.map((s) => STATE_LABELS[s]).join(', ')}.`,
    );
  const rawPage = one('page');
  const page = /^[1-9]\d{0,5}$/.test(rawPage) ? Number(rawPage) : 1;
  if (rawPage && page === 1 && rawPage !== '1')
    problems.push(`The page ${JSON.stringify(rawPage)} is not a page number; showing page 1.`);
  return { filters: { search, plan: one('plan'), state, page }, problems };
}

function href(slug: string, filters: Filters, page: number): string {
  const params = new URLSearchParams();
  if (filters.search) params.set('q', filters.search);
  if (filters.plan) params.set('plan', filters.plan);
  if (filters.state) params.set('state', filters.state);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return `/p/${slug}/test-cases${query ? `?${query}` : ''}`;
}

/** The first line of a failed burn-in's message, short. */
export function shortReason(message: string | null): string {
  const first =
    message
      ?.split('\n')
      .find((line) => line.trim())
      ?.trim() ?? '';
  return first.length > 140 ? `${first.slice(0, 137)}…` : first;
}

function BurnIn({ item }: { item: TestCaseListItem }) {
  if (item.generationStatus === 'FAILED') {
    return (
      <>
        <Badge value="FAILED" /> <span class="reason">{shortReason(item.generationError)}</span>
      </>
    );
  }
  if (item.generationStatus === 'GENERATING') return <Badge value="GENERATING" />;
  return <Badge value="COMPLETED" />;
}

function Row({ item, slug }: { item: TestCaseListItem; slug: string }) {
  return (
    <tr>
      <th scope="row">
        <a href={`/test-cases/${item.id}`}>{item.name}</a>
        <br />
        <small class="muted">{item.applicationName}</small>
      </th>
      <td>
        <BurnIn item={item} />
      </td>
      <td>{item.isEnabled ? 'yes' : <span class="muted">no</span>}</td>
      <td>
        {item.plans.length === 0 ? (
          <span class="muted">none</span>
        ) : (
          <ul class="plain">
            {item.plans.map((plan) => (
              <li>
                <a href={`/p/${slug}/plans#plan-${plan.shortId}`}>{plan.name}</a>
              </li>
            ))}
          </ul>
        )}
      </td>
      <td>
        <ResultStrip results={item.results} label={`Last results of ${item.name}, oldest first`} />{' '}
        <FlakyMark flakiness={item.flakiness} />
      </td>
    </tr>
  );
}

function summary(list: TestCaseList, filtered: boolean): string {
  const { total, failedBurnIn, burningIn, disabled } = list.counts;
  const parts = [`${total} test case${total === 1 ? '' : 's'}${filtered ? ' match' : ''}`];
  if (failedBurnIn) parts.push(`${failedBurnIn} failed their burn-in`);
  if (burningIn) parts.push(`${burningIn} burning in`);
  if (disabled) parts.push(`${disabled} disabled (not run in plans)`);
  return `${parts[0]}${parts.length > 1 ? `: ${parts.slice(1).join(', ')}` : ''}.`;
}

export async function renderTestCaseList(app: AppContext, ctx: Context, slug: string): Promise<void> {
  const { project, nav, role } = await projectPage(app, ctx, slug, 'read', 'see the test cases');
  const { filters, problems } = readFilters(ctx.query);
  const list = await listTestCases(app, project.id, {
    search: filters.search || null,
    planShortId: filters.plan || null,
    state: filters.state || null,
    page: filters.page,
    pageSize: PAGE_SIZE,
  });
  if (filters.plan && !list.plans.some((p) => p.shortId === filters.plan))
    problems.push(
      `There is no plan ${JSON.stringify(filters.plan)} in project ${project.name}; choose one from the list.`,
    );
  const filtered = Boolean(filters.search || filters.plan || filters.state);
  const pages = Math.max(1, Math.ceil(list.counts.total / PAGE_SIZE));
  const first = (filters.page - 1) * PAGE_SIZE;
  renderPage(
    ctx,
    {
      title: `Test cases · ${project.name}`,
      project: nav,
      section: 'test-cases',
      status: problems.length ? 400 : undefined,
    },
    <>
      <h1>Test cases</h1>
      {ctx.query.done === 'deleted' ? <Notice kind="ok">The test case was deleted.</Notice> : null}
      {can(role, 'edit') ? (
        <p class="actions">
          <a class="button" href={`/p/${slug}/test-cases/new`}>
            New test case
          </a>
        </p>
      ) : null}
      {problems.length ? (
        <Notice kind="error">
          {problems.map((p) => (
            <p>{p}</p>
          ))}
        </Notice>
      ) : null}
      <p>{summary(list, filtered)}</p>
      <form method="get" action={`/p/${slug}/test-cases`} class="filters" role="search" aria-label="Filter test cases">
        <label>
          Name
          <input type="search" name="q" value={filters.search} maxLength={MAX_SEARCH} />
        </label>
        <label>
          Plan
          <select name="plan">
            <option value="">Any plan</option>
            {list.plans.map((plan) => (
              <option value={plan.shortId} selected={plan.shortId === filters.plan}>
                {plan.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          State
          <select name="state">
            <option value="">Any state</option>
            {TEST_CASE_STATES.map((state) => (
              <option value={state} selected={state === filters.state}>
                {STATE_LABELS[state]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">Filter</button>
        {filtered ? <a href={`/p/${slug}/test-cases`}>Clear filters</a> : null}
      </form>
      {list.items.length === 0 ? (
        <p class="muted">
          {filtered || filters.page > 1
            ? 'No test cases match these filters.'
            : 'No test cases yet. Create one with New test case, declare them under testCases: in the project YAML and run goalie apply, or create one with POST /v1/test-cases.'}
        </p>
      ) : (
        <table class="test-cases">
          <caption class="visually-hidden">
            Test cases {first + 1} to {first + list.items.length} of {list.counts.total}, by name
          </caption>
          <TableHead columns={['Test case', 'Burn-in', 'Enabled', 'Plans', 'Last results (oldest → newest)']} />
          <tbody>
            {list.items.map((item) => (
              <Row item={item} slug={slug} />
            ))}
          </tbody>
        </table>
      )}
      {pages > 1 ? (
        <nav class="pager" aria-label="Pages">
          {filters.page > 1 ? <a href={href(slug, filters, filters.page - 1)}>← Previous page</a> : null}
          <span>
            Page {filters.page} of {pages}
          </span>
          {filters.page < pages ? <a href={href(slug, filters, filters.page + 1)}>Next page →</a> : null}
        </nav>
      ) : null}
      <p class="muted">
        <small>
          Flaky: it passed and failed on the same commit, or its result changed at least twice, within its last 10
          results. A test case created through the API runs in plans only once it is enabled (on its page).
        </small>
      </p>
    </>,
  );
}
