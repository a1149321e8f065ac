// Turns zod issues into one sentence a caller can act on: which field, what is wrong, what is expected.
import type { z } from 'zod';
import { truncate } from '../truncate.js';

type Issue = z.core.$ZodRawIssue;

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the string ${JSON.stringify(truncate(value, 41))}`;
  return `${typeof value} ${String(value)}`;
}

const ARTICLE: Record<string, string> = {
  object: 'an object',
  array: 'an array',
  string: 'a string',
  boolean: 'a boolean (true or false)',
  number: 'a number',
};

/** Error map for `safeParse(data, { error: describeIssue })`; custom messages on a schema win. */
export function describeIssue(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return `must be ${ARTICLE[issue.expected] ?? issue.expected}, not ${typeName(issue.input)}`;
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) === 1 ? 'must not be empty' : `must be at least ${issue.minimum} characters`;
      }
      if (issue.origin === 'array')
        return `must hold at least ${issue.minimum} element${Number(issue.minimum) === 1 ? '' : 's'}`;
      return `must be at least ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string')
        return `must be at most ${issue.maximum} characters (got ${String(issue.input ?? '').length})`;
      if (issue.origin === 'array') return `must hold at most ${issue.maximum} elements`;
      return `must be at most ${issue.maximum}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, not ${typeName(issue.input)}`;
    case 'unrecognized_keys':
      return `has unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.join(', ')}`;
    default:
      return undefined;
  }
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

/** "name must not be empty; applications[0].applicationShortId must be ..." */
export function formatIssues(issues: readonly z.core.$ZodIssue[], subject = 'the request body'): string {
  const parts = issues.map((issue) => {
    const where = formatPath(issue.path);
    return where ? `${where} ${issue.message}` : `${subject} ${issue.message}`;
  });
  return parts.join('; ');
}
