// "Show only X": the filter control named by the value, whatever kind it is (a chip, a checkbox, or
// an option of a closed list that no search by name sees), recorded so that a replay needs no search.
// A value two lists offer is refused. Real Chromium; each list redraws the cards as a small app does.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const BOARD = html(
  'Board',
  `<div id="bar">
    <button class="chip" aria-pressed="false" data-label="Bug">Bug</button>
    <button class="chip" aria-pressed="false" data-label="Design">Design</button>
    <label><input type="checkbox" id="mine"> Archived</label>
    <select id="person" aria-label="Assignee"><option value="">Anyone</option><option>Sam Lee</option><option>Priya Shah</option></select>
    <label for="state">Status</label><select id="state"><option value="">All</option><option>Open</option><option>Churned</option></select>
  </div>
  <ul id="cards"></ul>
  <script>
    const cards = [['Fix login', 'Bug', 'Sam Lee', 'Open'], ['Dark mode', 'Design', 'Priya Shah', 'Churned'], ['Crash on cart', 'Bug', 'Priya Shah', 'Open']];
    const f = { label: '', person: '', status: '' };
    function draw() {
      document.getElementById('cards').innerHTML = cards
        .filter(([, l, p, s]) => (!f.label || l === f.label) && (!f.person || p === f.person) && (!f.status || s === f.status))
        .map(([t, l, p]) => '<li>' + t + ' <span>' + l + '</span> <span>' + p + '</span></li>').join('');
    }
    for (const b of document.querySelectorAll('.chip')) b.onclick = () => { f.label = b.dataset.label; b.setAttribute('aria-pressed', 'true'); draw(); };
    person.onchange = () => { f.person = person.value; draw(); };
    state.onchange = () => { f.status = state.value; draw(); };
    draw();
  </script>`,
);
// The same value offered by two lists.
const TWO_LISTS = html(
  'Two lists',
  `<select aria-label="Owner"><option>Anyone</option><option>Sam Lee</option></select>
   <select aria-label="Reviewer"><option>Anyone</option><option>Sam Lee</option></select>`,
);

describe('built-in agent: "Show only X" chooses the filter named by X', function () {
  const pages = useAgentPages({ '/board': BOARD, '/two': TWO_LISTS });
  const shown = async (page = pages.page) =>
    (await page.locator('#cards li').allInnerTexts()).map((t) => t.split(' ')[0]);

  it('a chip: "Show only Design cards" presses Design, and replays it', async () => {
    const steps = await pages.burnIn('/board', 'Show only Design cards');
    expect(await shown()).to.deep.equal(['Dark']);
    expect(await shown(await pages.replay('/board', steps))).to.deep.equal(['Dark']);
  });

  it('an option of a closed list: "Show only the cards assigned to Sam Lee" chooses it from Assignee, not the text on a card', async () => {
    const steps = await pages.burnIn('/board', 'Show only the cards assigned to Sam Lee');
    expect(steps.map((s) => s.sentence)).to.deep.equal(["Select 'Sam Lee' from 'Assignee'"]);
    expect(await shown()).to.deep.equal(['Fix']);
    expect(await shown(await pages.replay('/board', steps))).to.deep.equal(['Fix']);
  });

  it('an option in another case, from a list named by its <label>: "Show only churned contacts"', async () => {
    await pages.burnIn('/board', 'Show only churned contacts');
    expect(await shown()).to.deep.equal(['Dark']);
  });

  it('"Filter the board by the Bug label" presses Bug: the article and "label" are not its name', async () => {
    await pages.burnIn('/board', 'Filter the board by the Bug label');
    expect(await shown()).to.deep.equal(['Fix', 'Crash']);
  });

  it('refuses a value that two lists offer, naming both, and chooses nothing', async () => {
    await pages.page.goto(pages.site.url + '/two');
    const result = await pages.agent.burnIn(pages.page, 'Show only the cards assigned to Sam Lee', {
      baseUrl: pages.site.url,
      configs: {},
    });
    expect(result.ok).to.equal(false);
    expect(result.error).to.include('"Sam Lee" is an option of 2 lists ("Owner", "Reviewer")');
    expect(
      await pages.page.locator('select').evaluateAll((s) => s.map((e) => (e as HTMLSelectElement).value)),
    ).to.deep.equal(['Anyone', 'Anyone']);
  });
});
