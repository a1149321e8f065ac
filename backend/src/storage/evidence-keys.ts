// What both evidence stores agree on: which keys are valid, and how a byte range and an
// If-None-Match header apply to a file of a known size.
import type { ByteRange } from '../app/ports/evidence.js';

/** A key is a relative path of safe characters: nothing outside the store's root (or prefix) can be named. */
export function isValidKey(key: string): boolean {
  return (
    /^[A-Za-z0-9._\-/]+$/.test(key) && !key.split('/').some((part) => part === '..' || part === '.' || part === '')
  );
}

export function checkKey(key: string): string {
  if (!isValidKey(key)) throw new Error(`Invalid evidence key ${JSON.stringify(key)}`);
  return key;
}

/** A folder prefix such as `runs/<id>/`: a valid key followed by a slash. */
export function checkPrefix(prefix: string): string {
  if (!prefix.endsWith('/') || !isValidKey(prefix.slice(0, -1)))
    throw new Error(`Invalid evidence prefix ${JSON.stringify(prefix)}: a folder such as runs/<id>/`);
  return prefix;
}

/** The inclusive bytes of `range` in a file of `size` bytes; null when none of them exist (416). */
export function resolveRange(range: ByteRange, size: number): { start: number; end: number } | null {
  if ('suffix' in range) {
    if (range.suffix <= 0 || size === 0) return null;
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size) return null;
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

/** Whether an If-None-Match header (a list of entity tags, weak ones included, or *) names `etag`. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}
