// What the goal suite's app styles needed of the agent, each on a minimal page: a CSS switch whose
// hidden input sits in a label without text, a star button named only by its title inside a web
// component, collapsing an expanded tree item, choosing in an editable combobox that already holds
// a value, a field beside an unlinked label named by a longer phrase, closing a dialog while a cookie
// notice offers "Got it", and icon-font ligatures that are not the names a person reads. Burn-in in
// real Chromium, then a replay of the recorded steps on a fresh page.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const SWITCHES = html(
  'Settings',
  `<style>.switch { position: relative; display: inline-block; width: 44px; height: 24px; background: #ccc; cursor: pointer; }
  .switch input { position: absolute; width: 1px; height: 1px; clip: rect(0 0 0 0); overflow: hidden; }</style>
  ${['Email notifications', 'Push notifications'].map((t, i) => `<div class="setting"><span>${t}</span><label class="switch"><input type="checkbox" id="s${i}"><span class="track"></span></label></div>`).join('')}
  <p id="out">-</p><script>document.querySelectorAll('input').forEach((i) => i.onchange = () => { out.textContent = [...document.querySelectorAll('input')].map((x) => x.checked ? 'on' : 'off').join(' '); });</script>`,
);

const STARS = html(
  'Rate',
  `<star-rating></star-rating><script>
  customElements.define('star-rating', class extends HTMLElement { connectedCallback() {
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML = '<p class="out">Not rated</p>';
    for (let i = 1; i <= 5; i++) { const b = document.createElement('button'); b.textContent = '★'; b.title = i + ' stars'; b.onclick = () => { root.querySelector('.out').textContent = 'Rated ' + i; }; root.prepend(b); }
  } });</script>`,
);

const TREE = html(
  'Files',
  `<style>[aria-expanded=false] > [role=group] { display: none } .row { display: block; cursor: pointer }</style>
  <ul role="tree"><li role="treeitem" aria-expanded="false" id="docs"><span class="row">Documents</span>
  <ul role="group">${['a.txt', 'b.txt', 'c.txt', 'd.txt'].map((f) => `<li role="treeitem"><span class="row file">${f}</span></li>`).join('')}</ul></li></ul><p id="out">none</p>
  <script>docs.querySelector('.row').onclick = () => docs.setAttribute('aria-expanded', String(docs.getAttribute('aria-expanded') !== 'true'));
  document.querySelectorAll('.file').forEach((f) => f.onclick = () => { out.textContent = 'Opened ' + f.textContent; });</script>`,
);

const COMBOBOX = html(
  'Address',
  `<label for="c">Country</label><input id="c" role="combobox" aria-autocomplete="list" aria-controls="l" value="Sweden" autocomplete="off">
  <ul id="l" role="listbox" hidden></ul><p id="out">Shipping to Sweden</p>
  <script>const names = ['Norway', 'Sweden', 'Switzerland'];
  const filter = () => { l.innerHTML = names.filter((n) => n.toLowerCase().startsWith(c.value.toLowerCase())).map((n) => '<li role="option">' + n + '</li>').join(''); l.hidden = !l.children.length;
    for (const o of l.children) o.onmousedown = (e) => { e.preventDefault(); c.value = o.textContent; l.hidden = true; out.textContent = 'Shipping to ' + o.textContent; }; };
  c.oninput = filter; c.onfocus = filter;</script>`,
);

const GUESTS = html(
  'Booking',
  `<div class="field"><label>Guests</label><div><button class="dec"></button><input role="spinbutton" id="g" value="2"><button class="inc"></button></div></div>
  <div class="field"><label>Notes</label><input id="n"></div>`,
);

const DIALOG = html(
  'Help',
  `<style>.close { width: 24px; height: 24px; border: 0; } .close::before { content: '×' }</style>
  <button id="open" onclick="d.hidden = false">Contact support</button>
  <div role="dialog" aria-modal="true" aria-label="Contact support" id="d" hidden><button class="close" onclick="d.hidden = true"></button><p>Write to us</p></div>
  <div id="cookie"><p>We use cookies</p><button onclick="cookie.remove()">Got it</button></div>`,
);

const LIGATURES = html(
  'Notes',
  `<style>.material-icons { font-size: 10px }</style>
  <nav><a href="#/notes"><span class="material-icons">lightbulb</span>Notes</a> <a href="#/archive"><span class="material-icons">archive</span>Archive</a>
  <a href="#/cart" class="cart"><span class="material-icons">shopping_cart</span> 2 items</a></nav>
  <div class="note"><h3>Groceries</h3><button onclick="this.parentNode.remove()"><span class="material-icons">archive</span></button>
  <button><span class="material-icons">add_shopping_cart</span></button></div>
  <div class="note"><h3>Ideas</h3><button onclick="this.parentNode.remove()"><span class="material-icons">archive</span></button>
  <button><span class="material-icons">add_shopping_cart</span></button></div>
  <h1 id="where"></h1><script>const show = () => { where.textContent = location.hash || 'home'; }; onhashchange = show; show();</script>`,
);

