// Expected results are judged as a person sees the page: text that is on the page but hidden,
// clipped away, off the page or collapsed is not shown, and is not counted. A false pass is the
// worst thing a test tool can report, so every hiding technique gets a page of its own.
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BuiltinAgent } from '../../../backend/src/agent/builtin-agent.js';
import { sharedBrowser } from '../../helpers/shared-browser.js';
import { html, startSite, type Site } from '../../helpers/site.js';

const SR_ONLY =
  'position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0';
const VISUALLY_HIDDEN =
  'position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap';

/** Pages where the text is in the DOM but a person cannot see it: [technique, text, body]. */
const HIDDEN: [string, string, string][] = [
  ['display: none', 'Secret plan', '<p style="display:none">Secret plan</p>'],
  [
    'display: none on an ancestor',
    'Secret plan',
    '<div style="display:none"><section><p>Secret plan</p></section></div>',
  ],
  ['visibility: hidden', 'Secret plan', '<p style="visibility:hidden">Secret plan</p>'],
  ['visibility: hidden on an ancestor', 'Secret plan', '<div style="visibility:hidden"><p>Secret plan</p></div>'],
  ['opacity: 0 on an ancestor', 'Secret plan', '<div style="opacity:0"><p>Secret plan</p></div>'],
  ['the hidden attribute', 'Secret plan', '<p hidden>Secret plan</p>'],
  ['hidden="until-found"', 'Secret plan', '<div hidden="until-found"><p>Secret plan</p></div>'],
  ['content-visibility: hidden', 'Secret plan', '<div style="content-visibility:hidden"><p>Secret plan</p></div>'],
  [
    'zero size with overflow hidden',
    'Secret plan',
    '<div style="width:0;height:0;overflow:hidden"><p>Secret plan</p></div>',
  ],
  [
    'zero height with overflow hidden (a closed accordion)',
    'Secret plan',
    '<div style="height:0;overflow:hidden"><p>Secret plan</p></div>',
  ],
  ['sr-only (clip: rect(0 0 0 0))', 'Secret plan', `<span style="${SR_ONLY}">Secret plan</span>`],
  ['visually-hidden (clip-path: inset(50%))', 'Secret plan', `<span style="${VISUALLY_HIDDEN}">Secret plan</span>`],
  ['clip-path: inset(50%) alone', 'Secret plan', '<p style="clip-path:inset(50%)">Secret plan</p>'],
  ['clip-path: circle(0)', 'Secret plan', '<p style="clip-path:circle(0)">Secret plan</p>'],
  ['off-screen absolute (left: -9999px)', 'Secret plan', '<p style="position:absolute;left:-9999px">Secret plan</p>'],
  ['off-screen fixed (top: -500px)', 'Secret plan', '<p style="position:fixed;top:-500px">Secret plan</p>'],
  ['text-indent: -9999px', 'Secret plan', '<h2 style="text-indent:-9999px;overflow:hidden">Secret plan</h2>'],
  ['transformed off-screen', 'Secret plan', '<p style="transform:translateX(-200vw)">Secret plan</p>'],
  ['scaled to nothing', 'Secret plan', '<p style="transform:scale(0)">Secret plan</p>'],
  ['font-size: 0', 'Secret plan', '<p style="font-size:0">Secret plan</p>'],
  ['collapsed details', 'Secret plan', '<details><summary>More</summary><p>Secret plan</p></details>'],
  ['closed dialog', 'Secret plan', '<dialog><p>Secret plan</p><button>Close</button></dialog>'],
  ['aria-hidden and hidden ancestor', 'Secret plan', '<div aria-hidden="true" hidden><p>Secret plan</p></div>'],
  [
    'aria-hidden and display: none',
    'Secret plan',
    '<div aria-hidden="true" style="display:none"><p>Secret plan</p></div>',
  ],
  [
    'the hidden "On" label of a switch that is off',
    'On',
    '<label>Dark mode <button role="switch" aria-checked="false"><span class="on">On</span><span class="off">Off</span></button></label><style>.on { display: none }</style>',
  ],
  [
    'the invisible "On" label of a switch that is off (opacity)',
    'On',
    '<button role="switch" aria-checked="false" style="position:relative">Dark mode <span style="opacity:0;position:absolute">On</span><span>Off</span></button>',
  ],
  [
    'a hidden child of a visible button',
    'Save draft',
    '<button>Save<span style="visibility:hidden"> draft</span></button>',
  ],
  ['a sentence with a hidden part', 'Welcome, Ada', '<h1>Welcome, <span hidden>Ada</span></h1>'],
  [
    'a hidden tab panel',
    'Card ending 4242',
    `<div role="tablist"><button role="tab" aria-selected="true">Profile</button><button role="tab" aria-selected="false">Billing</button></div>
    <div role="tabpanel">Your name</div><div role="tabpanel" hidden>Card ending 4242</div>`,
  ],
  [
    'text below the end of an overflow: hidden box',
    'Secret plan',
    '<div style="height:40px;overflow:hidden"><p style="height:40px;margin:0">First line</p><p style="margin:0">Secret plan</p></div>',
  ],
  [
    'text scrolled away in an overflow: hidden box',
    'Secret plan',
    '<div id="box" style="height:40px;overflow:hidden"><p style="height:40px;margin:0">Secret plan</p><p style="height:40px;margin:0">Now showing</p></div><script>box.scrollTop = 40</script>',
  ],
  [
    'the next slide of a carousel',
    'Secret plan',
    `<div style="width:300px;overflow:hidden;white-space:nowrap"><div style="display:inline-block;width:300px">Slide one</div><div style="display:inline-block;width:300px">Secret plan</div></div>`,
  ],
  ['an input of type hidden', 'Secret plan', '<input type="hidden" value="Secret plan">'],
  ['a password', 'Secret plan', '<input type="password" aria-label="Password" value="Secret plan">'],
  [
    'the placeholder of a filled input',
    'Secret plan',
    '<input aria-label="Name" placeholder="Secret plan" value="Ada">',
  ],
  [
    'an option that is not selected',
    'Secret plan',
    '<select aria-label="Plan"><option>Basic</option><option>Secret plan</option></select>',
  ],
  [
    'a light child that no slot shows',
    'Secret plan',
    '<x-card><p>Secret plan</p></x-card><script>customElements.define("x-card", class extends HTMLElement { constructor() { super(); this.attachShadow({ mode: "open" }).innerHTML = "<p>Card</p>"; } });</script>',
  ],
];

