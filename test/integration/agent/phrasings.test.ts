// Each phrasing of the goal language, burnt in on a real page: the page ends in the state the
// sentence asks for.
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BuiltinAgent } from '../../../backend/src/agent/builtin-agent.js';
import { sharedBrowser } from '../../helpers/shared-browser.js';
import { html, startSite, type Site } from '../../helpers/site.js';

const FORM = html(
  'Form',
  `<h1>Form</h1>
  <label>Email <input name="email" type="email"></label>
  <label for="pw">Password</label><input id="pw" type="password">
  <input placeholder="Search" id="search" value="old text">
  <label>Country <select name="country"><option value="">Choose one</option><option value="se">Sweden</option><option value="no">Norway</option></select></label>
  <label><input type="checkbox" name="agree"> I agree</label>
  <label><input type="checkbox" name="news" checked> Newsletter</label>
  <button type="button" onclick="out.textContent = 'Saved!'">Save</button>
  <button type="button" onclick="out.textContent = 'Signed in'">Sign in</button>
  <button type="button" onclick="setTimeout(() => out.textContent = 'Loaded', 300)">Load later</button>
  <span id="item" ondblclick="this.textContent = 'Editing'">Buy bread</span>
  <div class="menu"><span>Account</span> <a class="sub" href="/profile">Profile</a></div>
  <a href="/docs">Docs</a>
  <p id="out"></p><p id="keys"></p>
  <style>.menu .sub { display: none } .menu:hover .sub { display: inline }</style>
  <script>document.addEventListener('keydown', (e) => { keys.textContent += e.key + ' '; });</script>`,
);

const TODOS = html(
  'Todos',
  `<input placeholder="What needs to be done?" id="new"><ul id="list"></ul>
  <script>
    document.getElementById('new').addEventListener('keydown', (e) => {
      if (e.key !== 'Enter' || !e.target.value) return;
      const li = document.createElement('li');
      li.textContent = e.target.value;
      document.getElementById('list').append(li);
      e.target.value = '';
    });
  </script>`,
);

describe('built-in agent: each phrasing does what it says', function () {
  let browser: Browser;
  let site: Site;
  let context: BrowserContext;
  let page: Page;
  const agent = new BuiltinAgent({ findTimeoutMs: 2000 });

  before(async () => {
    browser = await sharedBrowser();
    site = await startSite({
      '/form': FORM,
      '/todos': TODOS,
      '/docs': html('Docs', '<h1>Documentation</h1>'),
      '/profile': html('Profile', '<h1>Your profile</h1>'),
    });
  });
  after(async () => {
    await site?.close();
  });
  beforeEach(async () => {
    context = await browser.newContext();
    page = await context.newPage();
  });
  afterEach(async () => context.close());

  async function burnIn(goal: string): Promise<void> {
    const result = await agent.burnIn(page, goal, {
      baseUrl: site.url,
      configs: { shop: { email: 'ada@example.com' } },
    });
    expect(result.error ?? '').to.equal('');
    expect(result.ok).to.equal(true);
  }

  const value = (selector: string) => page.locator(selector).inputValue();
  const text = (selector: string) => page.locator(selector).innerText();

  const table: [string, () => Promise<unknown>][] = [
    ['Go to /docs', async () => expect(page.url()).to.equal(`${site.url}/docs`)],
    ['Navigate to /docs', async () => expect(page.url()).to.equal(`${site.url}/docs`)],
    ['Visit {site}/docs', async () => expect(page.url()).to.equal(`${site.url}/docs`)],
    ["Go to /form. Open the 'Docs' page", async () => expect(page.url()).to.equal(`${site.url}/docs`)],
    ["Go to /form. Click the 'Docs' link", async () => expect(page.url()).to.equal(`${site.url}/docs`)],
    ["Go to /form. Click 'Save'", async () => expect(await text('#out')).to.equal('Saved!')],
    ['Go to /form. Click on Sign in', async () => expect(await text('#out')).to.equal('Signed in')],
    ["Go to /form. Click the 'Save' button", async () => expect(await text('#out')).to.equal('Saved!')],
    ["Go to /form. Press the 'Save' button", async () => expect(await text('#out')).to.equal('Saved!')],
    ["Go to /form. Double-click 'Buy bread'", async () => expect(await text('#item')).to.equal('Editing')],
    [
      "Go to /form. Fill 'Email' with 'ada@example.com'",
      async () => expect(await value('input[name=email]')).to.equal('ada@example.com'),
    ],
    [
      "Go to /form. Fill 'Email' with '{{config.email}}'",
      async () => expect(await value('input[name=email]')).to.equal('ada@example.com'),
    ],
    ["Go to /form. Enter 'secret' in the 'Password' field", async () => expect(await value('#pw')).to.equal('secret')],
    ["Go to /form. Type 'shoes' into 'Search'", async () => expect(await value('#search')).to.equal('shoes')],
    ["Go to /form. Clear 'Search'", async () => expect(await value('#search')).to.equal('')],
    [
      "Go to /todos. Type 'Buy milk' into 'What needs to be done?' and press Enter",
      async () => expect(await page.locator('li').allInnerTexts()).to.deep.equal(['Buy milk']),
    ],
    ["Go to /form. Select 'Sweden' from 'Country'", async () => expect(await value('select')).to.equal('se')],
    ["Go to /form. Set 'Country' to 'Norway'", async () => expect(await value('select')).to.equal('no')],
    [
      "Go to /form. Check 'I agree'",
      async () => expect(await page.locator('input[name=agree]').isChecked()).to.equal(true),
    ],
    [
      "Go to /form. Uncheck 'Newsletter'",
      async () => expect(await page.locator('input[name=news]').isChecked()).to.equal(false),
    ],
    ["Go to /form. Hover over 'Account'", async () => expect(await page.locator('a.sub').isVisible()).to.equal(true)],
    [
      "Go to /form. Hover over 'Account'. Click 'Profile'",
      async () => expect(page.url()).to.equal(`${site.url}/profile`),
    ],
    ['Go to /form. Press Escape. Press Enter', async () => expect(await text('#keys')).to.equal('Escape Enter')],
    ["Go to /form. Click 'Load later'. Wait for 'Loaded'", async () => expect(await text('#out')).to.equal('Loaded')],
    [
      "Go to /form. Click 'Save'. Verify that 'Saved!' is shown",
      async () => expect(await text('#out')).to.equal('Saved!'),
    ],
    [
      "Go to /form. Click the 'Docs' link. Check that the URL contains '/docs'",
      async () => expect(page.url()).to.include('/docs'),
    ],
  ];
  for (const [goal, check] of table) {
    it(goal, async () => {
      await burnIn(goal.replace('{site}', site.url));
      await check();
    });
  }
});
