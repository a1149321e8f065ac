import type { z } from 'zod';
import { describeIssue, formatIssues } from '../../../shared/src/api/validation.js';
import { BadRequest } from '../app/errors.js';

/** Parses `value` with `schema`, or throws a 400 naming every problem. */
export function parse<S extends z.ZodType>(schema: S, value: unknown, subject = 'the request body'): z.infer<S> {
  const result = schema.safeParse(value, { error: describeIssue });
  if (!result.success) throw new BadRequest(`Invalid ${subject.replace(/^the /, '')}: ${formatIssues(result.error.issues, subject)}`);
  return result.data;
}

/** The body as an object; a missing body is `{}` where the endpoint allows that. */
export function bodyObject(body: unknown, { required }: { required: boolean }): Record<string, unknown> {
  if (body === undefined) {
    if (required) throw new BadRequest('A JSON object body is required; send {} for the defaults.');
    return {};
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new BadRequest(`The request body must be a JSON object, not ${Array.isArray(body) ? 'an array' : body === null ? 'null' : typeof body}.`);
  }
  return body as Record<string, unknown>;
}