/** Pages where a person sees the text: [what, text, body, where it is shown]. */
const SHOWN: [string, string, string, RegExp][] = [
  ['plain text', 'Secret plan', '<p>The Secret plan</p>', /\(paragraph "The Secret plan"\)/],
  ['text split across <b>', 'Welcome, Ada', '<h1>Welcome, <b>Ada</b>!</h1>', /\(heading "Welcome, Ada!"\)/],
  [
    'text across several inline elements',
    'Total: 3 items',
    '<p><span>Total:</span> <strong>3</strong> <em>items</em></p>',
    /\(paragraph "Total: 3 items"\)/,
  ],
  [
    'text in an open shadow root',
    'Shadow greeting',
    '<x-hello></x-hello><script>customElements.define("x-hello", class extends HTMLElement { constructor() { super(); this.attachShadow({ mode: "open" }).innerHTML = "<p>Shadow greeting</p>"; } });</script>',
    /\(paragraph "Shadow greeting"\)/,
  ],
  [
    'text slotted into a shadow root',
    'Ada Lovelace',
    '<x-card><span>Ada Lovelace</span></x-card><script>customElements.define("x-card", class extends HTMLElement { constructor() { super(); this.attachShadow({ mode: "open" }).innerHTML = "<div><slot></slot></div>"; } });</script>',
    /\(span "Ada Lovelace"\)/,
  ],
  [
    'an input value',
    'SPRING10',
    '<label>Coupon <input value="SPRING10"></label>',
    /\(textbox "Coupon ?" showing "SPRING10"\)/,
  ],
  [
    'a textarea value',
    'Leave at the door',
    '<textarea aria-label="Notes">Leave at the door</textarea>',
    /\(textbox "Notes" showing "Leave at the door"\)/,
  ],
  [
    'the selected option',
    'Sweden',
    '<select aria-label="Country"><option>Norway</option><option selected>Sweden</option></select>',
    /\(combobox "Country" showing "Sweden"\)/,
  ],
  [
    'the placeholder of an empty input',
    'Search products',
    '<input placeholder="Search products">',
    /\(searchbox|textbox "Search products"\)/,
  ],
  [
    'the alt text of an image',
    'Company logo',
    '<img alt="Company logo" width="40" height="40" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">',
    /\(img "Company logo"\)/,
  ],
  [
    'text that appears after 500 ms',
    'Ready now',
    '<p id="late" style="display:none">Ready now</p><script>setTimeout(() => { late.style.display = "block"; }, 500)</script>',
    /\(paragraph "Ready now"\)/,
  ],
  [
    'text in an open details',
    'Ships in 2 days',
    '<details open><summary>Shipping</summary><p>Ships in 2 days</p></details>',
    /\(paragraph "Ships in 2 days"\)/,
  ],
  [
    'the summary of a collapsed details',
    'Shipping',
    '<details><summary>Shipping</summary><p>Ships in 2 days</p></details>',
    /\(button "Shipping"\)/,
  ],
  ['an open dialog', 'Delete item?', '<dialog open><p>Delete item?</p></dialog>', /\(paragraph "Delete item\?"\)/],
  [
    'text below the fold of the viewport',
    'Footer note',
    '<div style="height:3000px">Top</div><p>Footer note</p>',
    /\(paragraph "Footer note"\)/,
  ],
  [
    'text below the fold of a scroll box',
    'Last message',
    '<div style="height:60px;overflow:auto"><p style="height:200px">First message</p><p>Last message</p></div>',
    /\(paragraph "Last message"\)/,
  ],
  [
    'text far to the right of a wide page',
    'Right edge',
    '<div style="width:4000px;height:10px"></div><p style="position:absolute;left:3000px;top:0">Right edge</p>',
    /\(paragraph "Right edge"\)/,
  ],
  [
    'aria-hidden text that is visible',
    'Decorative',
    '<p aria-hidden="true">Decorative</p>',
    /\(paragraph "Decorative"\)/,
  ],
  [
    'visible text inside visibility: hidden, made visible again',
    'Back again',
    '<div style="visibility:hidden">Gone <p style="visibility:visible">Back again</p></div>',
    /\(paragraph "Back again"\)/,
  ],
  [
    'the visible label of a switch',
    'Off',
    '<button role="switch" aria-checked="false"><span hidden>On</span><span>Off</span></button>',
    /\(span "Off"\)/,
  ],
];

