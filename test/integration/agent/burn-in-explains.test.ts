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
  const burnIn = (goal: string): Promise<BurnInResult> =>
    pages.agent.burnIn(pages.page, goal, { baseUrl: pages.site.url, configs: {} });
  const shown = () => pages.page.locator('#out').innerText();

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
});
