// The project's runs, newest first: filters in a GET form (a filtered list is a link to share),
// keyset paging with Newer and Older links that keep the filters, and live updates while a listed run
// is still going. One statement reads a page, whatever its size.
import type { Context } from 'koa';
import type { AppContext } from '../../../app/context.js';
import type { RunListPage, RunListRow } from '../../../app/ports/run-queries.js';
import { RUN_STATUSES } from '../../../domain/run-state.js';
import { Badge, duration, Notice, Time } from '../components.js';
import { projectPage } from '../project-context.js';
import { renderPage } from '../render.js';
import {
  parseRunQuery,
  RUN_RESULTS,
  runListHref,
  TRIGGERS,
  type FilterField,
  type ParsedRunQuery,
} from './run-filters.js';
import { countsSentence, isLive, shortSha, shownResult, TRIGGER_WORDS } from './run-words.js';

export const RUN_PAGE_SIZE = 25;

type Values = ParsedRunQuery['values'];

function Choice(props: {
  name: FilterField;
  label: string;
  value: string;
  any: string;
  options: readonly (string | [string, string])[];
}) {
  return (
    <label>
      {props.label}
      <select name={props.name}>
        <option value="">{props.any}</option>
        {props.options.map((option) => {
          const [value, text] = typeof option === 'string' ? [option, option] : option;
          return (
            <option value={value} selected={value.toUpperCase() === props.value.toUpperCase() || undefined}>
              {text}
            </option>
          );
        })}
      </select>
    </label>
  );
}

function Text(props: { name: FilterField; label: string; value: string; type?: string; placeholder?: string }) {
  return (
    <label>
      {props.label}
      <input type={props.type ?? 'text'} name={props.name} value={props.value} placeholder={props.placeholder} />
    </label>
  );
}

function Filters({
  slug,
  values,
  plans,
}: {
  slug: string;
  values: Values;
  plans: { shortId: string; name: string }[];
}) {
  const filtered = Object.values(values).some(Boolean);
  return (
    <form method="get" action={`/p/${slug}/runs`} class="filters" role="search" aria-label="Filter runs">
      <Choice
        name="plan"
        label="Plan"
        value={values.plan}
        any="Any plan"
        options={plans.map((p) => [p.shortId, p.name])}
      />
      <Choice name="status" label="Status" value={values.status} any="Any status" options={RUN_STATUSES} />
      <Choice name="result" label="Result" value={values.result} any="Any result" options={RUN_RESULTS} />
      <Choice
        name="trigger"
        label="Trigger"
        value={values.trigger}
        any="Any trigger"
        options={TRIGGERS.map((t) => [t, TRIGGER_WORDS[t]])}
      />
      <Text name="branch" label="Branch" value={values.branch} placeholder="main" />
      <Text name="commit" label="Commit" value={values.commit} placeholder="3f9a2c1" />
      <Text name="author" label="Author" value={values.author} />
      <Text name="from" label="From (UTC)" value={values.from} type="date" />
      <Text name="to" label="To (UTC)" value={values.to} type="date" />
      <button type="submit">Filter</button>
      {filtered ? (
        <a href={`/p/${slug}/runs`} class="button secondary">
          Clear filters
        </a>
      ) : null}
    </form>
  );
}

