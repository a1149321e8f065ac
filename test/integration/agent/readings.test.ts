// A sentence whose words allow several readings is grounded on the live page: the reading whose
// target the page shows acts; readings that find one element and do one thing there are one; two
// that would act on different elements are refused, naming both, and nothing is done.
import { expect } from 'chai';
import type { BurnInResult } from '../../../backend/src/agent/agent.js';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const ADD_TO_BAG = "'Add to bag', 'Add to cart', 'Add to basket' or 'Add'";

// "Put Sunscreen in the bag" reads as adding the item to the bag (its row's button) and as typing
// it into a field named Bag. These pages show one, the other, or both.
const ITEM_ROW = `<ul><li><span>Sunscreen</span> <button onclick="out.textContent = 'Added Sunscreen'">Add to bag</button></li></ul>`;
const BAG_FIELD = `<label>Bag <input id="bag"></label>`;
const page = (body: string) => html('Packing', `<h1>Packing</h1>${body}<p id="out"></p>`);

describe('built-in agent: the readings of a sentence, grounded on the page', function () {
  const pages = useAgentPages({
    '/items': page(ITEM_ROW),
    '/field': page(BAG_FIELD),
    '/both': page(`${ITEM_ROW}${BAG_FIELD}`),
    '/checkout': page(`<a href="/done">Checkout</a>`),
    '/done': page('<p>Thank you</p>'),
    '/hats': page(ITEM_ROW.replace('Sunscreen', 'Sun hat')),
    // "... without saving": a form's Continue, and a button whose name holds those words.
    '/continue': page(`<button onclick="out.textContent = 'Continued'">Continue</button>`),
    '/both-continues': page(
      `<button onclick="out.textContent = 'Continued'">Continue</button> <button onclick="out.textContent = 'Left'">Continue without saving</button>`,
    ),
    '/only-long': page(`<button onclick="out.textContent = 'Left'">Continue without saving</button>`),
    // Filters under group titles; "Blue" is a colour and a brand.
    '/filters': page(
      `<aside><div><h3>Brand</h3><label><input type="checkbox" id="northwind"> Northwind</label><label><input type="checkbox" id="brand-blue"> Blue</label></div>` +
        `<div><h3>Colour</h3><label><input type="checkbox" id="colour-blue"> Blue</label></div></aside>`,
    ),
    // The same, the titles and boxes all in one container: which group a box is in is not clear.
    '/flat-filters': page(
      `<aside><h3>Brand</h3><label><input type="checkbox" id="brand-blue"> Blue</label>` +
        `<h3>Colour</h3><label><input type="checkbox" id="colour-blue"> Blue</label></aside>`,
    ),
    // Cards opened by a click anywhere on them, their titles plain text; the sentence says "card" too.
    '/board': page(
      `<div class="card" onclick="out.textContent = 'Opened Search API pagination'"><p>Search API pagination</p></div><div class="card" onclick="out.textContent = 'Opened Dark mode'"><p>Dark mode</p></div>`,
    ),
  });
  const burnIn = (goal: string): Promise<BurnInResult> =>
    pages.agent.burnIn(pages.page, goal, { baseUrl: pages.site.url, configs: {} });
  const shown = () => pages.page.locator('#out').innerText();
  const bag = () => pages.page.locator('#bag').inputValue();

  it('the first reading acts when only its target is on the page', async () => {
    const result = await burnIn('Go to /items. Put Sunscreen in the bag');
    expect(result.error ?? '').to.equal('');
    expect(await shown()).to.equal('Added Sunscreen');
  });

  it("a later family's reading acts when only its target is on the page", async () => {
    const result = await burnIn('Go to /field. Put Sunscreen in the bag');
    expect(result.error ?? '').to.equal('');
    expect(result.steps.map((s) => s.action)).to.deep.equal(['goto', 'fill']);
    expect(await bag()).to.equal('Sunscreen');
  });

  it('two readings that do different things on the page are refused, naming both', async () => {
    const result = await burnIn('Go to /both. Put Sunscreen in the bag');
    expect(result.ok).to.equal(false);
    expect(result.steps.map((s) => s.sentence)).to.deep.equal(['Go to /both']);
    expect(result.error).to.equal(
      `Could not do "Put Sunscreen in the bag": it reads 2 ways that act on different elements of the page, so Goalie does not pick one: "Click ${ADD_TO_BAG} in the row of 'Sunscreen'" finds the "Add to bag" button in the row of "Sunscreen" and "Fill 'bag' with 'Sunscreen'" finds the "Bag" field. Write the one you mean: "Click ${ADD_TO_BAG} in the row of 'Sunscreen'" or "Fill 'bag' with 'Sunscreen'".`,
    );
    // Neither was done.
    expect(await shown()).to.equal('');
    expect(await bag()).to.equal('');
  });

  it('readings that find the same element and do the same thing there are one', async () => {
    // "Go to checkout": open the page "checkout", or the shop's checkout control: one link here.
    const result = await burnIn('Go to /checkout. Go to checkout');
    expect(result.error ?? '').to.equal('');
    expect(result.steps.map((s) => s.action)).to.deep.equal(['goto', 'click']);
    await pages.page.waitForURL(/\/done$/);
  });

  it('what a sentence says is left undone is no part of its action', async () => {
    const result = await burnIn('Go to /continue. Click Continue without saving');
    expect(result.error ?? '').to.equal('');
    expect(await shown()).to.equal('Continued');
  });

  it('a button named with those words is the other reading: alone it acts, beside the short one it is refused', async () => {
    const alone = await burnIn('Go to /only-long. Click Continue without saving');
    expect(alone.error ?? '').to.equal('');
    expect(await shown()).to.equal('Left');

    await pages.page.evaluate(() => (document.getElementById('out')!.textContent = ''));
    const both = await burnIn('Go to /both-continues. Click Continue without saving');
    expect(both.ok).to.equal(false);
    expect(both.error).to.match(/reads 2 ways that act on different elements/);
    expect(both.error).to.include('"Continue" button').and.to.include('"Continue without saving" button');
    expect(await shown()).to.equal('');
  });

  it('an item called by its name and its kind is found by its name', async () => {
    const result = await burnIn('Go to /board. Open the Search API pagination card');
    expect(result.error ?? '').to.equal('');
    expect(await shown()).to.equal('Opened Search API pagination');
  });

  it('an unquoted name under a title is also read as a control in that group', async () => {
    const result = await burnIn('Go to /filters. Tick Northwind under Brand');
    expect(result.error ?? '').to.equal('');
    expect(await pages.page.locator('#northwind').isChecked()).to.equal(true);
    // The title tells two controls of one name apart.
    const blue = await burnIn('Tick Blue under Colour');
    expect(blue.error ?? '').to.equal('');
    expect(await pages.page.locator('#colour-blue').isChecked()).to.equal(true);
    expect(await pages.page.locator('#brand-blue').isChecked()).to.equal(false);
  });

  it('a title whose group is not a container of its own does not tell them apart: refused, nothing ticked', async () => {
    const result = await burnIn('Go to /flat-filters. Tick Blue under Colour');
    expect(result.ok).to.equal(false);
    expect(await pages.page.locator('#colour-blue').isChecked()).to.equal(false);
    expect(await pages.page.locator('#brand-blue').isChecked()).to.equal(false);
  });

  it('when no reading is on the page, the failure names the closest element', async () => {
    const result = await burnIn('Go to /hats. Put Sun cream in the bag');
    expect(result.ok).to.equal(false);
    // The first reading's failure, what it was understood as and what the page offers closest.
    expect(result.error!.split('\n').slice(0, 3)).to.deep.equal([
      `Could not do "Put Sun cream in the bag": the text "Sun cream" is not shown on ${pages.site.url}/hats.`,
      `Understood as: Click ${ADD_TO_BAG} in the row of 'Sun cream'`,
      'Closest on the page: text "Sun hat" (missing "cream").',
    ]);
    expect(await shown()).to.equal('');
  });
});
