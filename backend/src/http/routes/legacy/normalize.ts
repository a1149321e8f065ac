// Older clients of the deprecated `/api/projects/{projectUuid}/runs` form: snake_case fields, trigger
// values named after the CI host, and `applications` as an object keyed by application short ID.
// Everything is turned into the v1 request before the v1 validation runs.

import { BadRequest } from '../../../app/errors.js';

const REPOSITORY_HOSTS = new Set([
  'REPOHOST',
  'GITHUB',
  'GITLAB',
  'BITBUCKET',
  'AZURE',
  'AZURE_DEVOPS',
  'CI',
  'CIRCLECI',
  'JENKINS',
]);

const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** A start-run body is a few levels deep; a body thousands deep would overflow the stack (a 500). */
const MAX_DEPTH = 32;

function camelKeys(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH)
    throw new BadRequest(
      `The request body is nested more than ${MAX_DEPTH} levels deep; a start-run body needs only a few. Send the fields of POST /v1/run.`,
    );
  if (Array.isArray(value)) return value.map((item) => camelKeys(item, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [camel(k), camelKeys(v, depth + 1)]));
  }
  return value;
}

export function legacyTrigger(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const upper = value
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  if (upper === '' || upper === 'API') return 'API';
  return REPOSITORY_HOSTS.has(upper) ? 'REPOHOST' : 'API';
}

export function normalizeLegacyStartRun(body: Record<string, unknown>): Record<string, unknown> {
  // Application short IDs are object keys in the keyed form: keep them as they are.
  const { applications, ...rest } = body;
  const out = camelKeys(rest) as Record<string, unknown>;
  if ('trigger' in out) out.trigger = legacyTrigger(out.trigger);
  if (applications && typeof applications === 'object' && !Array.isArray(applications)) {
    out.applications = Object.entries(applications as Record<string, unknown>).map(
      ([applicationShortId, settings]) => ({
        applicationShortId,
        ...(camelKeys(settings ?? {}) as Record<string, unknown>),
      }),
    );
  } else if (applications !== undefined) {
    out.applications = camelKeys(applications);
  }
  return out;
}
