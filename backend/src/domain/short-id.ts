// Short IDs: `pln-smoke_4kq8z1` for named resources, plain random strings for runs and run test cases.
import { SHORT_ID_PREFIXES, type ShortIdKind } from '../../../shared/src/short-ids.js';

// No 0/o, 1/l/i: short IDs are read aloud and typed from screenshots.
const ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';

export function randomSuffix(length: number, random: (n: number) => Uint8Array = randomBytes): string {
  const bytes = random(length);
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[bytes[i]! % ALPHABET.length];
  return out;
}

function randomBytes(n: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(n));
}

const MAX_SLUG = 24;

/** "Smoke tests (EU)" -> "smoke-tests-eu"; empty when nothing usable is left. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, MAX_SLUG).replace(/-+$/g, '');
}

export function makeShortId(kind: ShortIdKind, name: string, suffix = randomSuffix(6)): string {
  const prefix = SHORT_ID_PREFIXES[kind];
  const slug = slugify(name);
  return slug ? `${prefix}-${slug}_${suffix}` : `${prefix}_${suffix}`;
}

/** Run and run test case short IDs: no stated pattern in the spec, so short, URL-safe and unguessable. */
export function makePlainShortId(): string {
  return randomSuffix(10);
}
