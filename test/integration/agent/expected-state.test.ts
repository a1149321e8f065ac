// Judging the state and value of controls on a real page, native and ARIA: each state passes when
// true and fails with a line that says what was found.
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BuiltinAgent } from '../../../backend/src/agent/builtin-agent.js';
import { FAILING_EXPECT_TIMEOUT_MS, itJudges, useAgentPages } from '../../helpers/agent-pages.js';
import { sharedBrowser } from '../../helpers/shared-browser.js';
import { html, startSite, type Site } from '../../helpers/site.js';

const CONTROLS = html(
  'Controls',
  `<h1>Settings</h1>
  <label><input type="checkbox" checked> Remember me</label>
  <label><input type="checkbox"> Newsletter</label>
  <ul class="todo-list">
    <li><input type="checkbox" class="toggle" checked> <label>Buy milk</label></li>
    <li><input type="checkbox" class="toggle"> <label>Walk the dog</label></li>
  </ul>
  <span role="checkbox" aria-checked="true" tabindex="0">Accept terms</span>
  <span role="checkbox" aria-checked="false" tabindex="0">Share data</span>
  <button role="switch" aria-checked="true">Dark mode</button>
  <button role="switch" aria-checked="false">Autoplay</button>
  <button aria-pressed="true">Bold</button>
  <div role="tablist"><button role="tab" aria-selected="true">Pro</button><button role="tab" aria-selected="false">Basic</button></div>
  <details open><summary>Details</summary><p>More</p></details>
  <details><summary>Shipping</summary><p>3 days</p></details>
  <button aria-expanded="true" aria-controls="faq">FAQ</button><div id="faq">Answers</div>
  <button disabled>Submit</button>
  <button>Cancel</button>
  <span role="button" aria-disabled="true" tabindex="0">Archive</span>
  <label>Email <input value="ada@example.com"></label>
  <input type="search" aria-label="Search">
  <label>Country <select><option>Norway</option><option selected>Sweden</option></select></label>
  <label>Guests <input type="number" value="4"></label>
  <label>Volume <input type="range" value="50"></label>
  <div role="slider" aria-label="Brightness" aria-valuenow="30" aria-valuetext="30%" tabindex="0">30%</div>
  <div role="spinbutton" aria-label="Rooms" aria-valuenow="2" tabindex="0">2</div>
  <button aria-haspopup="menu" aria-expanded="true">Export</button>
  <ul role="menu" aria-label="Export"><li role="menuitem">PDF</li><li role="menuitem">CSV</li></ul>
  <button aria-haspopup="menu" aria-expanded="false">Share</button>
  <dialog id="confirm" aria-label="Confirm delete"><p>Really?</p></dialog>
  <ol class="steps"><li>Search</li><li aria-current="step">Guest details</li><li>Review</li></ol>
  <nav aria-label="Pagination"><a href="?p=1">1</a><a href="?p=2" aria-current="page">2</a></nav>
  <script>
    // A state that comes true a moment after the check starts.
    setTimeout(() => document.querySelector('[role=switch][aria-checked=false]').setAttribute('aria-checked', 'true'), 300);
  </script>`,
);

const DIALOG = html(
  'Dialog',
  `<h1>Items</h1><dialog open aria-labelledby="t"><h2 id="t">Delete item?</h2><button>OK</button></dialog>`,
);

