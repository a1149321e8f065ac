import { expect } from 'chai';
import { escapeHtml } from '../../../backend/src/demo/html.js';
import { maskDeep, maskSecrets } from '../../../backend/src/domain/mask-secrets.js';

const PLACEHOLDER = '{{config.password}}';
const utf8 = (text: string) => [...new TextEncoder().encode(text)];
const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
const chars = (text: string) => [...text];
const alnum = (c: string) => /^[A-Za-z0-9]$/.test(c);
const base64 = (text: string) => btoa(String.fromCharCode(...utf8(text)));
const json = (text: string) => JSON.stringify(text).slice(1, -1);
const form = (text: string) => new URLSearchParams({ p: text }).toString().slice(2);
const html = escapeHtml;
const NAMED: Record<string, string> = {
  '!': 'excl',
  '(': 'lpar',
  ')': 'rpar',
  "'": 'apos',
  '@': 'commat',
  é: 'eacute',
};

/** Every way a browser, a URL parser or a serializer may write a value, alone or one inside another. */
const ENCODINGS: Record<string, (value: string) => string> = {
  'as written': (v) => v,
  encodeURIComponent: (v) => encodeURIComponent(v),
  encodeURI: (v) => encodeURI(v),
  "a form body as browsers post it (space as +, !'()~ encoded)": form,
  'every byte percent-encoded, lower-case hex': (v) =>
    utf8(v)
      .map((b) => `%${hex(b, 2)}`)
      .join(''),
  'every byte percent-encoded, upper-case hex': (v) =>
    utf8(v)
      .map((b) => `%${hex(b, 2).toUpperCase()}`)
      .join(''),
  'only some characters percent-encoded, mixed case': (v) =>
    chars(v)
      .map((c, i) =>
        i % 2 ? c : encodeURIComponent(c).replace(/%([0-9A-F])([0-9A-F])/g, (_, a, b) => `%${a}${b.toLowerCase()}`),
      )
      .join(''),
  'a URL query as a URL parser leaves it': (v) =>
    new URL(`http://h/?q=${v.replace(/[#%]/g, encodeURIComponent)}`).search.slice(3),
  'a URL path as a URL parser leaves it': (v) =>
    new URL(`http://h/${v.replace(/[#?%/\\.]/g, encodeURIComponent)}`).pathname.slice(1),
  JSON: json,
  'JSON, every character a \\u escape': (v) =>
    v
      .split('')
      .map((c) => `\\u${hex(c.charCodeAt(0), 4)}`)
      .join(''),
  'JSON, punctuation as upper-case \\u escapes': (v) =>
    v
      .split('')
      .map((c) => (alnum(c) ? c : `\\u${hex(c.charCodeAt(0), 4).toUpperCase()}`))
      .join(''),
  'a backslash before every punctuation character': (v) =>
    chars(v)
      .map((c) => (/^[!-/:-@[-`{-~]$/.test(c) ? `\\${c}` : c))
      .join(''),
  'HTML as a serializer escapes it': html,
  'HTML, every character a decimal reference': (v) =>
    chars(v)
      .map((c) => `&#${c.codePointAt(0)};`)
      .join(''),
  'HTML, every character a hex reference with leading zeros and no semicolon': (v) =>
    chars(v)
      .map((c) => `&#X00${hex(c.codePointAt(0)!, 2).toUpperCase()}`)
      .join(''),
  'HTML, named references where the character has one': (v) =>
    chars(v)
      .map((c) => (NAMED[c] ? `&${NAMED[c]};` : c))
      .join(''),
  'JSON inside a form field': (v) => form(json(v)),
  'a form body inside JSON': (v) => json(form(v)),
  'HTML inside JSON': (v) => json(html(v)),
  'JSON inside an HTML attribute': (v) => html(json(v)),
  'JSON inside JSON': (v) => json(json(v)),
  'percent-encoded twice': (v) => encodeURIComponent(encodeURIComponent(v)),
  'a form body inside a form body': (v) => form(form(v)),
  'HTML references inside a form body': (v) =>
    form(
      chars(v)
        .map((c) => `&#${c.codePointAt(0)};`)
        .join(''),
    ),
  base64: base64,
  'base64url without padding': (v) => base64(v).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''),
  'base64 of user:password (Basic auth), user of 1 character': (v) => base64(`a:${v}`),
  'base64 of user:password (Basic auth), user of 2 characters': (v) => base64(`ab:${v}`),
  'base64 of user:password (Basic auth), user of 3 characters': (v) => base64(`ada:${v}`),
};

const PRINTABLE = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));
/** A secret around each printable ASCII character, one of all of them, and one beyond ASCII. */
const VALUES = [...PRINTABLE.map((c) => `Pa${c}ss w0${c}rd9`), PRINTABLE.join(''), 'Grüße, €5 😀 naïve café'];

describe('masking secret values', () => {
  for (const [name, encode] of Object.entries(ENCODINGS)) {
    it(`masks every printable ASCII character written as ${name}`, () => {
      const leaks: string[] = [];
      for (const value of VALUES) {
        const written = encode(value);
        const masked = maskSecrets(`before ${written} after`, [{ value, placeholder: PLACEHOLDER }]);
        if (masked !== `before ${PLACEHOLDER} after`) leaks.push(`${JSON.stringify(value)}: ${masked}`);
      }
      expect(leaks, leaks.join('\n')).to.deep.equal([]);
    });
  }

  it('masks a value the page writes in two encodings one after the other, and several values at once', () => {
    const secrets = [
      { value: "It's (mine)!", placeholder: '{{config.password}}' },
      { value: 'correct horse', placeholder: '{{config.passphrase}}' },
    ];
    expect(maskSecrets(`p=It%27s+%28mine%29%21&q=correct+horse, "It's (mine)!" It&#39;s (mine)!`, secrets)).to.equal(
      `p={{config.password}}&q={{config.passphrase}}, "{{config.password}}" {{config.password}}`,
    );
  });

  it('leaves text that only resembles a value, and the encodings of other text, as they are', () => {
    const secrets = [{ value: "It's (mine)!", placeholder: PLACEHOLDER }];
    const text = `Its (mine)! It%27s (mind)! It%2527 %21%28 &amp; \\u0021 ${btoa("It's (mind)!")} dGVzdA== IT'S (MINE)!`;
    expect(maskSecrets(text, secrets)).to.equal(text);
  });

  it('masks the longer of two values whole, and short values only as whole words', () => {
    const both = [
      { value: 'abcd', placeholder: '{{config.a}}' },
      { value: 'abcdef', placeholder: '{{config.b}}' },
      { value: '42', placeholder: '{{config.pin}}' },
    ];
    expect(maskSecrets('abcdef abcd 42 420 a42 "42" %342', both)).to.equal(
      '{{config.b}} {{config.a}} {{config.pin}} 420 a42 "{{config.pin}}" {{config.pin}}',
    );
  });

  it('masks every string in a JSON-like value and keeps the rest', () => {
    const secrets = [{ value: 'S3cr3t Zebra&"7781"', placeholder: PLACEHOLDER }];
    const outcome = {
      title: 'No S3cr3t Zebra&"7781"',
      count: 3,
      healed: [{ sentence: 'Type S3cr3t+Zebra%26%227781%22' }],
      none: null,
    };
    expect(maskDeep(outcome, secrets)).to.deep.equal({
      title: `No ${PLACEHOLDER}`,
      count: 3,
      healed: [{ sentence: `Type ${PLACEHOLDER}` }],
      none: null,
    });
    expect(maskSecrets('nothing secret', [])).to.equal('nothing secret');
  });
});
