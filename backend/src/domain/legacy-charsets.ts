// A value in the legacy charsets pages still declare (windows-1252, ISO-8859-x, KOI8, Shift_JIS,
// GBK, Big5, EUC-KR, ...): a form on such a page posts the value's bytes in the page's charset,
// percent-encoded (`Preis€` from a windows-1252 page is `Preis%80`), and writes a character the
// charset lacks as an HTML reference (`&#8364;`), as browsers do. Which charset the page had is not
// known where evidence is masked, so the value is encoded in each of them. The encoders are read
// off the platform's decoders (TextDecoder knows these charsets, nothing encodes to them), once, when
// a value needs them. Pure.

/** The WHATWG single-byte charsets (ISO-8859-1 is windows-1252 there). */
const SINGLE_BYTE = [
  'ibm866',
  'iso-8859-2',
  'iso-8859-3',
  'iso-8859-4',
  'iso-8859-5',
  'iso-8859-6',
  'iso-8859-7',
  'iso-8859-8',
  'iso-8859-10',
  'iso-8859-13',
  'iso-8859-14',
  'iso-8859-15',
  'iso-8859-16',
  'koi8-r',
  'koi8-u',
  'macintosh',
  'windows-874',
  'windows-1250',
  'windows-1251',
  'windows-1252',
  'windows-1253',
  'windows-1254',
  'windows-1255',
  'windows-1256',
  'windows-1257',
  'windows-1258',
  'x-mac-cyrillic',
];

/** The double-byte ones, by their two-byte codes (GB18030's four-byte codes and ISO-2022-JP's shifts are left out). */
const DOUBLE_BYTE = ['gbk', 'big5', 'shift_jis', 'euc-jp', 'euc-kr'];

/** The charsets a value is encoded in, besides UTF-8 and UTF-16; `latin1` is each code point below 256 as its byte. */
export const LEGACY_CHARSETS: readonly string[] = ['latin1', ...SINGLE_BYTE, ...DOUBLE_BYTE];

type Encoder = Map<number, number[]>;
const encoders = new Map<string, Encoder | null>();

/** Each character the charset has, by code point, with its bytes; the shortest code first. */
function buildEncoder(charset: string): Encoder | null {
  const encoder: Encoder = new Map();
  if (charset === 'latin1') {
    for (let byte = 0x80; byte < 0x100; byte++) encoder.set(byte, [byte]);
    return encoder;
  }
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset);
  } catch {
    return null; // a platform without this charset: the value is not encoded in it
  }
  // Every byte, then every pair of bytes above ASCII, each followed by a newline, which every one
  // of these charsets reads as itself after any code: one decode, split at the newlines.
  const codes: number[][] = [];
  for (let byte = 0x80; byte < 0x100; byte++) codes.push([byte]);
  if (DOUBLE_BYTE.includes(charset))
    for (let lead = 0x81; lead < 0xff; lead++) for (let trail = 0x40; trail < 0xff; trail++) codes.push([lead, trail]);
  const bytes = new Uint8Array(codes.reduce((sum, code) => sum + code.length + 1, 0));
  let at = 0;
  for (const code of codes) {
    bytes.set(code, at);
    bytes[at + code.length] = 0x0a;
    at += code.length + 1;
  }
  const decoded = decoder.decode(bytes).split('\n');
  codes.forEach((code, i) => {
    const text = decoded[i];
    if (text === undefined || text === '\ufffd') return;
    const point = text.codePointAt(0)!;
    // One character, not ASCII (a charset's ASCII is ASCII), and the first (shortest) code for it.
    if (point < 0x80 || text.length !== String.fromCodePoint(point).length || encoder.has(point)) return;
    encoder.set(point, code);
  });
  return encoder;
}

function encoderOf(charset: string): Encoder | null {
  if (!encoders.has(charset)) encoders.set(charset, buildEncoder(charset));
  return encoders.get(charset)!;
}

/**
 * The value's bytes in each legacy charset, as a browser submits a form in it (a character the
 * charset lacks as `&#NNNN;`); none for a value of ASCII alone, which every one of them writes as
 * UTF-8 does. Distinct byte strings only.
 */
export function legacyEncodings(value: string): Uint8Array[] {
  if (![...value].some((char) => char.charCodeAt(0) > 0x7f)) return [];
  const seen = new Set<string>();
  const out: Uint8Array[] = [];
  for (const charset of LEGACY_CHARSETS) {
    const encoder = encoderOf(charset);
    if (!encoder) continue;
    const bytes: number[] = [];
    for (const char of value) {
      const point = char.codePointAt(0)!;
      if (point < 0x80) bytes.push(point);
      else {
        const code = encoder.get(point);
        if (code) bytes.push(...code);
        else for (const c of `&#${point};`) bytes.push(c.charCodeAt(0));
      }
    }
    const key = bytes.join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(Uint8Array.from(bytes));
  }
  return out;
}
