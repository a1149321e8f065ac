// Menu paths on a menubar whose menus close when an item is chosen: "In the menubar go to View > Sort
// by > Size" opens each menu in turn; "Turn on View > Show hidden files" ticks a checkbox item only
// when it is not ticked yet (the menu closes on the click, so the new state cannot be read back;
// when ticked already, Escape closes the menu as a person would), and "Untick ..." unticks it. Burn-in in real Chromium, then a replay.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const DRIVE = html(
  'Drive',
  `<div role="menubar"><button role="menuitem" aria-haspopup="menu" id="view">View</button></div>
  <div role="menu" id="menu" hidden>
    <button role="menuitem" aria-haspopup="menu" id="sortby">Sort by</button>
    <div role="menu" id="sub" hidden><button role="menuitemradio" aria-checked="true" data-by="Name">Name</button><button role="menuitemradio" aria-checked="false" data-by="Size">Size</button></div>
    <button role="menuitemcheckbox" aria-checked="false" id="hidden">Show hidden files</button>
  </div>
  <p id="state">By Name, hidden files off</p>
  <script>
    const s = { by: 'Name', hidden: false };
    const close = () => { menu.hidden = true; sub.hidden = true; state.textContent = 'By ' + s.by + ', hidden files ' + (s.hidden ? 'on' : 'off'); };
    view.onclick = () => { menu.hidden = !menu.hidden; };
    document.addEventListener('keydown', (e) => { if (e.key === 'Escape') close(); });
    sortby.onclick = () => { sub.hidden = false; };
    for (const item of sub.children) item.onclick = () => { s.by = item.dataset.by; for (const i of sub.children) i.setAttribute('aria-checked', String(i === item)); close(); };
    hidden.onclick = () => { s.hidden = !s.hidden; hidden.setAttribute('aria-checked', String(s.hidden)); close(); };
  </script>`,
);

describe('built-in agent: menu paths', function () {
  const pages = useAgentPages({ '/drive': DRIVE });
  const state = (p: typeof pages.page) => p.locator('#state').innerText();

  it('"In the menubar go to View > Sort by > Size" opens each menu in turn, and replays it', async () => {
    const steps = await pages.burnIn('/drive', 'In the menubar go to View > Sort by > Size');
    expect(await state(pages.page)).to.equal('By Size, hidden files off');
    expect(await state(await pages.replay('/drive', steps))).to.equal('By Size, hidden files off');
  });

  it('"Turn on View > Show hidden files" ticks the checkbox item, and a second turn-on leaves it on', async () => {
    await pages.burnIn('/drive', 'Turn on View > Show hidden files');
    expect(await state(pages.page)).to.equal('By Name, hidden files on');
    const again = (goal: string) => pages.agent.burnIn(pages.page, goal, { baseUrl: pages.site.url, configs: {} });
    expect((await again('Turn on View > Show hidden files')).error ?? '').to.equal('');
    expect(await state(pages.page)).to.equal('By Name, hidden files on');
    expect(await pages.page.locator('#menu').isHidden()).to.equal(true);
    expect((await again('Untick View > Show hidden files')).error ?? '').to.equal('');
    expect(await state(pages.page)).to.equal('By Name, hidden files off');
  });
});
