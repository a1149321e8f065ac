// Mocha hooks for agent tests on a real page: the process's Chromium (shared-browser.ts) and one
// site for the file, a fresh context per test; a burn-in of a goal on a path, and a replay of its
// steps on a fresh page.
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BuiltinAgent } from '../../backend/src/agent/builtin-agent.js';
import { performStep } from '../../backend/src/agent/perform-step.js';
import type { Step } from '../../backend/src/domain/steps.js';
import { sharedBrowser } from './shared-browser.js';
import { startSite, type Site } from './site.js';

export interface AgentPages {
  /** The process's Chromium, for a page that several tests share (made in a `before` of their own). */
  readonly browser: Browser;
  readonly page: Page;
  readonly site: Site;
  readonly agent: BuiltinAgent;
  /**
   * The same agent with a short expectation timeout (`FAILING_EXPECT_TIMEOUT_MS`), for expected results
   * a test expects to FAIL: it need not wait out the default 3 s. One that should pass keeps `agent`
   * (a busy machine may need the default for a page to show it).
   */
  readonly failingAgent: BuiltinAgent;
  /** Burns the goal in on `path`; fails the test with the agent's message when it does not work. */
  burnIn(path: string, goal: string): Promise<Step[]>;
  /** Performs the recorded steps on a fresh page at `path`, as a replay does. */
  replay(path: string, steps: Step[]): Promise<Page>;
}

/** How long an expectation that a test expects to fail is waited for. */
export const FAILING_EXPECT_TIMEOUT_MS = 500;

export function useAgentPages(pages: Record<string, string>, findTimeoutMs = 1000): AgentPages {
  let browser: Browser;
  let site: Site;
  let context: BrowserContext;
  let page: Page;
  const agent = new BuiltinAgent({ findTimeoutMs });
  const failingAgent = new BuiltinAgent({ findTimeoutMs, expectTimeoutMs: FAILING_EXPECT_TIMEOUT_MS });
  before(async () => {
    browser = await sharedBrowser();
    site = await startSite(pages);
  });
  after(async () => {
    await site?.close();
  });
  beforeEach(async () => {
    context = await browser.newContext();
    page = await context.newPage();
  });
  afterEach(async () => context.close());
  return {
    get browser() {
      return browser;
    },
    get page() {
      return page;
    },
    get site() {
      return site;
    },
    agent,
    failingAgent,
    async burnIn(path, goal) {
      await page.goto(site.url + path);
      const result = await agent.burnIn(page, goal, { baseUrl: site.url, configs: {} });
      expect(result.error ?? '').to.equal('');
      return result.steps;
    },
    async replay(path, steps) {
      const fresh = await context.newPage();
      await fresh.goto(site.url + path);
      for (const step of JSON.parse(JSON.stringify(steps)) as Step[])
        await performStep(fresh, step, { baseUrl: site.url, configs: {} });
      return fresh;
    },
  };
}

/**
 * One test per [path, expected result, passes]: the result judged on the page at `path` passes or
 * fails as the row says (a failing one on the short timeout), the agent's thought shown if not.
 */
export function itJudges(pages: AgentPages, cases: [string, string, boolean][]): void {
  for (const [path, expected, passes] of cases) {
    it(`${path}: "${expected}" ${passes ? 'passes' : 'fails'}`, async () => {
      await pages.page.goto(pages.site.url + path);
      const agent = passes ? pages.agent : pages.failingAgent;
      const evaluation = await agent.evaluate(pages.page, expected, { baseUrl: pages.site.url, configs: {} });
      expect(evaluation.passed, evaluation.thought).to.equal(passes);
    });
  }
}
