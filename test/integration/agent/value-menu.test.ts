// A button that opens a list of values, named in the sentence together with the value: "Assign them
// to Marcus Chen" with a toolbar button "Assign to…" (aria-haspopup) presses it and picks "Marcus
// Chen" in the menu it opened, not the same name shown in the table. Two such buttons are not guessed.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const menu = (id: string, people: string[]) =>
  `<ul role="menu" id="${id}" hidden>${people.map((p) => `<li role="menuitem" tabindex="-1">${p}</li>`).join('')}</ul>`;

const QUEUE = html(
  'Queue',
  `<table><tbody><tr><td>Refund not received</td><td>Marcus Chen</td></tr></tbody></table>
  <button aria-haspopup="menu" id="assign">Assign to…</button>${menu('people', ['Priya Nair', 'Marcus Chen'])}
  <p id="out"></p>
  <script>
    assign.onclick = () => { people.hidden = false; };
    for (const item of people.children) item.onclick = () => { out.textContent = 'Assigned to ' + item.textContent; people.hidden = true; };
  </script>`,
);

// Two "Move to…" buttons (one per pane): which one is meant is not known.
const TWO = html(
  'Panes',
  `<section><h2>Left</h2><button aria-haspopup="menu" class="move">Move to…</button></section>
  <section><h2>Right</h2><button aria-haspopup="menu" class="move">Move to…</button></section>
  ${menu('places', ['Archive'])}<p id="out"></p>
  <script>for (const b of document.querySelectorAll('.move')) b.onclick = () => { out.textContent = 'opened'; places.hidden = false; };</script>`,
);

describe('built-in agent: a button that opens a list of values', function () {
  const pages = useAgentPages({ '/queue': QUEUE, '/two': TWO });

  it('"Assign to Marcus Chen" presses "Assign to…" and picks the menu\'s Marcus Chen, and replays it', async () => {
    const steps = await pages.burnIn('/queue', 'Assign to Marcus Chen');
    expect(await pages.page.locator('#out').innerText()).to.equal('Assigned to Marcus Chen');
    expect(steps.map((s) => s.sentence)).to.deep.equal(["Click 'Assign to…'", 'Assign to Marcus Chen']);
    expect(steps[1]!.action === 'click' && steps[1]!.target.description).to.equal('the "Marcus Chen" menu item');
    const fresh = await pages.replay('/queue', steps);
    expect(await fresh.locator('#out').innerText()).to.equal('Assigned to Marcus Chen');
  });

  it('refuses when two buttons open such a list, and presses neither', async () => {
    await pages.page.goto(pages.site.url + '/two');
    const result = await pages.agent.burnIn(pages.page, 'Move to Archive', { baseUrl: pages.site.url, configs: {} });
    expect(result.error ?? '').to.match(/Could not do/);
    expect(await pages.page.locator('#out').innerText()).to.equal('');
  });
});
