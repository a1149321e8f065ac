// A secret is never typed key by key: an autocomplete field that asks the server for suggestions at
// each keystroke would send, and the trace keep, every prefix of it (issue 26's re-audit). The
// value is filled at once, then the field gets the events its listeners wait for; a plain config
// value still gets the keys. Real Chromium, a real server, the trace masked as it is stored.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { performStep } from '../../../backend/src/agent/perform-step.js';
import type { Step } from '../../../backend/src/domain/steps.js';
import { maskEvidence } from '../../../backend/src/storage/mask-evidence.js';
import { readZip } from '../../../backend/src/zip.js';
import { decodings } from '../../helpers/reveal-secret.js';
import { sharedBrowser } from '../../helpers/shared-browser.js';

const SECRET = 'Zq!9 hunter~Secret';
const PAGE = `<!doctype html><title>Search</title>
<label for="q">Account</label>
<input id="q" role="combobox" aria-autocomplete="list" aria-controls="list" autocomplete="off">
<ul id="list" role="listbox"></ul><p id="out"></p>
<script>
  // Like a real autocomplete, an answer to an older prefix is dropped: answers may arrive out of order.
  q.addEventListener('keyup', () => {
    const asked = q.value;
    fetch('/suggest?q=' + encodeURIComponent(asked)).then((r) => r.text()).then((t) => { if (q.value === asked) list.innerHTML = t; });
  });
  q.addEventListener('input', () => (out.textContent = 'typed ' + q.value.length));
</script>`;

describe('typing a secret into a field that listens to keys', function () {
  let browser: Browser;
  let server: http.Server;
  let url: string;
  const asked: string[] = [];

  before(async () => {
    server = http.createServer((request, response) => {
      const at = new URL(request.url ?? '/', 'http://localhost');
      if (at.pathname === '/suggest') {
        const q = at.searchParams.get('q') ?? '';
        asked.push(q);
        // Shorter prefixes answer later, as a busy server may: the page must keep the newest answer.
        setTimeout(
          () => {
            response.writeHead(200, { 'content-type': 'text/html' });
            response.end(`<li role="option">${q.length} matches</li>`);
          },
          Math.max(0, 4 - q.length) * 100,
        );
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(PAGE);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    browser = await sharedBrowser();
  });
  after(async () => {
    server?.close();
  });

  const fill = (value: string): Step => ({
    action: 'fill',
    target: { locators: [{ kind: 'css', selector: '#q' }], description: 'the "Account" field' },
    value,
    sentence: `Fill 'Account' with '${value}'`,
  });

  /** The proper prefixes of the secret of 4 characters or more that `text` shows, in any encoding. */
  const prefixesIn = (text: string) => {
    const texts = decodings(text);
    return Array.from({ length: SECRET.length - 4 }, (_, i) => SECRET.slice(0, i + 4)).filter((prefix) =>
      texts.some((decoded) => decoded.replace(new RegExp(escapeRegExp(SECRET), 'g'), '').includes(prefix)),
    );
  };
  const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

  it('fills a secret at once: the page gets its events, no request and no trace entry holds a prefix', async () => {
    asked.length = 0;
    const context = await browser.newContext();
    await context.tracing.start({ snapshots: true, screenshots: false });
    const page = await context.newPage();
    await page.goto(url);
    const secrets = [{ value: SECRET, placeholder: '{{config.account}}' }];
    await performStep(page, fill('{{config.account}}'), {
      baseUrl: url,
      configs: { login: { account: SECRET } },
      secrets,
    });
    // The listeners ran: the input's and the keyup's (which asked for suggestions with the whole value).
    await page.getByText(`typed ${SECRET.length}`).waitFor();
    await page.getByRole('option', { name: `${SECRET.length} matches` }).waitFor();
    expect(await page.inputValue('#q')).to.equal(SECRET);
    expect(asked.filter((q) => q !== SECRET && prefixesIn(q).length)).to.deep.equal([]);
    const trace = `${process.env.TMPDIR ?? '/tmp'}/secret-keystrokes-${process.pid}.zip`;
    await context.tracing.stop({ path: trace });
    await context.close();
    const { readFile, rm } = await import('node:fs/promises');
    const masked = (await maskEvidence(await readFile(trace), 'application/zip', secrets)) as Buffer;
    await rm(trace, { force: true });
    const leaks = (await readZip(masked)).flatMap(({ name, data }) =>
      prefixesIn(data.toString('utf8')).map((prefix) => `${name}: ${prefix}`),
    );
    expect(leaks).to.deep.equal([]);
  });

  it('still types a value that is no secret key by key, for the suggestions it asks for', async () => {
    asked.length = 0;
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url);
    await performStep(page, fill('Ada'), { baseUrl: url, configs: {}, secrets: [] });
    await page.getByRole('option', { name: '3 matches' }).waitFor();
    expect(asked).to.include.members(['A', 'Ad', 'Ada']);
    await context.close();
  });
});
