// PostgreSQL's text and jsonb cannot hold U+0000, yet what Goalie keeps is often written by others: a
// page under test (element names, text, titles), an exploration of a preview, a webhook receiver's
// answer. A NUL there would fail the whole write (and the job would be tried again, repeating what it
// did). It becomes U+FFFD instead, as an HTML parser would show it.

/** The value with every U+0000 in its strings (and object keys) replaced; other values as they are. */
export function storable<T>(value: T): T {
  if (typeof value === 'string') return value.replaceAll('\u0000', '\uFFFD') as T;
  if (Array.isArray(value)) return value.map(storable) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storable(k), storable(v)])) as T;
  return value;
}
