// Every test case starts at its environment's URL: no "Go to" needed. A goal that navigates first
// opens its own page; a test case that resumes from another starts where that one ended; a burn-in
// through a prelude replays the prelude with the prelude's own configs. Real Chromium.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { BuiltinAgent } from '../../../backend/src/agent/builtin-agent.js';
import { builtinStepPlayer } from '../../../backend/src/agent/builtin-step-player.js';
import { PlaywrightExecutor } from '../../../backend/src/agent/execute-test-case.js';
import { startUrl } from '../../../backend/src/agent/start-page.js';
import type { ExecutionRequest } from '../../../backend/src/app/ports/test-executor.js';
import { localDiskEvidence } from '../../../backend/src/storage/local-disk.js';
import { html, startSite, type Site } from '../../helpers/site.js';

const HOME = html('Shop', `<h1>Shop</h1><a href="/login">Sign in</a> <a href="/products">Products</a>`);
const PRODUCTS = html('Products', `<h1>Products</h1><p>Blue mug</p>`);
const LOGIN = html(
  'Sign in',
  `<h1>Sign in</h1><form onsubmit="event.preventDefault(); document.cookie = 'user=' + email.value + '; path=/'; location.href = '/account'">
    <label>Email <input id="email" type="email"></label><label>Password <input type="password"></label><button>Sign in</button></form>`,
);
const ACCOUNT = html(
  'Account',
  `<h1>Account</h1><p id="who"></p><script>who.textContent = 'Signed in as ' + (document.cookie.match(/user=([^;]*)/)?.[1] ?? 'nobody')</script>`,
);

describe('executor: the start page', function () {
  this.timeout(60_000);
  const dir = path.join(os.tmpdir(), `goalie-start-page-test-${process.pid}`);
  let site: Site;
  let executor: PlaywrightExecutor;
  let n = 0;

  before(async () => {
    site = await startSite({ '/': HOME, '/products': PRODUCTS, '/login': LOGIN, '/account': ACCOUNT });
    executor = new PlaywrightExecutor(
      new BuiltinAgent({ findTimeoutMs: 1500 }),
      builtinStepPlayer(),
      localDiskEvidence(dir),
      { chromiumPath: null, wsEndpoint: null, trace: false, stepScreenshots: false },
    );
  });
  after(async () => {
    await executor?.close();
    await site?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const request = (over: Partial<ExecutionRequest>): ExecutionRequest => ({
    name: 'Case',
    goal: '',
    expectedResult: null,
    baseUrl: site.url,
    devicePreset: null,
    configs: {},
    secrets: [],
    steps: null,
    resumeState: null,
    keepState: false,
    evidencePrefix: `start-page-test/${n++}`,
    ...over,
  });

  it('starts the burn-in and the replay at the environment URL when the goal does not navigate', async () => {
    const burnIn = await executor.execute(
      request({ goal: 'Open the Products page', expectedResult: "'Blue mug' is shown" }),
    );
    expect(burnIn.verdict, burnIn.evaluationThought).to.equal('PASSED');
    expect(burnIn.steps.map((s) => s.action)).to.deep.equal(['click']);
    const replay = await executor.execute(
      request({ goal: 'Open the Products page', steps: burnIn.steps, expectedResult: "'Blue mug' is shown" }),
    );
    expect(replay.verdict, replay.evaluationThought).to.equal('PASSED');
  });

  it('starts at the environment URL with its path, and a relative "Go to" stays relative to it', async () => {
    const outcome = await executor.execute(
      request({
        baseUrl: `${site.url}/products`,
        goal: 'Verify that Blue mug is shown',
        expectedResult: 'the URL contains /products',
      }),
    );
    expect(outcome.verdict, outcome.evaluationThought).to.equal('PASSED');
    const relative = await executor.execute(
      request({ goal: 'Go to /login', expectedResult: "The URL contains '/login'" }),
    );
    expect(relative.verdict, relative.evaluationThought).to.equal('PASSED');
  });

  it('starts a test case that resumes from another where that one ended, with its state', async () => {
    const signIn = await executor.execute(
      request({
        goal: "Open Sign in. Log in with config 'ada'",
        configs: { ada: { email: 'ada@example.com', password: 'lovelace' } },
        expectedResult: "'Signed in as ada@example.com' is shown",
        keepState: true,
      }),
    );
    expect(signIn.verdict, signIn.evaluationThought).to.equal('PASSED');
    expect(JSON.parse(signIn.browserState!).url).to.equal(`${site.url}/account`);
    const dependent = await executor.execute(
      request({
        goal: 'Verify that Account is shown',
        resumeState: signIn.browserState,
        expectedResult: "'Signed in as ada@example.com' is shown",
      }),
    );
    expect(dependent.verdict, dependent.evaluationThought).to.equal('PASSED');
  });

  it("burns in through a prelude with the prelude's own configs", async () => {
    const outcome = await executor.execute(
      request({
        goal: 'Verify that Account is shown',
        expectedResult: "'Signed in as grace@example.com' is shown",
        configs: {},
        preludes: [
          {
            name: 'Sign in',
            goal: "Click Sign in. Log in with config 'grace'",
            steps: null,
            configs: { grace: { email: 'grace@example.com', password: 'hopper' } },
          },
        ],
      }),
    );
    expect(outcome.verdict, outcome.evaluationThought).to.equal('PASSED');
  });

  it('decides the start page from the first step or sentence (table)', () => {
    const goto = { action: 'goto' as const, url: '/x', sentence: 'Go to /x' };
    const click = { action: 'click' as const, target: { locators: [], description: '' }, sentence: "Click 'A'" };
    const rows: [Parameters<typeof startUrl>[0], string | null][] = [
      [{ baseUrl: 'http://a/', steps: null, goal: 'Click Sign in', resumes: false }, 'http://a/'],
      [{ baseUrl: 'http://a/', steps: null, goal: 'Go to /login. Click Sign in', resumes: false }, null],
      [{ baseUrl: 'http://a/', steps: null, goal: 'Visit https://b.example/', resumes: false }, null],
      [{ baseUrl: 'http://a/', steps: null, goal: 'Open the Pricing page', resumes: false }, 'http://a/'],
      [{ baseUrl: 'http://a/', steps: [goto, click], goal: '', resumes: false }, null],
      [{ baseUrl: 'http://a/', steps: [click], goal: '', resumes: false }, 'http://a/'],
      [
        { baseUrl: 'http://a/', steps: [click], goal: '', resumes: true, resumeUrl: 'http://a/account' },
        'http://a/account',
      ],
      [{ baseUrl: 'http://a/', steps: null, goal: 'Click A', resumes: true, resumeUrl: null }, 'http://a/'],
      [{ baseUrl: '', steps: null, goal: 'Click A', resumes: false }, null],
    ];
    for (const [input, expected] of rows) expect(startUrl(input), JSON.stringify(input)).to.equal(expected);
  });
});