describe('built-in agent: what the app styles of the goal suite needed', function () {
  const pages = useAgentPages({
    '/switches': SWITCHES,
    '/stars': STARS,
    '/tree': TREE,
    '/combobox': COMBOBOX,
    '/guests': GUESTS,
    '/dialog': DIALOG,
    '/ligatures': LIGATURES,
  });
  const { burnIn, replay } = pages;

  it('turns on a CSS switch whose clipped input sits in a label without text, recording the label inside its row', async () => {
    const steps = await burnIn('/switches', 'Turn on push notifications');
    expect(await pages.page.locator('#out').innerText()).to.equal('off on');
    expect(JSON.stringify(steps[0])).to.match(/push notifications/i);
    const fresh = await replay('/switches', steps);
    expect(await fresh.locator('#out').innerText()).to.equal('off on');
  });

  it('records a button named only by its title (a star in a web component) by that title', async () => {
    const steps = await burnIn('/stars', 'Click 4 stars');
    expect(await pages.page.locator('star-rating .out').innerText()).to.equal('Rated 4');
    const fresh = await replay('/stars', steps);
    expect(await fresh.locator('star-rating .out').innerText()).to.equal('Rated 4');
    expect(JSON.stringify(steps)).to.contain('[title=\\"4 stars\\"]');
  });

  it('collapses an expanded tree item by its own row, not the middle of its children', async () => {
    const steps = await burnIn('/tree', 'Expand Documents, then collapse Documents');
    expect(await pages.page.locator('#docs').getAttribute('aria-expanded')).to.equal('false');
    expect(await pages.page.locator('#out').innerText()).to.equal('none');
    const fresh = await replay('/tree', steps);
    expect(await fresh.locator('#docs').getAttribute('aria-expanded')).to.equal('false');
    expect(await fresh.locator('#out').innerText()).to.equal('none');
  });

  it('chooses in an editable combobox that holds another value by typing the option, then clicking it', async () => {
    const steps = await burnIn('/combobox', 'Select Switzerland from Country');
    expect(await pages.page.locator('#out').innerText()).to.equal('Shipping to Switzerland');
    const fresh = await replay('/combobox', steps);
    expect(await fresh.locator('#out').innerText()).to.equal('Shipping to Switzerland');
  });

  it('fills the field beside an unlinked label when the sentence names it with more words ("the number of guests")', async () => {
    const steps = await burnIn('/guests', 'Set the number of guests to 4');
    expect(await pages.page.locator('#g').inputValue()).to.equal('4');
    expect(await pages.page.locator('#n').inputValue()).to.equal('');
    const fresh = await replay('/guests', steps);
    expect(await fresh.locator('#g').inputValue()).to.equal('4');
  });

  it('closes the open dialog by its CSS-drawn close button, not the cookie notice\'s "Got it"', async () => {
    const steps = await burnIn('/dialog', 'Click Contact support and close the dialog');
    expect(await pages.page.locator('#d').isHidden()).to.equal(true);
    expect(await pages.page.getByText('We use cookies').isVisible()).to.equal(true);
    const fresh = await replay('/dialog', steps);
    expect(await fresh.locator('#d').isHidden()).to.equal(true);
    expect(await fresh.getByText('We use cookies').isVisible()).to.equal(true);
  });

  it('reads an icon-font ligature as a picture: "Open the Archive" follows the link, not the archive icon buttons', async () => {
    await burnIn('/ligatures', 'Open the Archive');
    // The app shows its route from a hashchange event, which may come after the click returned.
    await pages.page.locator('#where', { hasText: '#/archive' }).waitFor({ timeout: 5000 });
    expect(await pages.page.getByText('Groceries').isVisible()).to.equal(true);
  });

  it('"Open the cart" follows the cart link, not the "add_shopping_cart" buttons whose icon asks for another action', async () => {
    await burnIn('/ligatures', 'Open the cart');
    await pages.page.locator('#where', { hasText: '#/cart' }).waitFor({ timeout: 5000 });
  });

  it('still clicks an icon button by its ligature when nothing else says the name', async () => {
    await burnIn('/ligatures', 'Click archive next to Groceries');
    expect(await pages.page.getByText('Groceries').count()).to.equal(0);
    expect(await pages.page.getByText('Ideas').count()).to.equal(1);
  });
});
