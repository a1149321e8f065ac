// "Log in with config 'name'": finds the user and password fields and the submit button, records
// steps with placeholders (never the values), and works with a login split over two pages.
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BuiltinAgent } from '../../../backend/src/agent/builtin-agent.js';
import { performStep } from '../../../backend/src/agent/perform-step.js';
import type { ConfigValues, Step } from '../../../backend/src/domain/steps.js';
import { sharedBrowser } from '../../helpers/shared-browser.js';
import { html, startSite, type Site } from '../../helpers/site.js';

const ONE_PAGE = html(
  'Log in',
  `<nav><a href="/login">Sign in</a></nav>
  <form action="/home">
    <input name="username" placeholder="Username">
    <input name="password" type="password" placeholder="Password">
    <button type="submit">Log in</button>
  </form>`,
);

// Step one asks for the email, then "Next" shows the password field on the same page.
const TWO_PARTS = html(
  'Sign in',
  `<form action="/home" onsubmit="if (pw.hidden) { event.preventDefault(); pw.hidden = false; next.textContent = 'Sign in'; }">
    <label>Email address <input name="username" type="email"></label>
    <label id="pw" hidden>Password <input name="password" type="password"></label>
    <button id="next">Next</button>
  </form>`,
);

// Labels whose "for" names no element, no placeholders: the fields are named by the text beside them.
const UNLINKED = html(
  'Sign in',
  `<form action="/home"><div><label for="user-email">Email address</label><input id="email" name="username" type="email"></div>
  <div><label for="pw">Password</label><input id="password" type="password"></div><button>Log in</button></form>`,
);

const HOME = html(
  'Home',
  `<h1 id="hello"></h1><script>hello.textContent = 'Hello ' + new URLSearchParams(location.search).get('username');</script>`,
);

describe('built-in agent: log in with a config', function () {
  let browser: Browser;
  let site: Site;
  let context: BrowserContext;
  let page: Page;
  const agent = new BuiltinAgent({ findTimeoutMs: 2000 });

  before(async () => {
    browser = await sharedBrowser();
    site = await startSite({ '/unlinked': UNLINKED, '/login': ONE_PAGE, '/login2': TWO_PARTS, '/home': HOME });
  });
  after(async () => {
    await site?.close();
  });
  beforeEach(async () => {
    context = await browser.newContext();
    page = await context.newPage();
  });
  afterEach(async () => context.close());

  async function burnIn(
    goal: string,
    configs: ConfigValues,
    onStep?: (step: Step, index: number) => Promise<void>,
  ): Promise<Step[]> {
    const result = await agent.burnIn(page, goal, { baseUrl: site.url, configs, onStep });
    expect(result.error ?? '').to.equal('');
    return result.steps;
  }

  it("fills user name and password with placeholders and clicks the form's button, not the nav link", async () => {
    const seen: string[] = [];
    const steps = await burnIn(
      'Go to /login. Sign in with config admin',
      { admin: { username: 'ada', password: 'pw1' } },
      async (step, index) => {
        seen.push(`${index}: ${step.sentence}`);
      },
    );
    expect(await page.locator('#hello').innerText()).to.equal('Hello ada');
    expect(steps.map((s) => s.sentence)).to.deep.equal([
      'Go to /login',
      "Fill 'Username' with '{{config.username}}'",
      "Fill 'Password' with '{{config.password}}'",
      "Click the 'Log in' button",
    ]);
    expect(seen).to.deep.equal(steps.map((s, i) => `${i}: ${s.sentence}`));
    expect(JSON.stringify(steps)).not.to.include('pw1');
  });

  it('finds fields whose labels are not linked to them by the text beside them', async () => {
    const steps = await burnIn('Go to /unlinked. Log in with config admin', {
      admin: { email: 'ada@example.com', password: 'pw1' },
    });
    expect(await page.locator('#hello').innerText()).to.equal('Hello ada@example.com');
    expect(steps.map((s) => s.sentence)).to.deep.equal([
      'Go to /unlinked',
      "Fill 'Email address' with '{{config.email}}'",
      "Fill 'Password' with '{{config.password}}'",
      "Click the 'Log in' button",
    ]);
  });

  it('names the config in placeholders when another config has the same key', async () => {
    const configs = { admin: { username: 'ada', password: 'pw1' }, shopper: { username: 'bob', password: 'pw2' } };
    const steps = await burnIn("Go to /login. Log in with config 'shopper'", configs);
    expect(await page.locator('#hello').innerText()).to.equal('Hello bob');
    expect(steps.filter((s) => s.action === 'fill').map((s) => (s.action === 'fill' ? s.value : ''))).to.deep.equal([
      '{{config.shopper.username}}',
      '{{config.shopper.password}}',
    ]);

    const fresh = await context.newPage();
    for (const step of steps) await performStep(fresh, step, { baseUrl: site.url, configs });
    expect(await fresh.locator('#hello').innerText()).to.equal('Hello bob');
  });

  it('handles a login in two parts (email, Next, password)', async () => {
    const steps = await burnIn("Go to /login2. Log in with config 'admin'", {
      admin: { email: 'ada@example.com', password: 'pw1' },
    });
    expect(await page.locator('#hello').innerText()).to.equal('Hello ada@example.com');
    expect(steps.map((s) => s.sentence)).to.deep.equal([
      'Go to /login2',
      "Fill 'Email address' with '{{config.email}}'",
      "Click the 'Next' button",
      "Fill 'Password' with '{{config.password}}'",
      "Click the 'Sign in' button",
    ]);
  });

  it('says which keys the config lacks', async () => {
    const result = await agent.burnIn(page, "Go to /login. Log in with config 'admin'", {
      baseUrl: site.url,
      configs: { admin: { username: 'ada', token: 'x' } },
    });
    expect(result.ok).to.equal(false);
    expect(result.error).to.equal(
      `Could not do "Log in with config 'admin'": config "admin" has no password key (its keys: username, token). Name one "password".`,
    );
  });
});
