// A folder tree as file managers draw it: a click on a folder's name opens the folder, its twisty or
// the arrow key expands it (the WAI-ARIA tree pattern). "Expand Projects" must expand, not open, and
// a step that leaves the item collapsed fails instead of being recorded. A breadcrumb whose
// separators a style draws (li::before) reads as a person sees it.
import { expect } from 'chai';
import { useAgentPages, itJudges } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const item = (id: string, name: string, children = '') =>
  `<li role="treeitem" id="${id}" ${children ? 'aria-expanded="false"' : ''}><span class="${children ? 'toggle' : 'pad'}"></span><span class="name">${name}</span>${children ? `<ul role="group">${children}</ul>` : ''}</li>`;

const script = (keys: boolean) => `<script>
  for (const li of document.querySelectorAll('[role=treeitem]')) {
    li.tabIndex = -1;
    const flip = () => li.setAttribute('aria-expanded', String(li.getAttribute('aria-expanded') !== 'true'));
    li.querySelector('.toggle')?.addEventListener('click', (e) => { e.stopPropagation(); flip(); });
    li.querySelector('.name').addEventListener('click', (e) => { e.stopPropagation(); opened.textContent = 'Opened ' + li.querySelector('.name').textContent; });
    ${keys ? "li.addEventListener('keydown', (e) => { e.stopPropagation(); if (e.key === 'ArrowRight' && li.hasAttribute('aria-expanded')) li.setAttribute('aria-expanded', 'true'); });" : ''}
  }</script>`;

const tree = (keys: boolean) =>
  html(
    'Files',
    `<style>[aria-expanded=false] > [role=group] { display: none } .toggle, .pad { display: inline-block; width: 16px; height: 16px; }
    .toggle::before { content: '▸' }</style>
    <ul role="tree">${item('projects', 'Projects', item('y2026', '2026', item('q4', 'Q4 reports')))}${item('finance', 'Finance')}</ul>
    <p id="opened">Nothing opened</p>${script(keys)}`,
  );

const CRUMBS = html(
  'Q4 reports',
  `<style>ol { list-style: none; display: flex; padding: 0 } li + li::before { content: "›"; margin: 0 6px }</style>
  <nav aria-label="Breadcrumb"><ol><li><a href="#">My Drive</a></li><li><a href="#">Projects</a></li><li>Q4 reports</li></ol></nav>`,
);

// A disclosure whose accessible name says its state ("+" drawn after it, "−" when open).
const FAQ = html(
  'FAQ',
  `<style>button::after { content: ' +' } button[aria-expanded=true]::after { content: ' −' }</style>
  <button aria-expanded="false" id="q" onclick="this.setAttribute('aria-expanded', String(this.getAttribute('aria-expanded') !== 'true'))">How do I get a refund?</button>`,
);

// A tree drawn again from its state on every change: the element expanded is a new one.
const REDRAWN = html(
  'Files',
  `<ul role="tree" id="tree"></ul><script>
  let open = false;
  const draw = () => { tree.innerHTML = '<li role="treeitem" tabindex="-1" aria-expanded="' + open + '"><span>Projects</span>' +
    (open ? '<ul role="group"><li role="treeitem" tabindex="-1">2026</li></ul>' : '') + '</li>'; };
  tree.addEventListener('keydown', (e) => { if (e.key === 'ArrowRight') { open = true; draw(); } });
  draw();</script>`,
);

describe('built-in agent: tree items and drawn separators', function () {
  const pages = useAgentPages({
    '/keys': tree(true),
    '/twisty': tree(false),
    '/crumbs': CRUMBS,
    '/faq': FAQ,
    '/redrawn': REDRAWN,
  });

  it('a tree drawn again as it expands is read again: "Expand Projects" holds', async () => {
    await pages.burnIn('/redrawn', 'Expand Projects');
    expect(await pages.page.getByRole('treeitem', { name: '2026' }).isVisible()).to.equal(true);
  });

  it('a disclosure whose name changes as it opens ("+" to "−") is expanded once, and checked as the same element', async () => {
    await pages.burnIn('/faq', 'Expand How do I get a refund?');
    expect(await pages.page.locator('#q').getAttribute('aria-expanded')).to.equal('true');
  });

  for (const path of ['/keys', '/twisty'])
    it(`${path}: "Expand Projects and then 2026" expands both without opening either, and replays`, async () => {
      const steps = await pages.burnIn(path, 'In the folder tree, expand Projects and then 2026');
      expect(await pages.page.locator('#projects').getAttribute('aria-expanded')).to.equal('true');
      expect(await pages.page.locator('#y2026').getAttribute('aria-expanded')).to.equal('true');
      expect(await pages.page.locator('#opened').innerText()).to.equal('Nothing opened');
      const fresh = await pages.replay(path, steps);
      expect(await fresh.locator('#y2026').getAttribute('aria-expanded')).to.equal('true');
    });

  it('an item that stays collapsed fails the step rather than recording it', async () => {
    await pages.page.goto(pages.site.url + '/twisty');
    // Take the twisty away: nothing the agent does can expand Projects now.
    await pages.page.evaluate(() => document.querySelector('#projects .toggle')!.remove());
    const result = await pages.agent.burnIn(pages.page, 'Expand Projects', { baseUrl: pages.site.url, configs: {} });
    expect(result.ok).to.equal(false);
    expect(result.error).to.match(/still collapsed/);
  });

  itJudges(pages, [
    ['/crumbs', 'The breadcrumb reads My Drive › Projects › Q4 reports', true],
    ['/crumbs', 'The breadcrumb reads My Drive › Finance › Q4 reports', false],
  ]);
});
