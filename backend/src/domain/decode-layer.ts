// One layer of encoding taken off a text, in one pass and linear time: percent-encoding (`%21`,
// JavaScript's escape() `%uXXXX`), HTML character references (`&#33;`, `&#x21`, `&excl;`, `&amp`)
// and JSON/JavaScript escapes (`\u0021`, `\u{1F600}`, `\x21`, `\!`, `\n`), each wherever it occurs,
// so a value written with each character in a different form comes out whole. A value encoded
// inside another encoding (JSON in a form field: `%5C%22`) comes out after two layers. `+` stays
// as it is: the masker looks for a value with `+` for its spaces too. The text is a byte string
// (one character per byte, as secret-forms.ts writes values): percent-encoding gives bytes, the
// other forms code points, written as UTF-8. Each byte remembers where its unit began in the text
// the first layer was made from, so a value found in any layer is masked where it was written. Pure.
import { characterOfName, isLegacyName, LONGEST_LEGACY_NAME, LONGEST_NAME } from './html-named-characters.js';

export interface Layer {
  /** One character per byte. */
  text: string;
  /** Where byte `i` (or the end, at `text.length`) came from, in the original text. */
  origin: Int32Array;
}

const HEX = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) HEX['0123456789abcdef'.charCodeAt(i)] = HEX['0123456789ABCDEF'.charCodeAt(i)] = i;
const hexAt = (text: string, i: number) => {
  const c = text.charCodeAt(i);
  return c < 128 ? HEX[c]! : -1;
};

/** The value of `count` hex digits at `at`, or -1. */
function hexRun(text: string, at: number, count: number): number {
  let n = 0;
  for (let i = at; i < at + count; i++) {
    const digit = hexAt(text, i);
    if (digit < 0) return -1;
    n = n * 16 + digit;
  }
  return n;
}

/** `\n` and its kin, by the letter's code. */
const CONTROL = new Uint8Array(128);
for (const [letter, code] of [
  ['n', 10],
  ['r', 13],
  ['t', 9],
  ['b', 8],
  ['f', 12],
  ['v', 11],
] as const)
  CONTROL[letter.charCodeAt(0)] = code;
const isPunctuation = (c: number) =>
  (c >= 0x21 && c <= 0x2f) || (c >= 0x3a && c <= 0x40) || (c >= 0x5b && c <= 0x60) || (c >= 0x7b && c <= 0x7e);
const isAlnum = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

// The unit last read by unitAt: a byte (percent-encoding) or a code point (a UTF-16 unit for `%u`
// and `\u`), and where it ends. Kept here rather than in an object per unit: millions of units
// (20 MB of `\\`) would each allocate one.
let unitByte = false;
let unitValue = 0;
let unitEnd = 0;

function read(byte: boolean, value: number, end: number): true {
  unitByte = byte;
  unitValue = value;
  unitEnd = end;
  return true;
}

/** The numeric reference at `at` (`&#` already seen at at-2). */
function numericReference(text: string, at: number): boolean {
  const hex = text.charCodeAt(at) === 0x78 || text.charCodeAt(at) === 0x58;
  let i = hex ? at + 1 : at;
  const start = i;
  let value = 0;
  // Every digit is read (leading zeros included), however many; a value beyond Unicode is no reference.
  for (; i < text.length; i++) {
    const digit = hex ? hexAt(text, i) : text.charCodeAt(i) - 48;
    if (digit < 0 || digit > (hex ? 15 : 9)) break;
    if (value <= 0x10ffff) value = value * (hex ? 16 : 10) + digit;
  }
  if (i === start || value > 0x10ffff || value === 0) return false;
  return read(false, value, text.charCodeAt(i) === 0x3b ? i + 1 : i);
}

/** The named reference at `at` (`&` at at-1): `&name;`, or a legacy name without its `;`. */
function namedReference(text: string, at: number): boolean {
  let i = at;
  while (i < text.length && i - at <= LONGEST_NAME && isAlnum(text.charCodeAt(i))) i++;
  if (i === at) return false;
  if (text.charCodeAt(i) === 0x3b) {
    const char = characterOfName(text.slice(at, i));
    if (char !== undefined) return read(false, char.codePointAt(0)!, i + 1);
  }
  // Without the semicolon browsers read the longest legacy name the text begins with (`&ampx` is `&x`).
  for (let end = Math.min(i, at + LONGEST_LEGACY_NAME); end > at + 1; end--) {
    const name = text.slice(at, end);
    if (isLegacyName(name)) return read(false, characterOfName(name)!.codePointAt(0)!, end);
  }
  return false;
}

