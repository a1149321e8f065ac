import type { z } from 'zod';
import { describeIssue, formatIssues, formatPath } from '../../../shared/src/api/validation.js';
import { BadRequest } from '../app/errors.js';

/** Parses `value` with `schema`, or throws a 400 naming every problem. */
export function parse<S extends z.ZodType>(schema: S, value: unknown, subject = 'the request body'): z.infer<S> {
  const result = schema.safeParse(value, { error: describeIssue });
  if (!result.success)
    throw new BadRequest(`Invalid ${subject.replace(/^the /, '')}: ${formatIssues(result.error.issues, subject)}`);
  // PostgreSQL text cannot hold U+0000. Checked on what was parsed, so ignored unknown fields stay ignored.
  const nul = pathWithNul(result.data, []);
  if (nul) {
    throw new BadRequest(
      `Invalid ${subject.replace(/^the /, '')}: ${nul.length ? formatPath(nul) : subject} contains a NUL character (\\u0000), which cannot be stored; remove it.`,
    );
  }
  return result.data;
}

/** Where a string holds U+0000; null when nowhere. */
function pathWithNul(value: unknown, path: (string | number)[]): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? [...value.entries()]
    : value && typeof value === 'object'
      ? Object.entries(value)
      : [];
  for (const [key, item] of entries) {
    const found = pathWithNul(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/** The body as an object; a missing body is `{}` where the endpoint allows that. */
export function bodyObject(body: unknown, { required }: { required: boolean }): Record<string, unknown> {
  if (body === undefined) {
    if (required) throw new BadRequest('A JSON object body is required; send {} for the defaults.');
    return {};
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new BadRequest(
      `The request body must be a JSON object, not ${Array.isArray(body) ? 'an array' : body === null ? 'null' : typeof body}.`,
    );
  }
  return body as Record<string, unknown>;
}
