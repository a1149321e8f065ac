// Finding targets on real pages: relative targets, shadow DOM, and failures that say what the page
// has instead of guessing.
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BuiltinAgent } from '../../../backend/src/agent/builtin-agent.js';
import { performStep } from '../../../backend/src/agent/perform-step.js';
import type { BurnInResult } from '../../../backend/src/agent/agent.js';
import type { Step } from '../../../backend/src/domain/steps.js';
import { sharedBrowser } from '../../helpers/shared-browser.js';
import { html, startSite, type Site } from '../../helpers/site.js';

const todos = (items: string[]) =>
  html(
    'Todos',
    `<h1>Todos</h1><ul>${items.map((item) => `<li><input type="checkbox"> ${item} <button onclick="this.parentElement.remove()">Delete</button></li>`).join('')}</ul>`,
  );

const INVOICES = html(
  'Invoices',
  `<table>
    <thead><tr><th>Invoice</th><th>Amount</th><th></th></tr></thead>
    <tbody>
      <tr><td>Invoice 7</td><td>$10</td><td><button onclick="out.textContent = 'Editing Invoice 7'">Edit</button></td></tr>
      <tr><td>Invoice 8</td><td>$20</td><td><button onclick="out.textContent = 'Editing Invoice 8'">Edit</button></td></tr>
    </tbody>
  </table><p id="out"></p>`,
);

const SHADOW = html(
  'Shadow',
  `<cookie-banner></cookie-banner><p id="out">banner shown</p>
  <script>
    customElements.define('cookie-banner', class extends HTMLElement {
      connectedCallback() {
        const root = this.attachShadow({ mode: 'open' });
        root.innerHTML = '<div role="dialog" aria-label="Cookies"><p>We use cookies</p><button>Dismiss</button></div>';
        root.querySelector('button').addEventListener('click', () => { this.remove(); out.textContent = 'banner dismissed'; });
      }
    });
  </script>`,
);

const TWICE = html(
  'Home',
  `<header><nav><a href="/pricing">Pricing</a> <a href="/docs">Docs</a></nav></header>
  <main><h1>Home</h1></main>
  <footer><a href="/pricing">Pricing</a></footer>`,
);

const SHOP = html(
  'Shop',
  `<nav><a href="/cart">Cart (2)</a></nav>${['Blue mug', 'Red mug'].map((m) => `<div><h3>${m}</h3><button>Add to cart</button></div>`).join('')}`,
);

const LOGIN = html(
  'Sign in',
  `<h1>Sign in to your account</h1>
  <a href="/github">Sign in with GitHub</a>
  <label>Email <input type="email"></label>
  <button>Sign in</button>`,
);

// A heading with a disclosure's words above it: "Expand" means the disclosure (aria-expanded, <summary>).
const DISCLOSURES = html(
  'Checkout',
  `<h2>Shipping details</h2>
  <div class="toggle" tabindex="0" aria-expanded="false" aria-controls="ship"
    onclick="this.setAttribute('aria-expanded', 'true'); ship.hidden = false">Shipping details</div>
  <div id="ship" hidden>Standard delivery</div>
  <h2>Gift options</h2>
  <details><summary>Gift options</summary><p>Wrap it</p></details>`,
);

