// Whether a text shows a value in any encoding, found the other way round from the masker
// (backend/src/domain/mask-secrets.ts): the text is decoded, up to three times over, every way a
// browser, a URL parser or a serializer encodes (percent-encoding with `+` as a space or as
// itself, HTML character references, JSON and JavaScript escapes; all at once in each round, so
// one inside another comes off one per round), and each base64 run is decoded; then the decoded
// texts are searched for the value as it is. Independent of the masker's code, so a blind spot
// there is not repeated here.

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  excl: '!',
  num: '#',
  dollar: '$',
  percnt: '%',
  lpar: '(',
  rpar: ')',
  ast: '*',
  plus: '+',
  comma: ',',
  period: '.',
  sol: '/',
  colon: ':',
  semi: ';',
  equals: '=',
  quest: '?',
  commat: '@',
  lsqb: '[',
  lbrack: '[',
  bsol: '\\',
  rsqb: ']',
  rbrack: ']',
  Hat: '^',
  lowbar: '_',
  grave: '`',
  lcub: '{',
  lbrace: '{',
  verbar: '|',
  vert: '|',
  rcub: '}',
  rbrace: '}',
};
const CONTROL: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };

/** Every encoded unit decoded once, left to right, nothing decoded twice. */
function decodeRound(text: string, plusIsSpace: boolean): string {
  return text.replace(
    /%([0-9A-Fa-f]{2})|%u([0-9A-Fa-f]{4})|\+|&#[xX]([0-9A-Fa-f]+);?|&#([0-9]+);?|&([A-Za-z]+);?|\\u([0-9A-Fa-f]{4})|\\x([0-9A-Fa-f]{2})|\\(.)/gs,
    (unit, pct, pctU, htmlHex, htmlDec, name, jsonU, jsX, escaped) => {
      if (unit === '+') return plusIsSpace ? ' ' : '+';
      const hex = pct ?? pctU ?? htmlHex ?? jsonU ?? jsX;
      if (hex !== undefined) return String.fromCodePoint(parseInt(hex, 16));
      if (htmlDec !== undefined) return String.fromCodePoint(Math.min(parseInt(htmlDec, 10), 0x10ffff));
      if (name !== undefined) return NAMED[name] ?? unit;
      return CONTROL[escaped] ?? escaped;
    },
  );
}

/** Every base64 run of the text (8 characters or more), decoded, in both alphabets. */
function base64Runs(text: string): string[] {
  const runs = text.match(/[A-Za-z0-9+/_-]{8,}={0,2}/g) ?? [];
  return runs.map((run) => Buffer.from(run.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('latin1'));
}

/** The text, decoded every way up to `rounds` times over: the texts in which to look for a value. */
export function decodings(text: string, rounds = 3): string[] {
  const out = new Set([text]);
  let layer = [text];
  for (let round = 0; round < rounds; round++) {
    const next = new Set<string>();
    for (const item of layer) for (const plus of [true, false]) next.add(decodeRound(item, plus));
    for (const item of next) out.add(item);
    layer = [...next].filter((item) => !layer.includes(item));
  }
  for (const item of [...out].slice(0, 3)) for (const decoded of base64Runs(item)) out.add(decoded);
  return [...out];
}

/** The values `text` shows in any encoding. */
export function revealed(text: string, values: readonly string[]): string[] {
  const texts = decodings(text);
  return values.filter((value) => texts.some((decoded) => decoded.includes(value)));
}
