// The byte strings a value may be written as, once the encodings a text may wrap it in are taken
// off (decode-layer.ts): its UTF-8 bytes; with `+` for each space (a form body, whose `+` stays
// as it is when the rest is decoded); and forms no decoding gives back: UTF-16 (a body a page sent
// as UTF-16), the hex of its UTF-8 bytes, its bytes in a legacy charset (legacy-charsets.ts), and
// the parts of its base64 that do not depend on what surrounds it. Pure.
import { legacyEncodings } from './legacy-charsets.js';

const utf8 = new TextEncoder();

/** What a value may be found as, by where it is looked for. */
export interface SecretForms {
  /** In the text and in every decoding of it: the UTF-8 bytes, and with `+` for each space. */
  everywhere: Uint8Array[];
  /** In the text as it is: UTF-16 (both byte orders) and hex, which no decoding gives back. */
  asWritten: Uint8Array[];
  /** In the text and one decoding of it (a form body's percent-encoding): the legacy charsets' bytes. */
  firstLayer: Uint8Array[];
  /** The same, base64: a match is widened to the whole base64 token. */
  base64: Uint8Array[];
}

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

function hex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

function utf16(value: string, littleEndian: boolean): Uint8Array {
  const out = new Uint8Array(value.length * 2);
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    out[2 * i + (littleEndian ? 0 : 1)] = unit & 0xff;
    out[2 * i + (littleEndian ? 1 : 0)] = unit >> 8;
  }
  return out;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Base64 of `bytes` without padding (btoa would need a string of them, too long for big values). */
function base64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let k = 0; k < chars; k++) out += ALPHABET[(n >> (18 - 6 * k)) & 63];
  }
  return out;
}

/**
 * The parts of the base64 of `bytes` that do not depend on what surrounds them: base64 writes 3
 * bytes as 4 characters, so the bytes starting at each of the 3 byte offsets give one run of
 * characters determined by these bytes alone (`user:password` places the password at any offset).
 * In the standard and the URL alphabet.
 */
export function base64Cores(bytes: Uint8Array): string[] {
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const shifted = new Uint8Array(offset + bytes.length);
    shifted.set(bytes, offset);
    const encoded = base64(shifted);
    const first = Math.ceil((8 * offset) / 6);
    const last = Math.floor((8 * (offset + bytes.length)) / 6) - 1;
    const core = encoded.slice(first, last + 1);
    cores.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return [...new Set(cores)].filter((core) => core.length > 0);
}

/** encodeURIComponent, which throws on a lone surrogate: that one as its UTF-8 replacement. */
function percentEncoded(value: string): string {
  return encodeURIComponent(
    value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );
}

/** Distinct byte strings. */
function distinct(list: Uint8Array[]): Uint8Array[] {
  const seen = new Set<string>();
  return list.filter((bytes) => {
    const key = bytes.join(',');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Every form of `value` (`whole`: only its UTF-8 bytes and the form-body spaces, for values matched as whole words). */
export function secretForms(value: string, whole = false): SecretForms {
  const bytes = utf8.encode(value);
  const everywhere = distinct([bytes, utf8.encode(value.replace(/ /g, '+'))]);
  if (whole) return { everywhere, asWritten: [], firstLayer: [], base64: [] };
  const encodedHex = hex(bytes);
  return {
    everywhere,
    asWritten: distinct([utf16(value, true), utf16(value, false), ascii(encodedHex), ascii(encodedHex.toUpperCase())]),
    firstLayer: legacyEncodings(value),
    // Of the UTF-8 bytes, and of the value percent-encoded first (btoa(encodeURIComponent(value))).
    base64: distinct([...base64Cores(bytes), ...base64Cores(ascii(percentEncoded(value)))].map(ascii)),
  };
}
