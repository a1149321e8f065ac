// The Range header of a GET (RFC 9110, 14.2): one range of bytes. Anything else (several ranges,
// another unit, a malformed value) is ignored and the whole file answered, as the RFC allows.
import type { ByteRange } from '../app/ports/evidence.js';

export function parseRange(header: string | undefined): ByteRange | undefined {
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header ?? '');
  if (!match) return undefined;
  const [, from, to] = match;
  if (!from && !to) return undefined;
  if (!from) return { suffix: Number(to) };
  const start = Number(from);
  if (!Number.isSafeInteger(start)) return undefined;
  if (!to) return { start };
  const end = Number(to);
  if (!Number.isSafeInteger(end) || end < start) return undefined;
  return { start, end };
}
