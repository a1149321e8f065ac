// Controls as apps really draw them: icon-only buttons named by a class, a title or an icon font,
// buttons that show only on hover, custom checkboxes whose input is invisible and whose label is not
// linked, comboboxes that filter on key events. Burn-in in real Chromium, then a replay of the
// recorded steps on a fresh page.
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BuiltinAgent } from '../../../backend/src/agent/builtin-agent.js';
import { performStep } from '../../../backend/src/agent/perform-step.js';
import type { Step } from '../../../backend/src/domain/steps.js';
import { sharedBrowser } from '../../helpers/shared-browser.js';
import { html, startSite, type Site } from '../../helpers/site.js';

const TODOS = html(
  'Todos',
  `<style>.destroy { display: none; width: 20px; height: 20px; border: 0; background: red; } li:hover .destroy { display: inline-block; } li { padding: 8px; }</style>
  <ul id="list">${['Buy milk', 'Walk dog'].map((t) => `<li><input class="toggle" type="checkbox"><label>${t}</label><button class="destroy" onclick="this.closest('li').remove()"></button></li>`).join('')}</ul>`,
);

const NEW_TODO = html(
  'Todos',
  `<header><h1>todos</h1><input class="new-todo" autofocus onkeydown="if (event.key === 'Enter' && this.value) { document.getElementById('list').insertAdjacentHTML('beforeend', '<li>' + this.value + '</li>'); this.value = ''; }"></header>
  <input class="search-box" type="text"><ul id="list"></ul>`,
);

const DIV_SELECT = html(
  'Plan',
  `<style>.select { border: 1px solid; display: inline-block; cursor: pointer; min-width: 120px } .options { display: none } .options.open { display: block } .options div { cursor: pointer }</style>
  <p>Plan</p><div class="select" id="plan">Choose a plan</div><div class="options" id="opts"><div>Free</div><div>Pro</div></div><p id="out">No plan</p>
  <script>plan.onclick = () => opts.classList.toggle('open'); for (const o of opts.children) o.onclick = () => { out.textContent = 'Plan: ' + o.textContent; opts.classList.remove('open'); };</script>`,
);

const TREE = html(
  'Files',
  `<style>[role=group] { display: none } [aria-expanded=true] > [role=group] { display: block }</style>
  <ul role="tree" aria-label="Files"><li role="treeitem" aria-expanded="false" id="docs"><span>Documents</span>
  <ul role="group"><li role="treeitem"><span>Report.pdf</span></li></ul></li></ul><p id="out">Nothing open</p>
  <script>docs.querySelector('span').onclick = () => docs.setAttribute('aria-expanded', docs.getAttribute('aria-expanded') !== 'true');
  document.querySelector('[role=group] span').onclick = () => { out.textContent = 'Opened Report.pdf'; };</script>`,
);

const ICONS = html(
  'Icons',
  `<style>button, .close-btn { width: 24px; height: 24px; display: inline-block; cursor: pointer; }</style>
  <p id="out">nothing yet</p>
  <button onclick="out.textContent = 'settings opened'"><span class="material-icons">settings</span></button>
  <button class="icon-btn" onclick="out.textContent = 'removed'"><span class="material-icons">delete</span></button>
  <div class="close-btn" onclick="out.textContent = 'closed'"></div>
  <button data-testid="edit-profile" onclick="out.textContent = 'editing'"><svg width="16" height="16"><path d="M0 0h16v16H0z"/></svg></button>`,
);

const CUSTOM_CHECKBOX = html(
  'Sign in',
  `<style>.cb input { position: absolute; opacity: 0; width: 1px; height: 1px; } .cb label { padding-left: 24px; cursor: pointer; }</style>
  <div class="cb"><input type="checkbox" id="remember"><label for="remember-me" id="lbl">Remember me</label></div>
  <p id="out">Not remembered</p>
  <script>let on = false; lbl.addEventListener('click', () => { on = !on; out.textContent = on ? 'Remembered' : 'Not remembered'; });</script>`,
);

const COMBOBOX = html(
  'Country',
  `<label for="country">Country</label>
  <input id="country" role="combobox" aria-autocomplete="list" aria-controls="options" aria-expanded="false">
  <ul id="options" role="listbox">${['Albania', 'Spain', 'Sweden', 'Switzerland'].map((c) => `<li role="option">${c}</li>`).join('')}</ul>
  <p id="out">Chosen: none</p>
  <script>
    let active = -1;
    const visible = () => [...options.children].filter((o) => !o.hidden);
    country.addEventListener('keyup', (e) => {
      if (e.key === 'ArrowDown' || e.key === 'Enter') return;
      for (const o of options.children) o.hidden = !o.textContent.toLowerCase().startsWith(country.value.toLowerCase());
      active = -1;
    });
    country.addEventListener('keydown', (e) => {
      if (e.key === 'ArrowDown') { active = Math.min(active + 1, visible().length - 1); }
      if (e.key === 'Enter' && active >= 0) { out.textContent = 'Chosen: ' + visible()[active].textContent; }
    });
  </script>`,
);

/** A form laid out in a table: each label a cell, its field in the next cell, linked to nothing. */
const TABLE_FORM = html(
  'Contact',
  `<table><tr><td>Phone</td><td><input name="phone"></td></tr><tr><td>Company</td><td><input name="company"></td></tr></table>`,
);

