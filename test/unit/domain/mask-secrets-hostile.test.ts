// What a hostile page can put in front of the masker (issue 26's re-audit): megabytes made only of
// the characters encodings are written with, a secret of 10,000 characters, a secret of repeated
// symbols echoed with a backslash before each, and the encodings it missed. Each case checks the
// result; how fast is for test/bench/mask-hostile.ts.
import { expect } from 'chai';
import { maskSecrets, secretMasker, steppedMasker } from '../../../backend/src/domain/mask-secrets.js';

const P = '{{config.password}}';
const MB = 1_000_000;

/** `unit` repeated to about `bytes` characters. */
const repeated = (unit: string, bytes: number) => unit.repeat(Math.ceil(bytes / unit.length));

describe('masking secret values in hostile input', () => {
  const secret = "Tr0ub4dor & 3 'horse'!";
  const written = JSON.stringify(encodeURIComponent(secret)).slice(1, -1);

  // 20 MB of the audit's worst case and of a mix; the other units, 4 MB each (the cost is linear).
  const units: [string, number][] = [
    ['\\', 20],
    ['\\%5C&amp;%25&#92;\\u005C%26amp;\\\\&#x26;', 20],
    ...['&amp', '&amp;', '%5C', '\\&', '%25', '&#92;', '\\u005C', '%u005C'].map((unit): [string, number] => [unit, 4]),
  ];
  for (const [unit, megabytes] of units) {
    it(`masks a secret inside ${megabytes} MB of ${JSON.stringify(unit)} and keeps the rest as it is`, () => {
      const filler = repeated(unit, (megabytes / 2) * MB);
      const text = `${filler} ${written} ${filler}`;
      const masked = maskSecrets(text, [{ value: secret, placeholder: P }]);
      expect(masked.length).to.equal(2 * filler.length + 2 + P.length);
      expect(masked === `${filler} ${P} ${filler}`).to.equal(true);
    });
  }

  it('masks a secret of 10,000 characters in its forms, and never throws', () => {
    const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_.:!\n ';
    let key = '';
    for (let i = 0; key.length < 10_000; i++) key += chars[(i * 7919 + (i >> 3)) % chars.length];
    const secrets = [{ value: key, placeholder: '{{config.key}}' }];
    const forms = [
      key,
      JSON.stringify(key),
      encodeURIComponent(key),
      new URLSearchParams({ k: key }).toString(),
      btoa(`user:${key}`),
      JSON.stringify(JSON.stringify(key)),
    ];
    const mask = secretMasker(secrets);
    for (const form of forms) {
      const masked = mask(`before ${form} after`);
      expect(masked, form.slice(0, 40)).not.to.include(key.slice(0, 60));
      expect(masked).to.match(/^before .*\{\{config\.key\}\}.* after$/s);
    }
    // Almost the key, many times: nothing to mask.
    const almost = `${key.slice(0, -1)}#`.repeat(200);
    expect(mask(almost)).to.equal(almost);
  });

  it('masks secrets made of runs of symbols, echoed with a backslash before each (no backtracking blow-up)', () => {
    const value = `${'!'.repeat(40)}Z`;
    const mask = secretMasker([{ value, placeholder: P }]);
    const near = `${'\\!'.repeat(40)}Y `.repeat(20_000);
    expect(mask(near)).to.equal(near);
    expect(mask(`a ${'\\!'.repeat(40)}Z b`)).to.equal(`a ${P} b`);
    const pw = 'k#9!Qz$@7&m*^P(2)_v+=R-[4]{x}|;L';
    const echo = [...pw].map((c) => (/[A-Za-z0-9]/.test(c) ? c : `\\${c}`)).join('');
    const pwMask = secretMasker([{ value: pw, placeholder: P }]);
    const almostEcho = `${echo.slice(0, -1)} `.repeat(20_000);
    expect(pwMask(almostEcho)).to.equal(almostEcho);
    expect(pwMask(`[${echo}]`)).to.equal(`[${P}]`);
  });
});

