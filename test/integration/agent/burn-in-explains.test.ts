// A burn-in that cannot do what a goal says explains it against the live page and never guesses:
// every sentence that cannot be read is reported at once, each with what the page offers closest to
// it; a sentence read two ways that act on different elements is refused with both named.
import { expect } from 'chai';
import type { BurnInResult } from '../../../backend/src/agent/agent.js';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const SETTINGS = html(
  'Settings',
  `<nav><a href="/settings">Settings</a></nav>
  <h1>Your settings</h1>
  <label><input type="checkbox"> Email me</label>
  <button onclick="out.textContent = 'Saved'">Save settings</button>
  <p id="out"></p>`,
);

// "Delete account" reads as the Delete button in the row of "account", or as a button named
// "Delete account": both are on this page, and they do different things.
const ACCOUNTS = html(
  'Accounts',
  `<ul>
    <li><span>account</span> <button onclick="this.parentElement.remove()">Delete</button></li>
    <li><span>archive</span> <button onclick="this.parentElement.remove()">Delete</button></li>
  </ul>
  <button onclick="out.textContent = 'Account deleted'">Delete account</button>
  <p id="out"></p>`,
);

describe('built-in agent: a failed burn-in explains against the page', function () {
  const pages = useAgentPages({ '/settings': SETTINGS, '/accounts': ACCOUNTS });
  const burnIn = (goal: string, expectedResult?: string): Promise<BurnInResult> =>
    pages.agent.burnIn(pages.page, goal, { baseUrl: pages.site.url, configs: {} }, expectedResult);
  const shown = () => pages.page.locator('#out').innerText();

  it('a sentence it cannot read names the closest elements of the page, and how to say one', async () => {
    const result = await burnIn('Go to /settings. Play with the settings');
    expect(result.ok).to.equal(false);
    expect(result.steps.map((s) => s.sentence)).to.deep.equal(['Go to /settings']);
    const lines = result.error!.split('\n');
    expect(lines[0]).to.match(
      /^Could not understand "Play with the settings"\. Each sentence asks for one concrete action/,
    );
    expect(lines[1]).to.equal(
      'Closest on the page: link "Settings" (missing "play"; say e.g. "Click \'Settings\'"), button "Save settings" (missing "play"), heading "Your settings" (missing "play").',
    );
    // A pointer to the phrasings, not the whole list of them.
    expect(lines).to.have.length(3);
    expect(lines[2]).to.match(/^How to write goal sentences: docs\/goal-language\.md/);
    expect(await shown()).to.equal('');
  });

  it('a sentence whose reading finds nothing names the closest element and what it lacks', async () => {
    const result = await burnIn("Go to /settings. Click 'Save changes'");
    expect(result.ok).to.equal(false);
    expect(result.error!.split('\n').slice(0, 3)).to.deep.equal([
      `Could not do "Click 'Save changes'": found no button, link or other clickable element named "Save changes" on ${pages.site.url}/settings.`,
      'Closest on the page: button "Save settings" (missing "changes").',
      "Closest phrasing that would find something: Click 'Save settings'",
    ]);
    expect(result.error).to.not.include('Understood phrasings');
    expect(await shown()).to.equal('');
  });

  it('every sentence it cannot read is reported in one burn-in, and none after the first is performed', async () => {
    const result = await burnIn("Go to /settings. Make the widget pop. Check 'Email me'. Play with the settings");
    expect(result.ok).to.equal(false);
    expect(result.steps.map((s) => s.sentence)).to.deep.equal(['Go to /settings']);
    const lines = result.error!.split('\n');
    expect(lines[0]).to.equal('Could not understand 2 sentences: "Make the widget pop", "Play with the settings".');
    expect(lines[1]).to.match(/^- Could not understand "Make the widget pop"\. Each sentence asks/);
    expect(lines[2]).to.equal(`  Nothing on ${pages.site.url}/settings shares a word with it.`);
    expect(lines[3]).to.match(/^- Could not understand "Play with the settings"\. Each sentence asks/);
    expect(lines[4]).to.equal(
      '  Closest on the page: link "Settings" (missing "play"; say e.g. "Click \'Settings\'"), button "Save settings" (missing "play"), heading "Your settings" (missing "play").',
    );
    expect(lines[5]).to.match(/^How to write goal sentences/);
    expect(lines).to.have.length(6);
    expect(await pages.page.getByRole('checkbox', { name: 'Email me' }).isChecked()).to.equal(false);
  });

  it('an expected result it cannot read is reported with the sentences, before the goal is done', async () => {
    const result = await burnIn('Go to /settings. Make the widget pop', 'It works nicely');
    expect(result.ok).to.equal(false);
    const lines = result.error!.split('\n');
    expect(lines[0]).to.equal('Could not understand 2 sentences: "Make the widget pop", the expected result.');
    expect(lines[3]).to.equal('- Could not understand the expected result "It works nicely".');
    expect(lines[4]).to.match(/^How to write goal sentences/);
  });

  it('a sentence that reads two ways acting on different elements is refused with both named', async () => {
    const result = await burnIn('Go to /accounts. Delete account');
    expect(result.ok).to.equal(false);
    expect(result.steps.map((s) => s.sentence)).to.deep.equal(['Go to /accounts']);
    expect(result.error).to.equal(
      `Could not do "Delete account": it reads 2 ways that act on different elements of the page, so Goalie does not pick one: "Click 'Delete' or 'Remove' in the row of 'account'" finds the "Delete" button in the row of "account" and "Click 'Delete account'" finds the "Delete account" button. Write the one you mean: "Click 'Delete' or 'Remove' in the row of 'account'" or "Click 'Delete account'".`,
    );
    // Neither was clicked.
    expect(await pages.page.locator('li').count()).to.equal(2);
    expect(await shown()).to.equal('');
  });

  it('a sentence whose other reading is not on the page acts on the one that is', async () => {
    const result = await burnIn('Go to /accounts. Delete archive');
    expect(result.error ?? '').to.equal('');
    expect(await pages.page.locator('li').allInnerTexts()).to.deep.equal(['account Delete']);
  });
});
