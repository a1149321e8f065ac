// "Open 'Update dependencies', rename it to 'X'": the card's Edit dialog is open, its Title field
// shows the card's name; the new name is typed there, without Enter (which would submit the dialog's
// form: the goal says whether to save or cancel). Saving renames the card; cancelling leaves it.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const BOARD = html(
  'Board',
  `<ul id="cards"></ul><input type="search" aria-label="Filter cards">
  <div id="dlg" role="dialog" aria-modal="true" aria-label="Edit card" hidden>
    <form id="edit"><label>Title <input id="title"></label><label>Description <textarea></textarea></label>
      <button>Save</button> <button type="button" id="cancel">Cancel</button></form>
  </div>
  <script>
    const titles = ['Update dependencies', 'Fix login redirect'];
    let editing = -1;
    const render = () => {
      cards.innerHTML = titles.map((t, i) => '<li><a href="#" data-i="' + i + '">' + t + '</a></li>').join('');
      cards.querySelectorAll('a').forEach((a) => a.onclick = (e) => {
        e.preventDefault(); editing = +a.dataset.i; title.value = titles[editing]; dlg.hidden = false;
      });
    };
    edit.onsubmit = (e) => { e.preventDefault(); titles[editing] = title.value; dlg.hidden = true; render(); };
    cancel.onclick = () => { dlg.hidden = true; };
    render();
  </script>`,
);

describe('built-in agent: renaming an item whose editor is open', function () {
  const pages = useAgentPages({ '/board': BOARD });
  const cards = () => pages.page.locator('#cards li').allInnerTexts();

  it("types the new name into the dialog's field that shows the old one, and saves", async () => {
    const steps = await pages.burnIn(
      '/board',
      "Open 'Update dependencies', rename it to 'Upgrade to Node 22' and save",
    );
    expect(await cards()).to.deep.equal(['Upgrade to Node 22', 'Fix login redirect']);
    expect(steps.map((s) => s.sentence)).to.deep.equal([
      "Open 'Update dependencies'",
      "Fill the 'Title' field with 'Upgrade to Node 22'",
      "Click 'Save'",
    ]);
  });

  it('presses no Enter there: cancelling leaves the card as it was', async () => {
    await pages.burnIn('/board', "Open 'Update dependencies', rename it to 'Upgrade to Node 22' and cancel");
    expect(await cards()).to.deep.equal(['Update dependencies', 'Fix login redirect']);
  });
});
