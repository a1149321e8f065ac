// Burn-in records plain-data steps that replay on a fresh page without the agent; placeholders stay
// in the steps and are resolved at replay; when the site renames a label, replay throws
// TargetNotFound and healing records a step that works on the new page.
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BuiltinAgent } from '../../../backend/src/agent/builtin-agent.js';
import { builtinStepPlayer } from '../../../backend/src/agent/builtin-step-player.js';
import { StepFailed, TargetNotFound } from '../../../backend/src/agent/errors.js';
import { performStep } from '../../../backend/src/agent/perform-step.js';
import type { ConfigValues, Step } from '../../../backend/src/domain/steps.js';
import { sharedBrowser } from '../../helpers/shared-browser.js';
import { html, startSite, type Site } from '../../helpers/site.js';

const loginPage = (emailLabel: string, nameAttribute = 'email', type = 'email') =>
  html(
    'Sign in',
    `<h1>Sign in</h1>
    <form action="/dashboard">
      <label>${emailLabel} <input name="${nameAttribute}" type="${type}"></label>
      <label>Password <input name="password" type="password"></label>
      <label><input type="checkbox" name="remember"> Remember me</label>
      <button>Sign in</button>
    </form>`,
  );

const DASHBOARD = html(
  'Dashboard',
  `<h1 id="welcome"></h1><a href="/todos">Todos</a>
  <script>
    const q = new URLSearchParams(location.search);
    welcome.textContent = 'Welcome, ' + (q.get('email') || q.get('user_email') || 'nobody') + (q.get('remember') ? ' (remembered)' : '');
  </script>`,
);

const TODOS = html(
  'Todos',
  `<input placeholder="What needs to be done?" id="new"><ul id="list"></ul>
  <script>
    document.getElementById('new').addEventListener('keydown', (e) => {
      if (e.key !== 'Enter' || !e.target.value) return;
      const li = document.createElement('li');
      li.innerHTML = '<input type="checkbox"> <span></span> <button>Delete</button>';
      li.querySelector('span').textContent = e.target.value;
      li.querySelector('button').onclick = () => li.remove();
      document.getElementById('list').append(li);
      e.target.value = '';
    });
  </script>`,
);

