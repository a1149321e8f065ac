// An ARIA grid drawn with divs, after a "Loading parts…" delay: the burn-in waits until the page no
// longer says it is loading before it grounds "sort ... so the most expensive unit cost is at the top"
// on the column header, and a row's cells drawn as boxes with no space between them still show
// "P-2 Pump" as a whole.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const GRID = html(
  'Parts',
  `<p id="loading">Loading parts…</p><div role="grid" aria-label="Parts" id="grid" hidden></div>
  <script>
    let rows = [['P-1', 'Bolt', 12], ['P-2', 'Pump', 389], ['P-3', 'Nut', 3]];
    let desc = null;
    const draw = () => {
      grid.innerHTML = '<div role="row"><div role="columnheader">Part</div><div role="columnheader">Description</div>' +
        '<div role="columnheader" aria-sort="' + (desc === null ? 'none' : desc ? 'descending' : 'ascending') + '" tabindex="0" id="cost">Unit cost</div></div>' +
        rows.map((r) => '<div role="row"><div role="gridcell">' + r[0] + '</div><div role="gridcell">' + r[1] + '</div><div role="gridcell">$' + r[2] + '.00</div></div>').join('');
      document.getElementById('cost').onclick = () => { desc = desc === null ? false : !desc; rows.sort((a, b) => (desc ? b[2] - a[2] : a[2] - b[2])); draw(); };
    };
    setTimeout(() => { loading.remove(); grid.hidden = false; draw(); }, 700);
  </script>`,
);

describe('built-in agent: a grid drawn after a delay', function () {
  const pages = useAgentPages({ '/parts': GRID });
  it('waits for the grid, sorts by the column header, and reads the first row', async () => {
    await pages.burnIn('/parts', 'Sort the parts so the most expensive unit cost is at the top');
    const context = { baseUrl: pages.site.url, configs: {} };
    const first = await pages.agent.evaluate(
      pages.page,
      'P-2 Pump is the first row, with a unit cost of $389.00',
      context,
    );
    expect(first.passed, first.thought).to.equal(true);
    const wrong = await pages.failingAgent.evaluate(pages.page, 'P-1 Bolt is the first row', context);
    expect(wrong.passed, wrong.thought).to.equal(false);
  });
});