/** The bytes as a string of one character per byte, as a body read in Latin-1 shows them. */
const bytesAsText = (bytes: Uint8Array) => String.fromCharCode(...bytes);
const percent = (bytes: Uint8Array | number[]) =>
  [...bytes]
    .map((b) =>
      b < 0x80 && /[A-Za-z0-9]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

describe('masking the encodings the first masker missed', () => {
  const check = (value: string, written: string) => {
    const masked = maskSecrets(`x=${written}&y=1`, [{ value, placeholder: P }]);
    expect(masked, written).to.equal(`x=${P}&y=1`);
  };

  it('a form posted from a page in a legacy charset: windows-1252, GBK, Shift_JIS, EUC-KR, KOI8-R', () => {
    check('Preis€“2024”', 'Preis%80%932024%94');
    check('密码Secret9', `${percent([0xc3, 0xdc, 0xc2, 0xeb])}Secret9`); // GBK
    check('パスワードAb1', `${percent([0x83, 0x70, 0x83, 0x58, 0x83, 0x8f, 0x81, 0x5b, 0x83, 0x68])}Ab1`); // Shift_JIS
    check('비밀Pass9', `${percent([0xba, 0xf1, 0xb9, 0xd0])}Pass9`); // EUC-KR
    check('парольX9', `${percent([0xd0, 0xc1, 0xd2, 0xcf, 0xcc, 0xd8])}X9`); // KOI8-R
    // A character the charset lacks, as the browser writes it: an HTML reference, percent-encoded.
    check('Preis😀€', 'Preis%26%23128512%3B%80');
  });

  it('UTF-16 in either byte order (bytes that are no UTF-8, and ASCII in UTF-16, which is), hex of the UTF-8 bytes', () => {
    const value = 'Grüße hunter2';
    const le = new Uint8Array(value.length * 2);
    const be = new Uint8Array(value.length * 2);
    for (let i = 0; i < value.length; i++) {
      le[2 * i] = be[2 * i + 1] = value.charCodeAt(i) & 0xff;
      le[2 * i + 1] = be[2 * i] = value.charCodeAt(i) >> 8;
    }
    const binary = (bytes: string) => {
      const steps = steppedMasker([{ value, placeholder: P }], true)(bytes);
      for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
    };
    expect(binary(`\xff\xfe${bytesAsText(le)}`)).to.equal(`\xff\xfe${P}`);
    expect(binary(`\xfe\xff${bytesAsText(be)}`)).to.equal(`\xfe\xff${P}`);
    check('hunter2 Secret', [...'hunter2 Secret'].map((c) => `${c}\0`).join(''));
    check('hunter2 Secret', [...'hunter2 Secret'].map((c) => `\0${c}`).join(''));
    const hex = [...new TextEncoder().encode(value)].map((b) => b.toString(16).padStart(2, '0')).join('');
    check(value, hex);
    check(value, hex.toUpperCase());
  });

  it('base64 of the percent-encoded value, base64 wrapped every 76 characters, escape() of astral characters', () => {
    const value = 'Pa ss!w0rd(~) 😀';
    check(value, btoa(encodeURIComponent(value)));
    const long = `user:${value}${'x'.repeat(60)}`;
    const b64 = btoa(String.fromCharCode(...new TextEncoder().encode(long)));
    const masked = maskSecrets(`Authorization: ${b64.replace(/(.{76})/g, '$1\r\n')}\r\n\r\nnext`, [
      { value, placeholder: P },
    ]);
    expect(masked).to.equal(`Authorization: ${P}\r\n\r\nnext`);
    check('emoji😀secret', escape('emoji😀secret'));
    check('emoji😀secret', 'emoji%uD83D%uDE00secret');
    check('emoji😀secret', 'emoji\\ud83d\\ude00secret');
  });
});