describe('built-in agent: controls without a name, hidden inputs, key-driven fields', function () {
  let browser: Browser;
  let site: Site;
  let context: BrowserContext;
  let page: Page;
  const agent = new BuiltinAgent({ findTimeoutMs: 1000 });

  before(async () => {
    browser = await sharedBrowser();
    site = await startSite({
      '/tree': TREE,
      '/plan': DIV_SELECT,
      '/new': NEW_TODO,
      '/todos': TODOS,
      '/icons': ICONS,
      '/checkbox': CUSTOM_CHECKBOX,
      '/country': COMBOBOX,
      '/table-form': TABLE_FORM,
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

  async function burnIn(path: string, goal: string): Promise<Step[]> {
    await page.goto(site.url + path);
    const result = await agent.burnIn(page, goal, { baseUrl: site.url, configs: {} });
    expect(result.error ?? '').to.equal('');
    return result.steps;
  }

  async function replay(path: string, steps: Step[]): Promise<Page> {
    const fresh = await context.newPage();
    await fresh.goto(site.url + path);
    for (const step of JSON.parse(JSON.stringify(steps)) as Step[])
      await performStep(fresh, step, { baseUrl: site.url, configs: {} });
    return fresh;
  }

  const texts = (p: Page) =>
    p
      .locator('li')
      .allInnerTexts()
      .then((t) => t.map((x) => x.trim()));

  it('deletes a row with its CSS-drawn button that shows only on hover (class "destroy" reads as delete), and replays it', async () => {
    const steps = await burnIn('/todos', "Click 'Delete' in the row of 'Walk dog'");
    expect(await texts(page)).to.deep.equal(['Buy milk']);
    expect(steps.map((s) => s.action)).to.deep.equal(['hover', 'click']);
    const fresh = await replay('/todos', steps);
    expect(await texts(fresh)).to.deep.equal(['Buy milk']);
  });

  it('finds "Remove" by the delete ligature of an icon font, and "Close" by a class on a clickable div', async () => {
    await burnIn('/icons', "Click 'Remove'");
    expect(await page.locator('#out').innerText()).to.equal('removed');
    const steps = await burnIn('/icons', "Click 'Close'");
    expect(await page.locator('#out').innerText()).to.equal('closed');
    const fresh = await replay('/icons', steps);
    expect(await fresh.locator('#out').innerText()).to.equal('closed');
  });

  it('finds a button by its test id read as words ("Edit profile"), and the settings icon by its ligature', async () => {
    await burnIn('/icons', "Click 'Edit profile'");
    expect(await page.locator('#out').innerText()).to.equal('editing');
    await burnIn('/icons', 'Click the Settings button');
    expect(await page.locator('#out').innerText()).to.equal('settings opened');
  });

  it('finds a field without label or placeholder by its class ("the new todo field": class="new-todo")', async () => {
    const steps = await burnIn('/new', "Type 'Buy milk' into the new todo field and press Enter");
    expect(await texts(page)).to.deep.equal(['Buy milk']);
    const fresh = await replay('/new', steps);
    expect(await texts(fresh)).to.deep.equal(['Buy milk']);
  });

  it('selects from a div-drawn dropdown that follows its text ("Plan"), by the option\'s text, and replays it', async () => {
    const steps = await burnIn('/plan', 'Select Pro from Plan');
    expect(await page.locator('#out').innerText()).to.equal('Plan: Pro');
    const fresh = await replay('/plan', steps);
    expect(await fresh.locator('#out').innerText()).to.equal('Plan: Pro');
  });

  it('fills a field labelled by the cell before it, named in another form ("the phone number" for "Phone")', async () => {
    const steps = await burnIn('/table-form', 'Change the phone number to 555-0199');
    expect(await page.locator('[name=phone]').inputValue()).to.equal('555-0199');
    expect(await page.locator('[name=company]').inputValue()).to.equal('');
    const fresh = await replay('/table-form', steps);
    expect(await fresh.locator('[name=phone]').inputValue()).to.equal('555-0199');
  });

  it('clicks a tree item on its text when a click in its middle does nothing, and replays that', async () => {
    const steps = await burnIn('/tree', "Click Documents. Click 'Report.pdf'");
    expect(await page.locator('#out').innerText()).to.equal('Opened Report.pdf');
    const fresh = await replay('/tree', steps);
    expect(await fresh.locator('#out').innerText()).to.equal('Opened Report.pdf');
  });

  it('never takes an unnamed control whose identifiers say another action', async () => {
    await page.goto(site.url + '/todos');
    const result = await new BuiltinAgent({ findTimeoutMs: 300 }).burnIn(
      page,
      "Click 'Edit' in the row of 'Walk dog'",
      { baseUrl: site.url, configs: {} },
    );
    expect(result.ok).to.equal(false);
    expect(await texts(page)).to.deep.equal(['Buy milk', 'Walk dog']);
  });

  it('checks a custom checkbox through its visible label when the input is invisible and the label not linked, and replays it', async () => {
    const steps = await burnIn('/checkbox', "Check 'Remember me'");
    expect(await page.locator('#out').innerText()).to.equal('Remembered');
    const fresh = await replay('/checkbox', steps);
    expect(await fresh.locator('#out').innerText()).to.equal('Remembered');
  });

  it('types into a combobox that filters on key events, so the arrow keys pick from the filtered list', async () => {
    const steps = await burnIn('/country', "Type 'Swe' into 'Country'. Press the down arrow. Press Enter.");
    expect(await page.locator('#out').innerText()).to.equal('Chosen: Sweden');
    const fresh = await replay('/country', steps);
    expect(await fresh.locator('#out').innerText()).to.equal('Chosen: Sweden');
  });
});