/** Lists and tables with hidden items: only the items a person sees count. */
const LISTS = html(
  'Lists',
  `<ul id="todos">
    <li>Milk</li><li>Bread</li><li>Eggs</li>
    <li style="display:none">Gone: display</li>
    <li style="visibility:hidden">Gone: visibility</li>
    <li hidden>Gone: attribute</li>
    <li style="height:0;overflow:hidden;padding:0;margin:0">Gone: zero size</li>
    <li style="opacity:0">Gone: opacity</li>
    <li style="position:absolute;left:-9999px">Gone: off-screen</li>
    <li style="${SR_ONLY}">Gone: sr-only</li>
    <li>Nested <ul hidden><li>a</li><li>b</li><li>c</li><li>d</li></ul></li>
  </ul>
  <details><summary>Archived</summary><ul><li>1</li><li>2</li><li>3</li><li>4</li><li>5</li><li>6</li><li>7</li></ul></details>
  <ul hidden><li>1</li><li>2</li><li>3</li><li>4</li><li>5</li><li>6</li><li>7</li></ul>
  <div style="height:0;overflow:hidden"><ul><li>1</li><li>2</li><li>3</li><li>4</li><li>5</li><li>6</li><li>7</li></ul></div>
  <table>
    <thead><tr><th>Order</th></tr></thead>
    <tbody><tr><td>#1</td></tr><tr><td>#2</td></tr><tr style="display:none"><td>#3</td></tr><tr hidden><td>#4</td></tr><tr style="visibility:collapse"><td>#5</td></tr></tbody>
  </table>`,
);

