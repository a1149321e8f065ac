// "Move the first card in Review to Done": the item counted among the items of the group its heading
// names, not of the page; its row menu is opened as for a card named by its text, and the steps are
// recorded by that card's text, so a replay never counts again.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const BOARD = html(
  'Board',
  `<div id="board"></div>
  <script>
    const cards = [['Write docs', 'To do'], ['Fix login', 'To do'], ['Crash on cart', 'Review'], ['Rate limit', 'Review']];
    let open = null;
    const render = () => {
      board.innerHTML = ['To do', 'Review', 'Done'].map((col) => '<section class="column"><h2>' + col + '</h2>' +
        cards.filter((c) => c[1] === col).map((c) => '<div class="card"><p>' + c[0] + '</p><button aria-haspopup="menu" data-card="' + c[0] + '">⋯</button>' +
          (open === c[0] ? '<div role="menu">' + ['To do', 'Review', 'Done'].map((to) => '<button role="menuitem" data-to="' + to + '">' + to + '</button>').join('') + '</div>' : '') +
          '</div>').join('') + '</section>').join('');
      board.querySelectorAll('[data-card]').forEach((b) => b.onclick = () => { open = b.dataset.card; render(); });
      board.querySelectorAll('[data-to]').forEach((b) => b.onclick = () => { cards.find((c) => c[0] === open)[1] = b.dataset.to; open = null; render(); });
    };
    render();
  </script>`,
);

describe('built-in agent: an item counted in its group', function () {
  const pages = useAgentPages({ '/board': BOARD });

  it('moves the first card of the Review column, recorded by its text', async () => {
    const steps = await pages.burnIn('/board', 'Open the menu of the first card in Review and click Done');
    const done = pages.page.locator('section', { has: pages.page.getByRole('heading', { name: 'Done' }) });
    expect(await done.innerText()).to.contain('Crash on cart');
    expect(steps.map((s) => s.sentence).join('\n')).to.contain("'Crash on cart'");
    const fresh = await pages.replay('/board', steps);
    expect(await fresh.locator('section', { hasText: 'Done' }).innerText()).to.contain('Crash on cart');
  });
});
