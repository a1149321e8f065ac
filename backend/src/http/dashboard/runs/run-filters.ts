// The run list's filters and paging, read from its URL (a GET form, so a filtered list can be shared
// as a link). Empty fields filter nothing; every field that is wrong is named at once, with what
// would be right.
import type { RunCursor, RunFilter } from '../../../app/ports/run-queries.js';
import type { StoredTrigger } from '../../../app/records.js';
import { RUN_STATUSES, type RunResult, type RunStatus } from '../../../domain/run-state.js';

export const RUN_RESULTS: readonly RunResult[] = ['PASSED', 'FAILED', 'SKIPPED'];
export const TRIGGERS: readonly StoredTrigger[] = ['API', 'REPOHOST', 'SCHEDULE', 'MANUAL'];
export const FILTER_FIELDS = [
  'plan',
  'status',
  'result',
  'trigger',
  'branch',
  'commit',
  'author',
  'from',
  'to',
] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

/** As long as the API lets a run's branch and actor be. */
const MAX_LENGTH = { branch: 1024, author: 255 } as const;
const SHORT_ID = /^[A-Za-z0-9_-]{1,64}$/;

export interface ParsedRunQuery {
  filter: RunFilter;
  cursor: RunCursor;
  /** What the form shows again: the fields as given (trimmed). */
  values: Record<FilterField, string>;
  /** One sentence per wrong field; empty when the query is fine. */
  problems: string[];
}

/** A UTC calendar day (YYYY-MM-DD) at midnight, or null when it is not a real day. */
export function parseDay(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

function oneOf<T extends string>(
  problems: string[],
  what: string,
  value: string,
  allowed: readonly T[],
): T | undefined {
  if (!value) return undefined;
  const upper = value.toUpperCase() as T;
  if (allowed.includes(upper)) return upper;
  problems.push(`There is no ${what} ${JSON.stringify(value)}: choose one of ${allowed.join(', ')}.`);
  return undefined;
}

/**
 * `query`: the URL's parameters (a field given twice is a problem); `plans`: the project's plans, by
 * short id, which the plan filter must name.
 */
export function parseRunQuery(
  query: Record<string, string | string[] | undefined>,
  plans: readonly { shortId: string; name: string }[],
): ParsedRunQuery {
  const problems: string[] = [];
  const single = (name: string): string => {
    const raw = query[name];
    if (Array.isArray(raw)) {
      problems.push(`Give ${name} once: the address has it ${raw.length} times.`);
      return '';
    }
    return (raw ?? '').trim();
  };
  const values = Object.fromEntries(FILTER_FIELDS.map((f) => [f, single(f)])) as Record<FilterField, string>;
  const filter: RunFilter = {};

  if (values.plan) {
    const plan = plans.find((p) => p.shortId === values.plan);
    if (plan) filter.planShortId = plan.shortId;
    else
      problems.push(
        `This project has no test plan ${JSON.stringify(values.plan)}: choose one of the list${plans.length ? ` (${plans.map((p) => p.shortId).join(', ')})` : ''}.`,
      );
  }
  filter.status = oneOf<RunStatus>(problems, 'status', values.status, RUN_STATUSES);
  filter.result = oneOf<RunResult>(problems, 'result', values.result, RUN_RESULTS);
  filter.trigger = oneOf<StoredTrigger>(problems, 'trigger', values.trigger, TRIGGERS);

  for (const field of ['branch', 'author'] as const) {
    if (values[field].length > MAX_LENGTH[field])
      problems.push(`The ${field} is ${values[field].length} characters long; give at most ${MAX_LENGTH[field]}.`);
    else if (values[field]) filter[field] = values[field];
  }
  if (values.commit) {
    if (/^[0-9a-f]{4,40}$/i.test(values.commit)) filter.commitPrefix = values.commit.toLowerCase();
    else
      problems.push(
        `${JSON.stringify(values.commit.slice(0, 60))} is not the start of a commit hash: give 4 to 40 hexadecimal characters, e.g. 3f9a2c1.`,
      );
  }

  const day = (field: 'from' | 'to'): Date | undefined => {
    if (!values[field]) return undefined;
    const date = parseDay(values[field]);
    if (!date)
      problems.push(
        `${JSON.stringify(values[field].slice(0, 60))} is not a date: give the ${field === 'from' ? 'first' : 'last'} day as YYYY-MM-DD, e.g. 2026-11-02.`,
      );
    return date ?? undefined;
  };
  const from = day('from');
  const to = day('to');
  if (from && to && from > to)
    problems.push(`The date range ends (${values.to}) before it starts (${values.from}): swap the two days.`);
  if (from) filter.createdFrom = from;
  // The last day counts whole: runs created before the next midnight (UTC).
  if (to) filter.createdBefore = new Date(to.getTime() + 86_400_000);

  let cursor: RunCursor = null;
  const before = single('before');
  const after = single('after');
  if (before && after) problems.push('Give either before or after (the Older and Newer links), not both.');
  else if (before || after) {
    const id = before || after;
    if (!SHORT_ID.test(id))
      problems.push(
        `${JSON.stringify(id.slice(0, 60))} is not a run's short ID: follow the Newer and Older links, or start from the newest runs.`,
      );
    else cursor = before ? { before } : { after };
  }

  return { filter, cursor, values, problems };
}

/** The list's address with these filter values (empty ones left out) and a cursor. */
export function runListHref(
  slug: string,
  values: Partial<Record<FilterField, string>>,
  cursor: RunCursor = null,
): string {
  const params = new URLSearchParams();
  for (const field of FILTER_FIELDS) if (values[field]) params.set(field, values[field]);
  if (cursor && 'before' in cursor) params.set('before', cursor.before);
  if (cursor && 'after' in cursor) params.set('after', cursor.after);
  const query = params.toString();
  return `/p/${encodeURIComponent(slug)}/runs${query ? `?${query}` : ''}`;
}