/** The escape at `at` (`\` at at-1). */
function backslashEscape(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  if (c === 0x75 /* u */) {
    if (text.charCodeAt(at + 1) === 0x7b /* { */) {
      let i = at + 2;
      let value = 0;
      for (; i < text.length && i < at + 9 && hexAt(text, i) >= 0; i++) value = value * 16 + hexAt(text, i);
      return i > at + 2 && text.charCodeAt(i) === 0x7d && value <= 0x10ffff && read(false, value, i + 1);
    }
    const value = hexRun(text, at + 1, 4);
    return value >= 0 && read(false, value, at + 5);
  }
  if (c === 0x78 /* x */) {
    const value = hexRun(text, at + 1, 2);
    return value >= 0 && read(false, value, at + 3);
  }
  if (c < 128 && CONTROL[c]) return read(false, CONTROL[c], at + 1);
  return isPunctuation(c) && read(false, c, at + 1);
}

/** Reads the encoded unit beginning at `at` into unitByte, unitValue and unitEnd; false when there is none. */
function unitAt(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  if (c === 0x25 /* % */) {
    const byte = hexRun(text, at + 1, 2);
    if (byte >= 0) return read(true, byte, at + 3);
    const u = text.charCodeAt(at + 1);
    if (u !== 0x75 && u !== 0x55) return false;
    const unit = hexRun(text, at + 2, 4);
    return unit >= 0 && read(false, unit, at + 6);
  }
  if (c === 0x26 /* & */)
    return text.charCodeAt(at + 1) === 0x23 ? numericReference(text, at + 2) : namedReference(text, at + 1);
  if (c === 0x5c /* \ */) return backslashEscape(text, at + 1);
  return false;
}

const isHigh = (n: number) => n >= 0xd800 && n <= 0xdbff;
const isLow = (n: number) => n >= 0xdc00 && n <= 0xdfff;

/** Writes the UTF-8 bytes of a code point at `at` (a lone surrogate as U+FFFD, as TextEncoder does); answers how many. */
function writeUtf8(out: Uint8Array, at: number, point: number): number {
  if (point >= 0xd800 && point <= 0xdfff) point = 0xfffd;
  if (point < 0x80) {
    out[at] = point;
    return 1;
  }
  if (point < 0x800) {
    out[at] = 0xc0 | (point >> 6);
    out[at + 1] = 0x80 | (point & 63);
    return 2;
  }
  if (point < 0x10000) {
    out[at] = 0xe0 | (point >> 12);
    out[at + 1] = 0x80 | ((point >> 6) & 63);
    out[at + 2] = 0x80 | (point & 63);
    return 3;
  }
  out[at] = 0xf0 | (point >> 18);
  out[at + 1] = 0x80 | ((point >> 12) & 63);
  out[at + 2] = 0x80 | ((point >> 6) & 63);
  out[at + 3] = 0x80 | (point & 63);
  return 4;
}

const utf16 = new TextDecoder('utf-16le');

/** Bytes as a string of one character each (TextDecoder's Latin-1 is windows-1252, which moves 0x80-0x9F). */
export function byteString(bytes: Uint8Array): string {
  const units = new Uint16Array(bytes.length);
  units.set(bytes);
  return utf16.decode(units);
}

/**
 * `layer` with every encoded unit decoded once; null when it holds none. Every form is at least as
 * long as its UTF-8 bytes (`\n` is 2 characters for 1 byte, `&#x800;` 7 for 3), so the result is
 * never longer than the text.
 */
export function decodeLayer(layer: Layer): Layer | null {
  const { text, origin } = layer;
  const out = new Uint8Array(text.length);
  const origins = new Int32Array(text.length + 1);
  let length = 0;
  let decodedAny = false;
  for (let i = 0; i < text.length;) {
    const c = text.charCodeAt(i);
    if ((c !== 0x25 && c !== 0x26 && c !== 0x5c) || !unitAt(text, i)) {
      out[length] = c;
      origins[length++] = origin[i++]!;
      continue;
    }
    const byte = unitByte;
    let value = unitValue;
    let end = unitEnd;
    // A surrogate pair, each half escaped (`\ud83d\ude00`, `%uD83D%uDE00`), is one character.
    if (!byte && isHigh(value) && unitAt(text, end) && !unitByte && isLow(unitValue)) {
      value = 0x10000 + ((value - 0xd800) << 10) + (unitValue - 0xdc00);
      end = unitEnd;
    }
    const count = byte ? ((out[length] = value), 1) : writeUtf8(out, length, value);
    for (let k = 0; k < count; k++) origins[length++] = origin[i]!;
    i = end;
    decodedAny = true;
  }
  if (!decodedAny) return null;
  origins[length] = origin[text.length]!;
  return { text: byteString(out.subarray(0, length)), origin: origins.subarray(0, length + 1) };
}
