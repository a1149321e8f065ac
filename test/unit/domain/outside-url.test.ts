import { expect } from 'chai';
import { outsideUrl, outsideUrlRefusal } from '../../../backend/src/domain/outside-url.js';

describe('URLs from outside (outsideUrl)', () => {
  it('keeps http and https URLs as given, without what a URL parser drops', () => {
    const kept: [unknown, string][] = [
      ['https://preview.example.com/pr-1', 'https://preview.example.com/pr-1'],
      ['http://127.0.0.1:3000', 'http://127.0.0.1:3000'],
      ['HTTPS://Preview.Example.COM/a b', 'HTTPS://Preview.Example.COM/a b'],
      ['  https://preview.example.com/\n', 'https://preview.example.com/'],
      ['\u0000https://preview.example.com/p\tr-1', 'https://preview.example.com/pr-1'],
      ['https://github.com/acme/shop/pull/1"><script>', 'https://github.com/acme/shop/pull/1"><script>'],
    ];
    for (const [raw, url] of kept) expect(outsideUrl(raw), JSON.stringify(raw)).to.equal(url);
  });

  it('refuses every other scheme however it is spelled, credentials, and what is no URL', () => {
    const refused: unknown[] = [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      '\u0000javascript:alert(1)',
      '\u001fjavascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'javascript&colon;alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://files.example.com/',
      'blob:https://example.com/uuid',
      'about:blank',
      '//evil.example.com/',
      '/relative/path',
      'https://user:password@preview.example.com/',
      'https://github.com@evil.example.com/',
      '',
      'not a url',
      null,
      undefined,
      42,
      { href: 'https://example.com' },
    ];
    for (const raw of refused) expect(outsideUrl(raw), JSON.stringify(raw) ?? String(raw)).to.equal(null);
  });

  it('says why, without repeating a password', () => {
    expect(outsideUrlRefusal('javascript:alert(1)')).to.equal('it is a javascript: URL, not http or https');
    expect(outsideUrlRefusal('not a url')).to.equal('it is not an absolute URL');
    const withPassword = outsideUrlRefusal('https://user:hunter2-secret@preview.example.com/');
    expect(withPassword).to.equal('it holds a user name or password');
    expect(outsideUrlRefusal('https://preview.example.com/')).to.equal(null);
  });
});