describe('built-in agent: checking the state and value of controls', function () {
  let browser: Browser;
  let site: Site;
  let context: BrowserContext;
  let page: Page;
  const agent = new BuiltinAgent({ expectTimeoutMs: 1000 });
  // A state a case expects to be false need not be waited for in full (agent-pages.ts).
  const failingAgent = new BuiltinAgent({ expectTimeoutMs: FAILING_EXPECT_TIMEOUT_MS });

  // One page for the file: every case loads the page it judges, and judging changes nothing.
  before(async () => {
    browser = await sharedBrowser();
    site = await startSite({ '/controls': CONTROLS, '/dialog': DIALOG });
    context = await browser.newContext();
    page = await context.newPage();
  });
  after(async () => {
    await context?.close();
    await site?.close();
  });

  const evaluate = async (path: string, expected: string, judge = agent) => {
    await page.goto(`${site.url}${path}`);
    return judge.evaluate(page, expected, { baseUrl: site.url, configs: { account: { email: 'ada@example.com' } } });
  };
  const waited = `${FAILING_EXPECT_TIMEOUT_MS / 1000} s`.replace('.', '\\.');

  const passing: [string, string][] = [
    ['/controls', 'The Remember me checkbox is checked'],
    ['/controls', 'The Newsletter checkbox is unchecked'],
    ['/controls', 'Buy milk is marked as completed'],
    ['/controls', 'Walk the dog is marked as active'],
    ['/controls', "'Accept terms' is checked"],
    ['/controls', "'Share data' is not checked"],
    ['/controls', 'Dark mode is on'],
    ['/controls', 'Autoplay is on'], // turns on after 300 ms
    ['/controls', 'The Bold button is pressed'],
    ['/controls', 'The Pro tab is selected'],
    ['/controls', 'The Basic tab is not selected'],
    ['/controls', 'The Details section is expanded'],
    ['/controls', 'The Shipping section is collapsed'],
    ['/controls', "The 'FAQ' section is open"],
    ['/controls', 'The Submit button is disabled'],
    ['/controls', 'The Cancel button is enabled'],
    ['/controls', "The 'Archive' button is disabled"],
    ['/controls', 'The Email field contains {{config.email}}'],
    ['/controls', 'The search box is empty'],
    ['/controls', 'The Country field contains Sweden'],
    ['/controls', 'The option Sweden is selected in Country'],
    ['/controls', 'The number of guests is 4'],
    ['/controls', 'The Volume slider is at 50'],
    ['/controls', "The 'Brightness' slider is at 30%"],
    ['/controls', 'The Brightness slider is set to 30'],
    ['/controls', 'The number of rooms is 2'],
    ['/controls', 'The Export menu is open'],
    ['/controls', 'The Share menu is closed'],
    ['/controls', 'The dialog is closed'],
    ['/controls', 'No dialog is open'],
    ['/dialog', 'A dialog is open'],
    ['/dialog', "The 'Delete item?' dialog is shown"],
    // The one marked current among its kind, said by what it is among them.
    ['/controls', 'The step indicator shows Guest details as the current step'],
    ['/controls', 'The current step is Guest details'],
    ['/controls', 'Pro is the active tab'],
    ['/controls', '2 is the current page'],
  ];
  for (const [path, expected] of passing) {
    it(`passes: ${expected}`, async () => {
      const evaluation = await evaluate(path, expected);
      expect(evaluation.passed, evaluation.thought).to.equal(true);
      expect(evaluation.thought).to.match(/\n✓ /);
    });
  }

  const failing: [string, string, string, RegExp][] = [
    [
      '/controls',
      'The Remember me checkbox is unchecked',
      'Expected the "Remember me" checkbox to be unchecked',
      /✗ the "Remember me" checkbox is checked\./,
    ],
    [
      '/controls',
      'The Newsletter checkbox is checked',
      'Expected the "Newsletter" checkbox to be checked',
      /✗ the "Newsletter" checkbox is not checked\./,
    ],
    [
      '/controls',
      'Walk the dog is marked as completed',
      'Expected the checkbox next to "Walk the dog" to be checked',
      /✗ the checkbox next to "Walk the dog" is not checked\./,
    ],
    [
      '/controls',
      "'Share data' is checked",
      'Expected "Share data" to be checked',
      /✗ the "Share data" checkbox is not checked\./,
    ],
    ['/controls', 'Dark mode is off', 'Expected "Dark mode" to be unchecked', /✗ the "Dark mode" switch is checked\./],
    [
      '/controls',
      'The Basic tab is selected',
      'Expected the "Basic" tab to be selected',
      /✗ the "Basic" tab is not selected\./,
    ],
    [
      '/controls',
      'The Shipping section is expanded',
      'Expected the "Shipping" section to be expanded',
      /✗ .*"Shipping".* is collapsed\./,
    ],
    [
      '/controls',
      'The Details section is collapsed',
      'Expected the "Details" section to be collapsed',
      /✗ .*"Details".* is expanded\./,
    ],
    [
      '/controls',
      'The Cancel button is disabled',
      'Expected the "Cancel" button to be disabled',
      /✗ the "Cancel" button is enabled\./,
    ],
    [
      '/controls',
      'The Submit button is enabled',
      'Expected the "Submit" button to be enabled',
      /✗ the "Submit" button is disabled\./,
    ],
    [
      '/controls',
      'The Email field is empty',
      'Expected the "Email" field to be empty',
      /✗ the "Email" field is "ada@example\.com", not empty\./,
    ],
    [
      '/controls',
      'The Country field contains Norway',
      'Expected the "Country" field to be "Norway"',
      /✗ the "Country" dropdown is "Sweden", not "Norway"\./,
    ],
    [
      '/controls',
      'The number of guests is 5',
      'Expected "guests" to be "5"',
      /✗ the "Guests" number field is "4", not "5"\./,
    ],
    [
      '/controls',
      'The Volume slider is at 80',
      'Expected the "Volume" slider to be "80"',
      /✗ the "Volume" slider is "50", not "80"\./,
    ],
    [
      '/controls',
      'The Export menu is closed',
      'Expected the "Export" menu to be closed',
      new RegExp(`✗ the "Export" menu was still open after ${waited} \\("Export"`),
    ],
    [
      '/controls',
      'The Share menu is open',
      'Expected the "Share" menu to be open',
      /✗ no the "Share" menu was open|✗ the "Share" menu was not open/,
    ],
    [
      '/controls',
      'A dialog is open',
      'Expected the dialog to be open',
      new RegExp(`✗ no dialog was open within ${waited} on http://127\\.0\\.0\\.1:\\d+/controls\\.`),
    ],
    [
      '/dialog',
      'The dialog is closed',
      'Expected the dialog to be closed',
      new RegExp(`✗ a dialog was still open after ${waited} \\("Delete item\\?"\\)\\.`),
    ],
    [
      '/controls',
      'The Premium tab is selected',
      'Expected the "Premium" tab to be selected',
      /✗ found no tab named "Premium" on http:\/\/\S+/,
    ],
    [
      '/controls',
      'The Cancel button is checked',
      'Expected the "Cancel" button to be checked',
      /✗ the "Cancel" button has no checked state \(it is a button\), so it cannot be checked\./,
    ],
    ['/controls', 'Review is the current step', 'Expected "Review" to be selected', /✗ .*"Review".* is not selected\./],
  ];
  for (const [path, expected, title, line] of failing) {
    it(`fails: ${expected}`, async () => {
      const evaluation = await evaluate(path, expected, failingAgent);
      expect(evaluation.passed, evaluation.thought).to.equal(false);
      expect(evaluation.title).to.equal(title);
      expect(evaluation.thought).to.match(line);
    });
  }
});

// A wizard's step indicator: each step shows its number before its name, and the current step's name
// is also in the heading and in other controls.
const WIZARD = html(
  'Sign up',
  `<ol class="progress"><li><span>1</span>Account</li><li aria-current="step"><span>2</span>Profile</li><li><span>3</span>Plan</li></ol>
  <h1>Your profile</h1><button>Profile photo</button><div role="radio" aria-checked="false">Product manager: I plan the roadmap</div>`,
);

describe('built-in agent: the current step of a step indicator', function () {
  const pages = useAgentPages({ '/wizard': WIZARD });
  itJudges(pages, [
    ['/wizard', 'The step indicator shows Profile as the current step', true],
    ['/wizard', 'Profile is the current step', true],
    ['/wizard', 'The step indicator shows Plan as the current step', false],
  ]);
});