describe('built-in agent: expected results are judged as a person sees the page', function () {
  let browser: Browser;
  let site: Site;
  let context: BrowserContext;
  let page: Page;
  // An expected result that should fail is judged at once: every page here is settled once loaded
  // (the one late text is waited for by name), so waiting would change nothing. One that should pass
  // keeps a wait, which costs nothing when it passes.
  const atOnce = new BuiltinAgent({ expectTimeoutMs: 0 });
  const quick = new BuiltinAgent({ expectTimeoutMs: 400 });
  const patient = new BuiltinAgent({ expectTimeoutMs: 2000 });

  const pages: Record<string, string> = { '/lists': LISTS };
  HIDDEN.forEach(
    ([, , body], i) => void (pages[`/hidden/${i}`] = html('Hidden', `<main><p>Anchor text</p>${body}</main>`)),
  );
  SHOWN.forEach(([, , body], i) => void (pages[`/shown/${i}`] = html('Shown', body)));

  // One page for the file: every test loads the page it judges.
  before(async () => {
    browser = await sharedBrowser();
    site = await startSite(pages);
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
  });
  after(async () => {
    await context?.close();
    await site?.close();
  });

  const evaluate = (agent: BuiltinAgent, expected: string) =>
    agent.evaluate(page, expected, { baseUrl: site.url, configs: {} });

  HIDDEN.forEach(([technique, text, body], i) => {
    describe(`hidden by ${technique}`, () => {
      beforeEach(async () => void (await page.goto(`${site.url}/hidden/${i}`)));

      it(`'${text}' is shown fails`, async () => {
        const evaluation = await evaluate(atOnce, `'${text}' is shown`);
        expect(evaluation.passed, evaluation.thought).to.equal(false);
        expect(evaluation.title).to.equal(`Expected ${JSON.stringify(text)} to be shown`);
        // Text that is in the page says why it is not seen (values of inputs are not text).
        if (!body.includes('<input'))
          expect(evaluation.thought).to.match(/It is on the page, but a person cannot see it: \S+ ".*" \(.+\)\.$/);
      });

      it(`'${text}' is not shown passes`, async () => {
        const evaluation = await evaluate(quick, `'${text}' is not shown`);
        expect(evaluation.passed, evaluation.thought).to.equal(true);
      });
    });
  });

  it('never takes the source of a script for hidden text', async () => {
    await page.setContent(`<p>Sign in</p><script>const greeting = 'Welcome, Ada';</script>`);
    const evaluation = await evaluate(atOnce, "'Welcome, Ada' is shown");
    expect(evaluation.passed).to.equal(false);
    expect(evaluation.thought).not.to.include('cannot see');
  });

  it('says why a text that is on the page is not seen', async () => {
    const why: [string, RegExp][] = [
      ['display: none', /: paragraph "Secret plan" \(display: none\)\.$/],
      ['display: none on an ancestor', /: paragraph "Secret plan" \(display: none on a div\)\.$/],
      ['sr-only (clip: rect(0 0 0 0))', /: span "Secret plan" \(clipped away, of no size or off the page\)\.$/],
      ['collapsed details', /: paragraph "Secret plan" \(in a collapsed details\)\.$/],
      ['closed dialog', /: paragraph "Secret plan" \(in a closed dialog\)\.$/],
      ['the hidden "On" label of a switch that is off', /: span "On" \(display: none\)\.$/],
      ['a sentence with a hidden part', /: heading "Welcome, Ada" \(part of it is hidden\)\.$/],
    ];
    for (const [technique, message] of why) {
      const i = HIDDEN.findIndex(([t]) => t === technique);
      await page.goto(`${site.url}/hidden/${i}`);
      const evaluation = await evaluate(atOnce, `'${HIDDEN[i]![1]}' is shown`);
      expect(evaluation.thought, HIDDEN[i]![0]).to.match(message);
    }
  });

  SHOWN.forEach(([what, text, , where], i) => {
    describe(`shown: ${what}`, () => {
      beforeEach(async () => void (await page.goto(`${site.url}/shown/${i}`)));

      it(`'${text}' is shown passes and says where`, async () => {
        const evaluation = await evaluate(patient, `'${text}' is shown`);
        expect(evaluation.passed, evaluation.thought).to.equal(true);
        expect(evaluation.thought).to.match(where);
      });

      it(`'${text}' is not shown fails and says where`, async () => {
        // The delayed text is not there yet at first, so "not shown" would pass at once.
        if (text === 'Ready now') await page.getByText(text).waitFor();
        const evaluation = await evaluate(atOnce, `'${text}' is not shown`);
        expect(evaluation.passed, evaluation.thought).to.equal(false);
        expect(evaluation.thought).to.match(where);
      });
    });
  });

  describe('counting', () => {
    beforeEach(async () => void (await page.goto(`${site.url}/lists`)));

    it('counts only the items a person sees, in the lists a person sees', async () => {
      const evaluation = await evaluate(quick, 'There are 4 items in the list');
      expect(evaluation.passed, evaluation.thought).to.equal(true);
    });

    for (const count of [3, 5, 7, 10, 11]) {
      it(`There are ${count} items in the list fails: hidden items and hidden lists do not count`, async () => {
        const evaluation = await evaluate(atOnce, `There are ${count} items in the list`);
        expect(evaluation.passed).to.equal(false);
        expect(evaluation.thought).to.match(
          /✗ expected \d+ items in the list, but the lists on the page have 4 items\./,
        );
      });
    }

    it('counts only the rows a person sees', async () => {
      expect((await evaluate(quick, 'There are 2 rows in the table')).passed).to.equal(true);
      const evaluation = await evaluate(atOnce, 'There are 3 rows in the table');
      expect(evaluation.passed).to.equal(false);
      expect(evaluation.thought).to.match(/but the tables on the page have 2 rows\./);
    });
  });
});