describe('built-in agent: burn-in, replay and healing', function () {
  let browser: Browser;
  let site: Site;
  let contexts: BrowserContext[] = [];
  const agent = new BuiltinAgent({ findTimeoutMs: 2000 });
  const configs: ConfigValues = { admin: { email: 'ada@example.com', password: 's3cret' } };

  before(async () => {
    browser = await sharedBrowser();
    site = await startSite({ '/login': loginPage('Email'), '/dashboard': DASHBOARD, '/todos': TODOS });
  });
  after(async () => {
    await site?.close();
  });
  beforeEach(() => site.setPage('/login', loginPage('Email')));
  afterEach(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    contexts = [];
  });

  async function freshPage(): Promise<Page> {
    const context = await browser.newContext();
    contexts.push(context);
    return context.newPage();
  }

  async function burnIn(goal: string, values: ConfigValues = configs): Promise<Step[]> {
    const page = await freshPage();
    const result = await agent.burnIn(page, goal, { baseUrl: site.url, configs: values });
    expect(result.error ?? '').to.equal('');
    // Steps are plain data: they survive JSON.
    return JSON.parse(JSON.stringify(result.steps)) as Step[];
  }

  async function replay(steps: Step[], values: ConfigValues = configs): Promise<Page> {
    const page = await freshPage();
    for (const step of steps) await performStep(page, step, { baseUrl: site.url, configs: values });
    return page;
  }

  it('replays a recorded goal on a fresh page to the same state', async () => {
    const goal =
      "Go to /todos. Type 'Buy milk' into 'What needs to be done?' and press Enter. Type 'Walk dog' into 'What needs to be done?' and press Enter. Check the checkbox next to 'Walk dog'";
    const steps = await burnIn(goal);
    expect(steps.map((s) => s.action)).to.deep.equal(['goto', 'fill', 'press', 'fill', 'press', 'check']);
    expect(steps[2]).to.include({
      sentence: "Press Enter in 'What needs to be done?'",
      from: "Type 'Buy milk' into 'What needs to be done?' and press Enter",
    });
    expect(steps[5]!.from).to.equal(undefined);

    const page = await replay(steps);
    expect(await page.locator('li span').allInnerTexts()).to.deep.equal(['Buy milk', 'Walk dog']);
    expect(
      await page.locator('li input').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).checked)),
    ).to.deep.equal([false, true]);
  });

  it('records every target with several verified locators, role and name first', async () => {
    const [, fill] = await burnIn("Go to /login. Fill 'Email' with 'ada@example.com'");
    expect(fill).to.deep.include({ action: 'fill', value: 'ada@example.com' });
    if (fill!.action !== 'fill') throw new Error('not a fill');
    expect(fill!.target.description).to.equal('the "Email" field');
    expect(fill!.target.locators).to.deep.equal([
      { kind: 'role', role: 'textbox', name: 'Email', exact: true },
      { kind: 'label', text: 'Email', exact: true },
      { kind: 'css', selector: 'input[name="email"]' },
      { kind: 'css', selector: 'input[type="email"]' },
    ]);
  });

  it('keeps {{config.key}} placeholders in steps and resolves them at replay', async () => {
    const steps = await burnIn("Go to /login. Log in with config 'admin'");
    expect(JSON.stringify(steps)).not.to.include('s3cret');
    expect(JSON.stringify(steps)).not.to.include('ada@example.com');
    expect(steps.map((s) => s.sentence)).to.deep.equal([
      'Go to /login',
      "Fill 'Email' with '{{config.email}}'",
      "Fill 'Password' with '{{config.password}}'",
      "Click the 'Sign in' button",
    ]);
    expect(steps.slice(1).every((s) => s.from === "Log in with config 'admin'")).to.equal(true);

    // Other values at replay: the same steps log in as someone else.
    const page = await replay(steps, { admin: { email: 'grace@example.com', password: 'other' } });
    expect(await page.locator('#welcome').innerText()).to.equal('Welcome, grace@example.com');
  });

  it('a dead locator falls through to the next one; all dead throws TargetNotFound', async () => {
    const steps = await burnIn("Go to /login. Check 'Remember me'");
    const check = steps[1]!;
    if (check.action !== 'check') throw new Error('not a check');
    const page = await replay(steps.slice(0, 1));
    const fast = { firstLocatorMs: 300, actionMs: 2000, waitMs: 2000, navigationMs: 5000 };
    const withDeadFirst = {
      ...check,
      target: { ...check.target, locators: [{ kind: 'css' as const, selector: '#gone' }, ...check.target.locators] },
    };
    await performStep(page, withDeadFirst, { baseUrl: site.url, configs }, fast);
    expect(await page.locator('input[name=remember]').isChecked()).to.equal(true);

    const allDead = {
      ...check,
      target: {
        ...check.target,
        locators: [
          { kind: 'css' as const, selector: '#gone' },
          { kind: 'label' as const, text: 'Forget me', exact: true },
        ],
      },
    };
    const error = await performStep(page, allDead, { baseUrl: site.url, configs }, fast).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(TargetNotFound);
    expect((error as Error).message).to.equal(
      `"Check 'Remember me'": the "Remember me" checkbox was not found on the page. Tried: css #gone: 0 visible; label "Forget me": 0 visible.`,
    );
    expect(builtinStepPlayer().isTargetNotFound(error)).to.equal(true);
  });

  it('a click whose page loads slower than the first look is done once, not looked for again', async () => {
    // The first locator's short wait is for finding the element. Once found, the click may wait
    // for the page it opens longer than that: a second look would find the button again (or, once
    // the new page is in, not at all) and send the form twice, or heal a step that worked.
    const steps = await burnIn("Go to /login. Click 'Sign in'");
    const page = await replay(steps.slice(0, 1));
    const fast = { firstLocatorMs: 300, actionMs: 5000, waitMs: 2000, navigationMs: 5000 };
    site.hold('/dashboard');
    const before = site.hits.filter((p) => p === '/dashboard').length;
    const released = new Promise((resolve) => setTimeout(resolve, 1200)).then(() => site.release());
    await performStep(page, steps[1]!, { baseUrl: site.url, configs }, fast);
    await released;
    expect(site.hits.filter((p) => p === '/dashboard').length - before).to.equal(1);
    expect(new URL(page.url()).pathname).to.equal('/dashboard');
  });

  it('a false assertion or a failed navigation is a StepFailed, not a TargetNotFound', async () => {
    const page = await freshPage();
    const assert: Step = {
      action: 'assert',
      expectation: { kind: 'visible', text: 'Nope' },
      sentence: "Verify that 'Nope' is shown",
    };
    await performStep(
      page,
      { action: 'goto', url: '/login', sentence: 'Go to /login' },
      { baseUrl: site.url, configs },
    );
    const failed = await performStep(
      page,
      assert,
      { baseUrl: site.url, configs },
      { firstLocatorMs: 500, actionMs: 500, waitMs: 500, navigationMs: 5000 },
    ).catch((e: unknown) => e);
    expect(failed).to.be.instanceOf(StepFailed);
    expect((failed as Error).message).to.match(
      /^"Verify that 'Nope' is shown": "Nope" is shown is not true: "Nope" was not shown within 0\.5 s on http:\/\/127\.0\.0\.1:\d+\/login\./,
    );

    const gone = await startSite({});
    await gone.close();
    const unreachable = await performStep(
      page,
      { action: 'goto', url: `${gone.url}/`, sentence: `Go to ${gone.url}/` },
      { baseUrl: site.url, configs },
    ).catch((e: unknown) => e);
    expect(unreachable).to.be.instanceOf(StepFailed);
    expect((unreachable as Error).message).to.include(
      `"Go to ${gone.url}/": could not open ${gone.url}/: net::ERR_CONNECTION_REFUSED`,
    );
  });

  it('heals a step after the site renames its label: the new step names the new label and works', async () => {
    const steps = await burnIn("Go to /login. Fill 'Email' with '{{config.email}}'. Click 'Sign in'");
    // The site changes: another label, name and type, so every recorded locator of the field is dead.
    site.setPage('/login', loginPage('Email address', 'user_email', 'text'));

    const page = await freshPage();
    const context = { baseUrl: site.url, configs };
    await performStep(page, steps[0]!, context);
    const error = await performStep(page, steps[1]!, context).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(TargetNotFound);

    const healed = await agent.heal(page, steps[1]!, context);
    if ('error' in healed) throw new Error(healed.error);
    const step = healed.step;
    expect(step).to.deep.include({
      action: 'fill',
      value: '{{config.email}}',
      sentence: "Fill 'Email' with '{{config.email}}'",
    });
    if (step.action !== 'fill') throw new Error('not a fill');
    expect(step.target.locators[0]).to.deep.equal({
      kind: 'role',
      role: 'textbox',
      name: 'Email address',
      exact: true,
    });
    expect(step.target.locators).to.deep.include({ kind: 'label', text: 'Email address', exact: true });
    expect(await page.locator('input[name=user_email]').inputValue()).to.equal('ada@example.com');

    // The healed steps replay on a fresh page without healing.
    const again = await replay([steps[0]!, step, steps[2]!]);
    expect(await again.locator('#welcome').innerText()).to.equal('Welcome, ada@example.com');
  });

  it('heals a label renamed to something merely similar ("Email" -> "E-mail")', async () => {
    const steps = await burnIn("Go to /login. Fill 'Email' with 'ada@example.com'");
    site.setPage('/login', loginPage('E-mail', 'mail', 'text'));
    const page = await replay(steps.slice(0, 1));
    const healed = await agent.heal(page, steps[1]!, { baseUrl: site.url, configs });
    if ('error' in healed) throw new Error(healed.error);
    if (healed.step.action !== 'fill') throw new Error('not a fill');
    expect(healed.step.target.locators[0]).to.deep.equal({
      kind: 'role',
      role: 'textbox',
      name: 'E-mail',
      exact: true,
    });
    expect(await page.locator('input[name=mail]').inputValue()).to.equal('ada@example.com');
  });

  it('does not heal a button into a merely similar-looking different one ("Sign in" -> "Sign up")', async () => {
    const steps = await burnIn("Go to /login. Click 'Sign in'");
    site.setPage('/login', html('Sign in', '<form action="/dashboard"><button>Sign up</button></form>'));
    const page = await replay(steps.slice(0, 1));
    const healed = await new BuiltinAgent({ findTimeoutMs: 300 }).heal(page, steps[1]!, { baseUrl: site.url, configs });
    expect(healed).to.have.property('error').that.includes('Closest on the page: button "Sign up"');
    expect(page.url()).to.equal(`${site.url}/login`);
  });

  it('says why healing cannot help when the element is gone', async () => {
    const steps = await burnIn("Go to /login. Check 'Remember me'");
    site.setPage('/login', html('Sign in', '<h1>Sign in</h1><button>Sign in</button>'));
    const page = await replay(steps.slice(0, 1));
    const healed = await new BuiltinAgent({ findTimeoutMs: 300 }).heal(page, steps[1]!, { baseUrl: site.url, configs });
    expect(healed)
      .to.have.property('error')
      .that.matches(
        /^Could not do "Check 'Remember me'": found no checkbox, radio button or switch named "Remember me" on http:\/\/127\.0\.0\.1:\d+\/login\.\nNothing on the page shares a word with "Remember me"\.\nHow to write goal sentences/,
      );
  });
});
