// "Go to page 2 of the results": the pagination control of that number, whether it shows the
// number alone ("2") or is named "Page 2"; a quantity field showing 2 is not it.
import { expect } from 'chai';
import { BuiltinAgent } from '../../../backend/src/agent/builtin-agent.js';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const pager = (button: (n: number) => string) =>
  html(
    'Results',
    `<label>Quantity <input id="qty" value="2"></label><p id="shown">Page 1</p>
    <nav aria-label="Pagination">${[1, 2, 3].map(button).join('')}</nav>
    <script>document.querySelectorAll('nav button').forEach((b) => b.onclick = () => { shown.textContent = 'Page ' + b.dataset.n; });</script>`,
  );

describe('built-in agent: a numbered page of a list', function () {
  const pages = useAgentPages({
    '/plain': pager((n) => `<button data-n="${n}">${n}</button>`),
    '/named': pager((n) => `<button data-n="${n}" aria-label="Page ${n}">${n}</button>`),
  });

  for (const path of ['/plain', '/named'])
    it(`${path}: "Go to page 2 of the results" clicks the pager's 2`, async () => {
      await pages.burnIn(path, 'Go to page 2 of the results');
      expect(await pages.page.locator('#shown').innerText()).to.equal('Page 2');
    });
});

// A table showing 5 of 12 rows at a time: the row an action is on may be on a later page.
const TABLE = html(
  'Stock',
  `<table><tbody id="rows"></tbody></table><p id="pager"></p><button id="next" aria-label="Next page">›</button><p id="out"></p>
  <script>
    let items = ['Anchor', 'Basin', 'Cable', 'Drill', 'Epoxy', 'Fuse', 'Grout', 'Hinge', 'Ink', 'Jack', 'Key', 'Lamp'];
    let at = 0;
    function draw() {
      rows.innerHTML = items.slice(at, at + 5).map((name) => '<tr><td>' + name[0] + '-' + (items.indexOf(name) + 1) + '</td><td>' + name + '</td><td><button data-name="' + name + '">Delete</button></td></tr>').join('');
      pager.textContent = 'Showing ' + (at + 1) + '–' + Math.min(at + 5, items.length) + ' of ' + items.length;
      next.disabled = at + 5 >= items.length;
      for (const b of rows.querySelectorAll('button')) b.onclick = () => { items = items.filter((n) => n !== b.dataset.name); out.textContent = 'Deleted ' + b.dataset.name; draw(); };
    }
    next.onclick = () => { at += 5; draw(); };
    draw();
  </script>`,
);

describe('built-in agent: a row on a later page of a table', function () {
  const pages = useAgentPages({ '/table': TABLE });

  it('"Delete the grout" turns to the page that shows it, records the turn, and replays it', async () => {
    const steps = await pages.burnIn('/table', 'Delete the grout');
    expect(await pages.page.locator('#out').innerText()).to.equal('Deleted Grout');
    expect(steps.map((s) => s.sentence)).to.deep.equal(["Click 'Next page'", 'Delete the grout']);
    const fresh = await pages.replay('/table', steps);
    expect(await fresh.locator('#out').innerText()).to.equal('Deleted Grout');
  });

  it('"Delete the grout G-7" pages to the row its code names, the words around it a description', async () => {
    await pages.burnIn('/table', 'Delete the grout G-7');
    expect(await pages.page.locator('#out').innerText()).to.equal('Deleted Grout');
  });

  it('a row on no page fails once the pager is done, saying the row is not shown', async () => {
    await pages.page.goto(pages.site.url + '/table');
    const result = await pages.agent.burnIn(pages.page, 'Delete Zinc', { baseUrl: pages.site.url, configs: {} });
    expect(result.ok).to.equal(false);
    expect(result.error).to.match(/the text "Zinc" is not shown/);
    expect(await pages.page.locator('#pager').innerText()).to.equal('Showing 11–12 of 12');
  });

  it("an action's search ends at its budget: no page is turned once it has run out", async () => {
    await pages.page.goto(pages.site.url + '/table');
    const spent = new BuiltinAgent({ findTimeoutMs: 200, actionBudgetMs: 1 });
    const result = await spent.burnIn(pages.page, 'Delete Zinc', { baseUrl: pages.site.url, configs: {} });
    expect(result.ok).to.equal(false);
    expect(result.steps).to.deep.equal([]);
    expect(await pages.page.locator('#pager').innerText()).to.equal('Showing 1–5 of 12');
  });
});
