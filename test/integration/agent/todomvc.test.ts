// TodoMVC, the app every front-end framework is shown with, driven by goals as people write them
// on an empty list: new items, several at once, renaming by a double-click, completing one or all,
// filters and "Clear completed". Burn-in in real Chromium, the state checked on the page, then a
// replay of the recorded steps on a fresh page reaching the same state.
import fs from 'node:fs';
import { expect } from 'chai';
import type { BrowserContext, Page } from 'playwright-core';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { waitFor } from '../../helpers/wait.js';

const TODOMVC = fs.readFileSync(new URL('../../fixtures/todomvc/index.html', import.meta.url), 'utf8');

const titles = (page: Page) => page.locator('.todo-list li label').allInnerTexts();
const completed = (page: Page) => page.locator('.todo-list li.completed label').allInnerTexts();

const cases: { goal: string; titles: string[]; completed?: string[]; left?: string }[] = [
  { goal: 'Add a todo Buy milk', titles: ['Buy milk'] },
  { goal: "Add 'Buy milk'", titles: ['Buy milk'] },
  { goal: 'Create a new todo called Buy milk', titles: ['Buy milk'] },
  { goal: 'Add three todos: Buy milk, Walk the dog and Pay rent', titles: ['Buy milk', 'Walk the dog', 'Pay rent'] },
  { goal: 'Add todos Buy milk and Pay rent. Rename Buy milk to Buy oat milk', titles: ['Buy oat milk', 'Pay rent'] },
  { goal: 'Add Buy milk to the list. Double-click Buy milk and change it to Buy bread', titles: ['Buy bread'] },
  {
    goal: 'Add todos Buy milk and Pay rent. Complete Buy milk',
    titles: ['Buy milk', 'Pay rent'],
    completed: ['Buy milk'],
    left: '1 item left',
  },
  {
    goal: 'Add todos Buy milk and Pay rent. Mark Pay rent as done',
    titles: ['Buy milk', 'Pay rent'],
    completed: ['Pay rent'],
  },
  {
    goal: 'Add todos Buy milk and Pay rent. Mark all as complete',
    titles: ['Buy milk', 'Pay rent'],
    completed: ['Buy milk', 'Pay rent'],
    left: '0 items left',
  },
  { goal: 'Add todos Buy milk and Pay rent. Complete Buy milk. Show only active todos', titles: ['Pay rent'] },
  {
    goal: 'Add todos Buy milk and Pay rent. Complete Pay rent. Filter by completed',
    titles: ['Pay rent'],
    completed: ['Pay rent'],
  },
  { goal: 'Add todos Buy milk and Pay rent. Complete Buy milk. Clear completed todos', titles: ['Pay rent'] },
  { goal: 'Add todos Buy milk and Pay rent. Delete Buy milk', titles: ['Pay rent'] },
  { goal: 'Add Buy milk to the list and change Buy milk to Buy oat milk', titles: ['Buy oat milk'] },
];

// Expected results a person writes about the list, after "Add todos Buy milk, Walk the dog and Pay rent. Complete Buy milk".
const results: [string, boolean][] = [
  ["'2 items left' is shown", true],
  ['There are 3 todos', true],
  ['There are 2 todos', false],
  ['Buy milk is completed', true],
  ['Buy milk is marked as done', true],
  ['Walk the dog is completed', false],
  ['Walk the dog is not completed', true],
  ["'Buy milk' is shown and 'Pay rent' is shown", true],
  ['The list is empty', false],
  // "The list" is the todo list, not the filters' list in the footer nor the new todo's placeholder.
  ['Pay rent is still in the list', true],
  ['Walk the dog is no longer in the list', false],
  ['Clean the house is not in the list', true],
  ['Active is not in the list', true],
];

describe('built-in agent: TodoMVC goals as people write them', function () {
  const pages = useAgentPages({ '/': TODOMVC });

  for (const c of cases) {
    it(c.goal, async () => {
      const steps = await pages.burnIn('/', c.goal);
      const check = async (page: Page) => {
        // A filter's list is drawn on the hashchange event, which may come after the click returned.
        await waitFor(
          'the list to show the expected items',
          async () => JSON.stringify(await titles(page)) === JSON.stringify(c.titles),
          5000,
          50,
        ).catch(() => undefined);
        expect(await titles(page)).to.deep.equal(c.titles);
        if (c.completed) expect(await completed(page)).to.deep.equal(c.completed);
        if (c.left) expect((await page.locator('.todo-count').innerText()).trim()).to.equal(c.left);
      };
      await check(pages.page);
      await check(await pages.replay('/', steps));
    });
  }

  describe('expected results about the list', () => {
    // Judging reads the page and changes nothing: one list, burnt in once, serves every expected result.
    let context: BrowserContext;
    let page: Page;
    before(async () => {
      context = await pages.browser.newContext();
      page = await context.newPage();
      await page.goto(`${pages.site.url}/`);
      const burnt = await pages.agent.burnIn(page, 'Add todos Buy milk, Walk the dog and Pay rent. Complete Buy milk', {
        baseUrl: pages.site.url,
        configs: {},
      });
      expect(burnt.error ?? '').to.equal('');
    });
    after(async () => context?.close());

    for (const [expected, passes] of results) {
      it(`${passes ? 'passes' : 'fails'}: ${expected}`, async () => {
        // One expected to fail is judged with a short expectation timeout (agent-pages.ts).
        const agent = passes ? pages.agent : pages.failingAgent;
        const evaluation = await agent.evaluate(page, expected, { baseUrl: pages.site.url, configs: {} });
        expect(evaluation.passed, evaluation.thought).to.equal(passes);
      });
    }
  });
});