function RunRow({ run }: { run: RunListRow }) {
  const result = shownResult(run);
  return (
    <tr>
      <td>
        <a href={`/runs/${run.shortId}`}>
          <span class="visually-hidden">Run </span>
          {run.shortId}
        </a>
      </td>
      <td>{run.planName}</td>
      <td>
        <Badge value={result ?? run.status} />
        {result && run.status !== 'COMPLETED' ? (
          <>
            {' '}
            <Badge value={run.status} />
          </>
        ) : null}
      </td>
      <td>{countsSentence(run.counts)}</td>
      <td class="trigger">
        {TRIGGER_WORDS[run.trigger]}
        {run.actor ? (
          <>
            <br />
            <small>by {run.actor}</small>
          </>
        ) : null}
      </td>
      <td class="where">
        {run.branch ? <code title={run.branch}>{run.branch}</code> : null}
        {run.branch && run.commitHash ? <br /> : null}
        {run.commitHash ? (
          <code title={run.commitHash}>
            <span class="visually-hidden">commit </span>
            {shortSha(run.commitHash)}
          </code>
        ) : null}
        {!run.branch && !run.commitHash ? <span class="muted">—</span> : null}
      </td>
      <td class="when">
        <Time at={run.createdAt} />
        <br />
        <small>
          {run.finishedAt
            ? `took ${duration(run.startedAt ?? run.createdAt, run.finishedAt)}`
            : isLive(run.status)
              ? 'not finished'
              : ''}
        </small>
      </td>
    </tr>
  );
}

function Pager({ slug, values, page }: { slug: string; values: Values; page: RunListPage }) {
  if (!page.newer && !page.older) return null;
  const first = page.rows[0];
  const last = page.rows[page.rows.length - 1];
  return (
    <nav class="pager" aria-label="Pages of runs">
      {page.newer && first ? <a href={runListHref(slug, values, { after: first.shortId })}>← Newer runs</a> : null}
      {page.older && last ? <a href={runListHref(slug, values, { before: last.shortId })}>Older runs →</a> : null}
      {page.newer ? <a href={runListHref(slug, values)}>Newest runs</a> : null}
    </nav>
  );
}

function RunTable({ rows }: { rows: RunListRow[] }) {
  return (
    <table>
      <caption class="visually-hidden">Runs, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Run</th>
          <th scope="col">Plan</th>
          <th scope="col">Result</th>
          <th scope="col">Test cases</th>
          <th scope="col">Trigger</th>
          <th scope="col">Branch, commit</th>
          <th scope="col">Created (UTC)</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((run) => (
          <RunRow run={run} />
        ))}
      </tbody>
    </table>
  );
}

export async function runListPage(app: AppContext, ctx: Context, slug: string): Promise<void> {
  const { project, nav } = await projectPage(app, ctx, slug, 'read', 'see the runs');
  const plans = await app.store.runQueries.planOptions(project.id);
  const parsed = parseRunQuery(ctx.query, plans);
  let page: RunListPage | null = null;
  if (parsed.problems.length === 0) {
    page = await app.store.runQueries.list(project.id, parsed.filter, parsed.cursor, RUN_PAGE_SIZE);
    if (!page.cursorFound)
      parsed.problems.push('The run this page starts from is not in this project: start again from the newest runs.');
  }
  const problems = parsed.problems;
  const filtered = Object.values(parsed.values).some(Boolean);
  renderPage(
    ctx,
    {
      title: `Runs of ${project.name}`,
      project: nav,
      section: 'runs',
      live: page?.rows.some((r) => isLive(r.status)) ?? false,
      status: problems.length ? 400 : undefined,
    },
    <>
      <h1>Runs</h1>
      <Filters slug={project.slug} values={parsed.values} plans={plans} />
      {problems.length ? (
        <Notice kind="error">
          <p>These filters cannot be used:</p>
          <ul>
            {problems.map((p) => (
              <li>{p}</li>
            ))}
          </ul>
        </Notice>
      ) : null}
      {page && !problems.length ? (
        page.rows.length ? (
          <>
            <p class="muted">
              {filtered ? 'Runs matching the filters' : 'All runs'}, newest first
              {page.newer || page.older ? `, ${RUN_PAGE_SIZE} a page` : ''}.
            </p>
            <RunTable rows={page.rows} />
            <Pager slug={project.slug} values={parsed.values} page={page} />
          </>
        ) : filtered || parsed.cursor ? (
          <p>No runs match these filters.</p>
        ) : (
          <p>
            No runs yet. Start one from the Plans page, with <code>goalie run</code>, or with <code>POST /v1/run</code>{' '}
            and an API token.
          </p>
        )
      ) : null}
    </>,
  );
}
