// Items named by what they are, not by their text ("Archive the Zeta statement"): the row action in
// the one item whose text holds every content word, in real Chromium, and its replay; refused when
// two items fit as well or none does.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const MESSAGES = [
  ['Acme Corp', 'Your receipt for March'],
  ['Zeta Bank', 'Statement for April'],
  ['Acme Corp', 'Shipping notice'],
];

const INBOX = html(
  'Inbox',
  `<ul>${MESSAGES.map(
    ([from, subject], i) =>
      `<li class="msg"><label><input type="checkbox"> Pick</label> <span class="from">${from}</span> <span class="subject">${subject}</span>
      <button onclick="out.textContent = 'Archived ${i}'; this.closest('li').remove()">Archive</button></li>`,
  ).join('')}</ul><p id="out"></p>`,
);

// Cards in columns: a column holds the card, and only the card is the item meant.
const BOARD = html(
  'Board',
  `<section class="column"><h2>To do</h2>
    <div class="card"><span>Write the release notes</span> <button onclick="out.textContent = 'Deleted notes'">Delete</button></div>
    <div class="card"><span>Fix the flaky login test</span> <button onclick="out.textContent = 'Deleted login'">Delete</button></div>
  </section>
  <section class="column"><h2>Done</h2><div class="card"><span>Ship 1.0</span></div></section><p id="out"></p>`,
);

describe('built-in agent: items named by what they are', function () {
  const pages = useAgentPages({ '/inbox': INBOX, '/board': BOARD });
  const { burnIn, replay } = pages;
  const out = () => pages.page.locator('#out').innerText();
  const refusal = async (goal: string) => {
    await pages.page.goto(`${pages.site.url}/inbox`);
    const result = await pages.agent.burnIn(pages.page, goal, { baseUrl: pages.site.url, configs: {} });
    return result.error ?? '';
  };

  it('"Archive the Zeta statement" archives the message whose text holds Zeta and statement, and replays it', async () => {
    const steps = await burnIn('/inbox', 'Archive the Zeta statement');
    expect(await out()).to.equal('Archived 1');
    const fresh = await replay('/inbox', steps);
    expect(await fresh.locator('#out').innerText()).to.equal('Archived 1');
  });

  it('a kind noun an item shows picks it among items of the same sender ("the Acme receipt")', async () => {
    await burnIn('/inbox', 'Archive the Acme receipt');
    expect(await out()).to.equal('Archived 0');
  });

  it('"Delete the card about the flaky login" acts in the card, not in its column', async () => {
    await burnIn('/board', 'Delete the card about the flaky login');
    expect(await out()).to.equal('Deleted login');
  });

  it('refuses when two items fit as well, naming both, and clicks nothing', async () => {
    const error = await refusal('Archive the Acme email');
    expect(error).to.match(/2 items fit "Acme email"/);
    expect(error).to.contain('Your receipt for March').and.contain('Shipping notice');
    expect(await out()).to.equal('');
  });

  it('refuses when a content word is in no item ("the Acme invoice from May"), and clicks nothing', async () => {
    const error = await refusal('Archive the Acme invoice from May');
    expect(error).to.match(/not shown/);
    expect(await out()).to.equal('');
  });

  it('"next to" takes the text as written, never as a description: a field beside its label is not a row', async () => {
    const error = await refusal('Check the checkbox next to the Zeta statement');
    expect(error).to.match(/not shown/);
    expect(await pages.page.locator('input:checked').count()).to.equal(0);
  });
});