describe('built-in agent: finding targets', function () {
  let browser: Browser;
  let site: Site;
  let context: BrowserContext;
  let page: Page;
  const agent = new BuiltinAgent({ findTimeoutMs: 1000 });

  before(async () => {
    browser = await sharedBrowser();
    site = await startSite({
      '/todos': todos(['Buy milk', 'Walk dog']),
      '/stepper': html(
        'Stepper',
        `<div><button onclick="qty.value--">−</button><input id="qty" aria-label="Quantity" value="1"><button onclick="qty.value++">+</button></div>
        <div><button onclick="guests.value--">−</button><input id="guests" aria-label="Guests" value="2"><button onclick="guests.value++">+</button></div>`,
      ),
      '/invoices': INVOICES,
      '/shadow': SHADOW,
      '/login': LOGIN,
      '/shop': SHOP,
      '/cart': html('Cart', '<h1>Your cart</h1>'),
      '/home': TWICE,
      '/pricing': html('Pricing', '<h1>Pricing</h1>'),
      '/disclosures': DISCLOSURES,
      '/quotes': html(
        'Quotes',
        `<button onclick="out.textContent = 'opened'">Ben Carter's "login" ticket</button>
        <button onclick="out.textContent = 'moved'">Inbox &gt;&gt; Archive</button><p id="out"></p>`,
      ),
    });
  });
  after(async () => {
    await site?.close();
  });
  beforeEach(async () => {
    site.setPage('/todos', todos(['Buy milk', 'Walk dog']));
    context = await browser.newContext();
    page = await context.newPage();
  });
  afterEach(async () => context.close());

  const burnIn = (goal: string): Promise<BurnInResult> => agent.burnIn(page, goal, { baseUrl: site.url, configs: {} });
  const checked = () => page.locator('li input').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).checked));
  const items = () =>
    page
      .locator('li')
      .allInnerTexts()
      .then((texts) => texts.map((t) => t.replace('Delete', '').trim()));

  async function replayOnFreshPage(steps: Step[]): Promise<Page> {
    const fresh = await context.newPage();
    for (const step of JSON.parse(JSON.stringify(steps)) as Step[])
      await performStep(fresh, step, { baseUrl: site.url, configs: {} });
    return fresh;
  }

  describe('relative targets', () => {
    it('checks the checkbox next to a text', async () => {
      const result = await burnIn("Go to /todos. Check the checkbox next to 'Walk dog'");
      expect(result.error ?? '').to.equal('');
      expect(await checked()).to.deep.equal([false, true]);
    });

    it('takes a field labelled so, showing no text, as the anchor: "the + button next to the quantity"', async () => {
      const result = await burnIn('Go to /stepper. Press the + button next to the quantity');
      expect(result.error ?? '').to.equal('');
      expect(await page.locator('#qty').inputValue()).to.equal('2');
      expect(await page.locator('#guests').inputValue()).to.equal('2');
      const fresh = await replayOnFreshPage(result.steps);
      expect(await fresh.locator('#qty').inputValue()).to.equal('2');
    });

    it('clicks the button in the row of a text, and replays it on the same item after the list changed', async () => {
      const result = await burnIn("Go to /todos. Click 'Delete' in the row of 'Buy milk'");
      expect(result.error ?? '').to.equal('');
      expect(await items()).to.deep.equal(['Walk dog']);
      const click = result.steps[1]!;
      if (click.action !== 'click') throw new Error('not a click');
      expect(click.target.description).to.equal('the "Delete" button in the row of "Buy milk"');
      expect(click.target.locators.every((l) => l.kind === 'within')).to.equal(true);

      // Other items around it, in another order: replay still deletes "Buy milk".
      site.setPage('/todos', todos(['Walk dog', 'Feed cat', 'Buy milk']));
      const fresh = await replayOnFreshPage(result.steps);
      expect(
        await fresh
          .locator('li')
          .allInnerTexts()
          .then((t) => t.map((x) => x.replace('Delete', '').trim())),
      ).to.deep.equal(['Walk dog', 'Feed cat']);
    });

    it('replaying a relative step whose anchor is gone throws instead of acting on another row', async () => {
      const result = await burnIn("Go to /todos. Click 'Delete' in the row of 'Buy milk'");
      site.setPage('/todos', todos(['Walk dog']));
      const fresh = await context.newPage();
      await performStep(fresh, result.steps[0]!, { baseUrl: site.url, configs: {} });
      const error = await performStep(
        fresh,
        result.steps[1]!,
        { baseUrl: site.url, configs: {} },
        { firstLocatorMs: 300, actionMs: 1000, waitMs: 1000, navigationMs: 5000 },
      ).catch((e: unknown) => e);
      expect(error).to.have.property('name', 'TargetNotFound');
      expect(await fresh.locator('li').count()).to.equal(1);
    });

    it('clicks a button in a table row', async () => {
      const result = await burnIn("Go to /invoices. Click 'Edit' in the row of 'Invoice 8'");
      expect(result.error ?? '').to.equal('');
      expect(await page.locator('#out').innerText()).to.equal('Editing Invoice 8');
      const click = result.steps[1]!;
      if (click.action !== 'click') throw new Error('not a click');
      expect(click.target.locators[0]).to.deep.equal({
        kind: 'within',
        container: { kind: 'role', role: 'row', name: 'Invoice 8', exact: false },
        inner: { kind: 'role', role: 'button', name: 'Edit', exact: true },
      });
    });

    it('"Check \'Buy milk\'" finds the unnamed checkbox beside the text', async () => {
      const result = await burnIn("Go to /todos. Check 'Buy milk'");
      expect(result.error ?? '').to.equal('');
      expect(await checked()).to.deep.equal([true, false]);
    });
  });

  it('"Expand" finds the disclosure (aria-expanded, <summary>), not a heading with its words', async () => {
    const result = await burnIn('Go to /disclosures. Expand Shipping details. Expand Gift options');
    expect(result.error ?? '').to.equal('');
    expect(await page.locator('.toggle').getAttribute('aria-expanded')).to.equal('true');
    expect(await page.locator('details').evaluate((d) => (d as HTMLDetailsElement).open)).to.equal(true);
    const fresh = await replayOnFreshPage(result.steps);
    expect(await fresh.locator('#ship').isVisible()).to.equal(true);
    expect(await fresh.locator('details').evaluate((d) => (d as HTMLDetailsElement).open)).to.equal(true);
  });

  it('finds a name with quotes or ">>" in it in any case (the name is not taken for a broken selector)', async () => {
    const result = await burnIn(`Go to /quotes. Click 'ben carter's "login" ticket'`);
    expect(result.error ?? '').to.equal('');
    expect(await page.locator('#out').innerText()).to.equal('opened');
    // ">>" inside a name is not a chain of selectors.
    const chained = await burnIn(`Go to /quotes. Click 'inbox >> archive'`);
    expect(chained.error ?? '').to.equal('');
    expect(await page.locator('#out').innerText()).to.equal('moved');
  });

  it('clicks a button inside an open shadow root, and replays it', async () => {
    const result = await burnIn("Go to /shadow. Click 'Dismiss'");
    expect(result.error ?? '').to.equal('');
    expect(await page.locator('#out').innerText()).to.equal('banner dismissed');
    const fresh = await replayOnFreshPage(result.steps);
    expect(await fresh.locator('#out').innerText()).to.equal('banner dismissed');
  });

  it('takes the same link shown twice (header and footer) as one, and records it inside its landmark', async () => {
    const result = await burnIn("Go to /home. Open the 'Pricing' page");
    expect(result.error ?? '').to.equal('');
    expect(page.url()).to.equal(`${site.url}/pricing`);
    const click = result.steps[1]!;
    if (click.action !== 'click') throw new Error('not a click');
    expect(click.target.locators[0]).to.deep.equal({
      kind: 'within',
      container: { kind: 'css', selector: 'nav' },
      inner: { kind: 'role', role: 'link', name: 'Pricing', exact: true },
    });
    const fresh = await replayOnFreshPage(result.steps);
    expect(fresh.url()).to.equal(`${site.url}/pricing`);
  });

  describe('failures name the sentence and what came closest', () => {
    it('an unknown sentence says what the page has, points to the phrasings, and keeps the steps before it', async () => {
      const result = await burnIn('Go to /login. Make the widget pop. Click Sign in');
      expect(result.ok).to.equal(false);
      expect(result.steps.map((s) => s.sentence)).to.deep.equal(['Go to /login']);
      expect(result.error).to.match(
        /^Could not understand "Make the widget pop"\. Each sentence asks for one concrete action on the page[^\n]*\nNothing on http:\/\/127\.0\.0\.1:\d+\/login shares a word with it\.\nHow to write goal sentences: docs\/goal-language\.md /,
      );
    });

    it('a missing target names the sentence, the closest names with their roles and missing words, the closest phrasing that works, and where the phrasings are', async () => {
      const result = await burnIn("Go to /login. Click 'Sign up'");
      expect(result.ok).to.equal(false);
      const lines = result.error!.split('\n');
      expect(lines[0]).to.equal(
        `Could not do "Click 'Sign up'": found no button, link or other clickable element named "Sign up" on ${site.url}/login.`,
      );
      expect(lines[1]).to.equal(
        'Closest on the page: button "Sign in" (missing "up"), link "Sign in with GitHub" (missing "up"), heading "Sign in to your account" (missing "up").',
      );
      expect(lines[2]).to.equal("Closest phrasing that would find something: Click 'Sign in'");
      expect(lines[3]).to.match(/^How to write goal sentences: docs\/goal-language\.md /);
      expect(lines).to.have.length(4);
    });

    it('a failure says what an ordinary sentence was understood as', async () => {
      const result = await burnIn('Go to /login. Click on Sign up');
      expect(result.error!.split('\n').slice(0, 2)).to.deep.equal([
        `Could not do "Click on Sign up": found no button, link or other clickable element named "Sign up" on ${site.url}/login.`,
        "Understood as: Click 'Sign up'",
      ]);
    });

    it('a name that several elements contain means the one it names best ("Cart" is the link "Cart (2)", not "Add to cart")', async () => {
      const result = await burnIn('Go to /shop. Click Cart');
      expect(result.error ?? '').to.equal('');
      expect(page.url()).to.equal(`${site.url}/cart`);
    });

    it('several matching elements are reported as ambiguous, with a way to say which', async () => {
      const result = await burnIn("Go to /todos. Click 'Delete'");
      expect(result.ok).to.equal(false);
      expect(result.error).to.include(
        `Could not do "Click 'Delete'": 2 visible elements match "Delete" (button "Delete", button "Delete"), so it is not clear which one is meant; say what it is ("the 'X' button") or where it is ("... in the row of 'text'").\nHow to write goal sentences`,
      );
    });

    it('a relative target whose anchor text is missing says so', async () => {
      const result = await burnIn("Go to /todos. Click 'Delete' in the row of 'Buy bread'");
      expect(result.ok).to.equal(false);
      expect(result.error).to.match(
        /^Could not do "Click 'Delete' in the row of 'Buy bread'": the text "Buy bread" is not shown on http:\/\/127\.0\.0\.1:\d+\/todos\.\nClosest on the page: text "Buy milk"/,
      );
    });

    it('a false check inside a goal fails the burn-in with what was found', async () => {
      const result = await new BuiltinAgent({ findTimeoutMs: 1000, timings: { waitMs: 500 } }).burnIn(
        page,
        "Go to /login. Verify that 'Welcome' is shown",
        { baseUrl: site.url, configs: {} },
      );
      expect(result.ok).to.equal(false);
      expect(result.error).to.match(
        /^"Verify that 'Welcome' is shown": "Welcome" is shown is not true: "Welcome" was not shown within 0\.5 s on http:\/\/127\.0\.0\.1:\d+\/login\./,
      );
    });

    it('a config the test case does not have is named, with the ones it has', async () => {
      const result = await agent.burnIn(page, "Go to /login. Log in with config 'root'", {
        baseUrl: site.url,
        configs: { admin: { email: 'a', password: 'b' } },
      });
      expect(result.error).to.equal(
        `Could not do "Log in with config 'root'": this test case has no config named "root" (it has: "admin"). Add the config to the test case, or name one of these.`,
      );
    });
  });
});
