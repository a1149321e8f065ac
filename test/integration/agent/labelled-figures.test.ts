// "The subtotal is $12.00": a value shown beside its label, in the markups pages use (spans in a
// row, <dt>/<dd>, a table row, "Label: value", a count in a link), or a field's value when a field
// has the name. A label shown twice with different values is refused; a label that is a heading, a
// button or a form label does not value what follows it.
import { expect } from 'chai';
import { itJudges, useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const PAGES = {
  '/cart': html(
    'Bag',
    `<h2>Your bag</h2><div class="totals"><div><span>Subtotal</span><span>$12.00</span></div>
    <div><span>Discount</span><span>−$1.20</span></div><div><strong>Total</strong><strong>$10.80</strong></div></div>
    <label>Quantity <input value="7"></label>`,
  ),
  '/review': html(
    'Review',
    `<dl><dt>Hotel</dt><dd>Lisbon Riverside</dd><dd><a href="#">Edit</a></dd><dt>Emergency contact</dt><dd>Raj Shah, 7700 900888</dd>
    <dt>Total</dt><dd>€402</dd></dl><table><tr><th>Nights</th><td>3</td></tr></table>
    <p>Reference: <b>BK-1042</b></p>`,
  ),
  '/mail': html(
    'Mail',
    `<nav><a href="#inbox"><span>Inbox</span><span>4</span></a><a href="#drafts">Drafts <span>1</span></a></nav>
    <h2>Inbox</h2><p>Nothing new</p>`,
  ),
  '/twice': html(
    'Orders',
    `<div><span>Total</span><span>$5.00</span></div><div><span>Total</span><span>$9.00</span></div>`,
  ),
  // A box named by its heading: its lines in small type, its value in large type.
  '/summary': html(
    'Plan',
    `<aside class="summary" aria-labelledby="h"><h3 id="h">Monthly total</h3><dl><dt>Plan</dt><dd style="font-size:13px">£40.00</dd>
    <dt>Promo</dt><dd style="font-size:13px">−10%</dd></dl><div style="font-size:28px">£36.00</div><p>Billed monthly</p></aside>`,
  ),
  '/headings': html('Help', `<h3>Total</h3><p>$10.80</p><button>Status</button><span>Active</span>`),
};

describe('built-in agent: a value shown beside its label', function () {
  const pages = useAgentPages(PAGES);
  const cases: [string, string, boolean][] = [
    ['/cart', 'The subtotal is $12.00', true],
    ['/cart', 'The total is $10.80', true],
    ['/cart', 'The total is $12.00', false],
    // A field of that name is read as a field.
    ['/cart', 'The quantity is 7', true],
    ['/cart', 'The quantity is 8', false],
    ['/review', 'The total on the review page is €402', true],
    ['/review', 'The review shows a total of €402', true],
    ['/review', 'The nights is 3', true],
    ['/review', "The reference is 'BK-1042'", true],
    // "V as the F" where no field is named F: the text beside the label F, which may go on after V.
    ['/review', 'The review page shows Lisbon Riverside as the hotel', true],
    ['/review', 'The review page shows Raj Shah as the emergency contact', true],
    ['/review', 'The review page shows Raj as the emergency contact', false],
    ['/mail', 'The Inbox unread count is 4', true],
    ['/mail', 'The Drafts count is 1', true],
    ['/mail', 'The Inbox unread count is 3', false],
    ['/mail', 'Drafts shows 1 in the sidebar', true],
    // A change said of a count: the figure beside the name the count is of.
    ['/mail', 'The Drafts count goes down to 1', true],
    ['/mail', 'The Drafts count goes down to 0', false],
    ['/mail', 'The Inbox unread count shows 4', true],
    // A labelled box's value is its headline figure, not a line of it.
    ['/summary', 'The monthly total is £36.00', true],
    ['/summary', 'The monthly total is £40.00', false],
    // Two totals that disagree: neither is read.
    ['/twice', 'The total is $5.00', false],
    // A heading titles what follows and a button is a control: neither is a label of a value.
    ['/headings', 'The total is $10.80', false],
    ['/headings', "The status is 'Active'", false],
  ];
  itJudges(pages, cases);

  it('says which values disagree, and what is shown instead', async () => {
    await pages.page.goto(`${pages.site.url}/twice`);
    const twice = await pages.failingAgent.evaluate(pages.page, 'The total is $5.00', {
      baseUrl: pages.site.url,
      configs: {},
    });
    expect(twice.thought).to.include('"total" is shown 2 times with different values ("$5.00", "$9.00")');
    await pages.page.goto(`${pages.site.url}/cart`);
    const other = await pages.failingAgent.evaluate(pages.page, 'The subtotal is $15.00', {
      baseUrl: pages.site.url,
      configs: {},
    });
    expect(other.thought).to.include('"subtotal" shows "$12.00", not "$15.00"');
  });
});
