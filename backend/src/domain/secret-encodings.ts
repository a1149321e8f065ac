// Every way a value may be written in what Goalie keeps, as a regular expression. Browsers,
// URL parsers and serializers encode a value character by character, each choosing its own set of
// characters to encode (a form body encodes `!'()~` and writes a space as `+`, a URL parser leaves
// them, JSON escapes quotes, HTML escapes `&<>"'`; any character may be percent-encoded, in either
// case of hex). So rather than list whole-string forms, each character of the value may appear in
// any of its forms. Base64 (a Basic auth header holds `user:password`) cannot be read character by
// character: see base64Cores. Pure.
import { namedReferences } from './html-named-characters.js';

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const isAlnum = (char: string) => /^[A-Za-z0-9]$/.test(char);
/** The printable ASCII characters that are neither letters nor digits. */
const isPunctuation = (char: string) => /^[!-/:-@[-`{-~]$/.test(char);

/** `n` as at least `width` hex digits, each in either case. */
function hex(n: number, width: number): string {
  const digits = n.toString(16).toUpperCase().padStart(width, '0');
  return [...digits].map((d) => (/[A-F]/.test(d) ? `[${d}${d.toLowerCase()}]` : d)).join('');
}

const utf8 = new TextEncoder();
const CONTROL_ESCAPES: Record<string, string> = { '\n': 'n', '\r': 'r', '\t': 't', '\b': 'b', '\f': 'f' };

/** Every way one character (a code point) may be written, as regular expression sources, as written first. */
export function characterForms(char: string): string[] {
  const code = char.codePointAt(0)!;
  const out = [escapeRegExp(char)];
  // Percent-encoding of its UTF-8 bytes (URLs, form bodies), of its Latin-1 byte (a form on a page
  // in ISO-8859-1), and JavaScript's escape() above Latin-1.
  out.push([...utf8.encode(char)].map((byte) => `%${hex(byte, 2)}`).join(''));
  if (code >= 0x80 && code <= 0xff) out.push(`%${hex(code, 2)}`);
  if (code > 0xff && code <= 0xffff) out.push(`%u${hex(code, 4)}`);
  if (char === ' ') out.push('\\+');
  // HTML character references, decimal, hex and named; browsers read most without the semicolon.
  out.push(`&#0*${code}(?![0-9]);?`, `&#[xX]0*${hex(code, 1)}(?![0-9A-Fa-f]);?`);
  for (const { name, legacy } of namedReferences(char)) out.push(`&${name}${legacy ? ';?' : ';'}`);
  // JSON and JavaScript: \uXXXX (a surrogate pair above the BMP), \xHH, a backslash before
  // punctuation (\" and \/ in JSON, \' in JavaScript, \! in CSS), \n and its kin.
  const units = Array.from({ length: char.length }, (_, i) => char.charCodeAt(i));
  out.push(units.map((unit) => `\\\\u${hex(unit, 4)}`).join(''));
  if (code <= 0xff) out.push(`\\\\x${hex(code, 2)}`);
  if (isPunctuation(char)) out.push(`\\\\${escapeRegExp(char)}`);
  const control = CONTROL_ESCAPES[char];
  if (control) out.push(`\\\\${control}`);
  return out;
}

const patterns = new Map<string, string>();

/**
 * The character in any of its forms; punctuation also after a backslash that escapes any of them
 * (JSON's `\"` percent-encoded in part, `\%22`, or HTML-escaped, `\&quot;`).
 */
function anyForm(char: string): string {
  let source = patterns.get(char);
  if (source === undefined) {
    const own = [...new Set(characterForms(char))].join('|');
    source = isPunctuation(char) ? `(?:${own}|\\\\(?:${own}))` : `(?:${own})`;
    patterns.set(char, source);
  }
  return source;
}

/**
 * A regular expression source matching `value` with each character in any of its forms (no
 * capturing groups). An encoding inside another (JSON in a form field, HTML in JSON) is found by
 * running it again over the text with the outer encoding taken off (decode-outer-encoding.ts).
 */
export function encodedPattern(value: string): string {
  return [...value].map(anyForm).join('');
}

const BASE64_CHAR = /[A-Za-z0-9+/_-]/;

/**
 * The parts of the value's base64 that do not depend on what surrounds it: base64 writes 3 bytes
 * as 4 characters, so the value starting at each of the 3 byte offsets gives one run of
 * characters determined by the value's bytes alone (`user:password` places the password at any
 * offset). In the standard and the URL alphabet; `+` and `/` in any of their forms (`%2B`, `\/`).
 */
export function base64Cores(value: string): string[] {
  const bytes = [...utf8.encode(value)];
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = btoa(String.fromCharCode(...Array<number>(offset).fill(0), ...bytes));
    const first = Math.ceil((8 * offset) / 6);
    const last = Math.floor((8 * (offset + bytes.length)) / 6) - 1;
    const core = encoded.slice(first, last + 1);
    for (const alphabet of [core, core.replace(/\+/g, '-').replace(/\//g, '_')])
      cores.push([...alphabet].map((c) => (isAlnum(c) ? c : anyForm(c))).join(''));
  }
  return [...new Set(cores)];
}

/** The run of base64 around [start, end): the whole token is masked, since its edges hold bits of the value. */
export function base64Run(text: string, start: number, end: number): [number, number] {
  while (start > 0 && BASE64_CHAR.test(text[start - 1]!)) start--;
  while (end < text.length && BASE64_CHAR.test(text[end]!)) end++;
  while (end < text.length && text[end] === '=') end++;
  return [start, end];
}
