// The optional language model, asked only where the built-in agent gives up: a sentence it cannot
// parse, a target it cannot find, an expected result it cannot read. Real Chromium pages on
// 127.0.0.1, the real openai client, and a scripted OpenAI-compatible server that records every
// request: what was sent, that secrets were not, and that replays never ask again.
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BuiltinAgent } from '../../../backend/src/agent/builtin-agent.js';
import { NotUnderstood } from '../../../backend/src/agent/errors.js';
import type { TokenUsage } from '../../../backend/src/agent/language-model.js';
import { openAiModel } from '../../../backend/src/agent/llm/openai-model.js';
import { MAX_SNAPSHOT_CHARS } from '../../../backend/src/agent/llm/page-for-model.js';
import { performStep } from '../../../backend/src/agent/perform-step.js';
import { parseExpectedResult } from '../../../backend/src/domain/goal-language/parse-expected-result.js';
import { parseSentence } from '../../../backend/src/domain/goal-language/parse-sentence.js';
import type { ConfigValues, Step } from '../../../backend/src/domain/steps.js';
import { httpError, refusal, startFakeLlm, textAnswer, toolCall, type FakeLlm } from '../../helpers/fake-llm.js';
import { sharedBrowser } from '../../helpers/shared-browser.js';
import { html, startSite, type Site } from '../../helpers/site.js';

const SHOP = html(
  'Shop',
  `<h1>Blue mug</h1><p id="basket">Basket: empty</p>
  <button id="add">Add to basket</button>
  <script>add.onclick = () => { basket.textContent = 'Basket: 1 item'; };</script>`,
);

const CART = html(
  'Cart',
  `<h1>Your cart</h1>
  <button aria-label="Proceed to payment" id="go">→</button>
  <p id="state"></p>
  <script>go.onclick = () => { state.textContent = 'Payment details'; };</script>`,
);

const DONE = html('Thank you', `<h1>Thank you</h1><p>Order #1234 confirmed</p><p hidden>Payment failed</p>`);

const ACCOUNT = html(
  'Account',
  `<h1>Signed in as ada@example.com</h1>
  <label>API token <input id="token" value="correct-horse-battery"></label>
  <button id="rotate">Rotate token</button>
  <p id="msg"></p>
  <script>rotate.onclick = () => { msg.textContent = 'Token rotated'; };</script>`,
);

const UNPARSED = 'Get my order paid';
const UNPARSED_TOO = 'Make sure a blue mug ends up in the basket';
const UNREAD = 'The customer should feel confident their purchase went through';
const action = (
  a: Partial<Record<'action' | 'value' | 'key' | 'url' | 'text', string | null>> & { target?: unknown },
) => ({ action: 'click', target: null, value: null, key: null, url: null, text: null, ...a });
const button = (name: string) => ({ role: 'button', name, text: null });
const builtinError = (sentence: string) => {
  const parsed = parseSentence(sentence);
  return parsed.ok ? '' : parsed.error;
};

describe('built-in agent with a language model', function () {
  let browser: Browser;
  let site: Site;
  let llm: FakeLlm;
  let contexts: BrowserContext[] = [];
  let usage: TokenUsage[] = [];
  const configs: ConfigValues = { admin: { email: 'ada@example.com', password: 'correct-horse-battery' } };

  const agentWith = (options: { timeoutMs?: number; maxRetries?: number } = {}) =>
    new BuiltinAgent({
      findTimeoutMs: 800,
      expectTimeoutMs: 800,
      model: openAiModel({
        baseUrl: llm.baseUrl,
        apiKey: 'sk-test',
        model: 'scripted-model',
        timeoutMs: options.timeoutMs ?? 10_000,
        maxRetries: options.maxRetries ?? 2,
      }),
    });
  const context = (values: ConfigValues = configs) => ({
    baseUrl: site.url,
    configs: values,
    onModelUsage: (u: TokenUsage) => void usage.push(u),
  });

  before(async () => {
    browser = await sharedBrowser();
    site = await startSite({ '/shop': SHOP, '/cart': CART, '/done': DONE, '/account': ACCOUNT });
    llm = await startFakeLlm();
    // The premise of these tests: the built-in parser does not read these.
    for (const sentence of [UNPARSED, UNPARSED_TOO, "I'd like a fresh token please"])
      expect(parseSentence(sentence).ok, sentence).to.equal(false);
    expect(parseExpectedResult(UNREAD).ok, UNREAD).to.equal(false);
  });
  after(async () => {
    await site?.close();
    await llm?.close();
  });
  beforeEach(() => {
    llm.requests.length = 0;
    llm.script();
    usage = [];
  });
  afterEach(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    contexts = [];
  });

  async function pageAt(path: string): Promise<Page> {
    const ctx = await browser.newContext();
    contexts.push(ctx);
    const page = await ctx.newPage();
    await page.goto(site.url + path);
    return page;
  }

  describe('a sentence the parser does not understand', () => {
    it('is read by the model into a recorded step that replays without asking it again', async () => {
      llm.script(
        toolCall('record_actions', {
          understood: true,
          reason: 'add the mug to the basket',
          actions: [action({ target: button('Add to basket') })],
        }),
      );
      const page = await pageAt('/shop');
      const result = await agentWith().burnIn(page, UNPARSED_TOO, context());
      expect(result.error ?? '').to.equal('');
      expect(await page.locator('#basket').innerText()).to.equal('Basket: 1 item');
      const [step] = JSON.parse(JSON.stringify(result.steps)) as Step[];
      expect(step).to.deep.include({
        action: 'click',
        sentence: "Click 'Add to basket'",
        from: UNPARSED_TOO,
        interpretedBy: 'scripted-model',
      });
      if (step!.action !== 'click') throw new Error('not a click');
      expect(step!.target.locators[0]).to.deep.equal({
        kind: 'role',
        role: 'button',
        name: 'Add to basket',
        exact: true,
      });

      // What was asked: the sentence and the page's accessibility snapshot, with a forced tool call.
      expect(llm.requests).to.have.length(1);
      const { body, headers } = llm.requests[0]!;
      expect(headers.authorization).to.equal('Bearer sk-test');
      expect(body.model).to.equal('scripted-model');
      expect(body.tools![0]!.function.name).to.equal('record_actions');
      expect(body.tool_choice).to.deep.equal({ type: 'function', function: { name: 'record_actions' } });
      expect(body.messages[1]!.content)
        .to.include(`Sentence: ${UNPARSED_TOO}`)
        .and.include('button "Add to basket"')
        .and.include(`URL: ${site.url}/shop`);
      expect(usage).to.deep.equal([{ promptTokens: 1200, completionTokens: 40 }]);

      // Replay: the recorded step alone, on a fresh page; the model is not asked again.
      const again = await pageAt('/shop');
      await performStep(again, step!, context());
      expect(await again.locator('#basket').innerText()).to.equal('Basket: 1 item');
      expect(llm.requests).to.have.length(1);
    });

    it('reads several actions, and a JSON answer in the message text from servers without tools', async () => {
      const answer = {
        understood: true,
        reason: 'pay',
        actions: [action({ action: 'goto', url: '/cart' }), action({ target: button('Proceed to payment') })],
      };
      llm.script(textAnswer('```json\n' + JSON.stringify(answer) + '\n```'));
      const page = await pageAt('/shop');
      const result = await agentWith().burnIn(page, UNPARSED, context());
      expect(result.error ?? '').to.equal('');
      expect(result.steps.map((s) => [s.action, s.sentence, s.from, s.interpretedBy])).to.deep.equal([
        ['goto', 'Go to /cart', UNPARSED, 'scripted-model'],
        ['click', "Click 'Proceed to payment'", UNPARSED, 'scripted-model'],
      ]);
      expect(await page.locator('#state').innerText()).to.equal('Payment details');
    });

    it('reads a sentence whole when its unknown verb names no control on the page (not only a target)', async () => {
      const guessed = 'I want to pay for my order';
      expect(parseSentence(guessed), 'read as the control "Pay"').to.deep.include({ ok: true });
      llm.script(
        toolCall('record_actions', {
          understood: true,
          reason: 'pay',
          actions: [action({ action: 'goto', url: '/cart' }), action({ target: button('Proceed to payment') })],
        }),
      );
      const page = await pageAt('/shop');
      const result = await agentWith().burnIn(page, guessed, context());
      expect(result.error ?? '').to.equal('');
      expect(llm.requests.map((r) => r.body.tools![0]!.function.name)).to.deep.equal(['record_actions']);
      expect(result.steps.map((s) => [s.sentence, s.interpretedBy])).to.deep.equal([
        ['Go to /cart', 'scripted-model'],
        ["Click 'Proceed to payment'", 'scripted-model'],
      ]);
    });

    it('records nothing for an element the model names that is not on the page', async () => {
      llm.script(
        toolCall('record_actions', {
          understood: true,
          reason: 'pay',
          actions: [action({ target: button('Pay now') })],
        }),
      );
      const page = await pageAt('/cart');
      const result = await agentWith().burnIn(page, UNPARSED, context());
      expect(result.ok).to.equal(false);
      expect(result.steps).to.deep.equal([]);
      // The built-in agent's own message, then one line about the model.
      expect(result.error).to.equal(
        `${builtinError(UNPARSED)}\nThe language model (scripted-model) could not help: it read it as "Click 'Pay now'", but there is no visible button "Pay now" on ${site.url}/cart.`,
      );
      expect(await page.locator('#state').innerText()).to.equal('');
    });

    it('says so when the model did not understand it either', async () => {
      llm.script(
        toolCall('record_actions', {
          understood: false,
          reason: 'there is no order to pay for on this page',
          actions: [],
        }),
      );
      const result = await agentWith().burnIn(await pageAt('/shop'), UNPARSED, context());
      expect(result.error!.split('\n').at(-1)).to.equal(
        'The language model (scripted-model) could not help: it did not understand it either: there is no order to pay for on this page.',
      );
    });
  });

  describe('a target the built-in search does not find', () => {
    it('is named by the model, recorded with verified locators, and replayed without it', async () => {
      llm.script(
        toolCall('name_element', {
          found: true,
          reason: 'the arrow button proceeds to payment',
          target: button('Proceed to payment'),
        }),
      );
      const page = await pageAt('/cart');
      const result = await agentWith().burnIn(page, "Click 'Checkout'", context());
      expect(result.error ?? '').to.equal('');
      const [step] = result.steps;
      expect(step).to.deep.include({ action: 'click', sentence: "Click 'Checkout'", interpretedBy: 'scripted-model' });
      if (step!.action !== 'click') throw new Error('not a click');
      expect(step!.target.locators).to.deep.include({
        kind: 'role',
        role: 'button',
        name: 'Proceed to payment',
        exact: true,
      });
      expect(step!.target.locators).to.deep.include({ kind: 'css', selector: '#go' });
      expect(await page.locator('#state').innerText()).to.equal('Payment details');
      const asked = llm.requests[0]!.body.messages[1]!.content;
      expect(asked)
        .to.include("Sentence: Click 'Checkout'")
        .and.include(
          `Goalie's own search: found no button, link or other clickable element named "Checkout" on ${site.url}/cart`,
        );

      const again = await pageAt('/cart');
      await performStep(again, step!, context());
      expect(await again.locator('#state').innerText()).to.equal('Payment details');
      expect(llm.requests).to.have.length(1);
    });

    it('is not recorded when the model names an element that is not on the page', async () => {
      llm.script(toolCall('name_element', { found: true, reason: 'checkout', target: button('Checkout now') }));
      const page = await pageAt('/cart');
      const result = await agentWith().burnIn(page, "Click 'Checkout'", context());
      expect(result.ok).to.equal(false);
      expect(result.steps).to.deep.equal([]);
      expect(result.error).to.match(
        /^Could not do "Click 'Checkout'": found no button, link or other clickable element named "Checkout" on /,
      );
      expect(result.error!.split('\n').at(-1)).to.equal(
        `The language model (scripted-model) could not help: it named button "Checkout now", but there is no visible button "Checkout now" on ${site.url}/cart.`,
      );
      expect(await page.locator('#state').innerText()).to.equal('');
    });
  });

  it('healing asks the model when its own lenient search finds nothing, and judges its element by the heal rule', async () => {
    site.setPage(
      '/redesigned',
      html(
        'Cart',
        `<h1>Your cart</h1><button aria-label="Go on" id="next">→</button><p id="state"></p><script>next.onclick = () => { state.textContent = 'Payment details'; };</script>`,
      ),
    );
    const step: Step = {
      action: 'click',
      target: {
        locators: [{ kind: 'role', role: 'button', name: 'Proceed to payment', exact: true }],
        description: 'the "Proceed to payment" button',
      },
      sentence: "Click 'Proceed to payment'",
    };
    llm.script(toolCall('name_element', { found: true, reason: 'the only button, an arrow', target: button('Go on') }));
    const page = await pageAt('/redesigned');
    const healed = await agentWith().heal(page, step, context());
    // The model's element has another name: a heal never changes what a step does (issue 28), so it
    // is not clicked and the heal fails saying so.
    expect(healed)
      .to.have.property('error')
      .that.includes(
        'it named button "Go on", but the element ("Proceed to payment" button) is gone; the closest now is button "Go on" (another name)',
      );
    expect(await page.locator('#state').innerText()).to.equal('');
    expect(llm.requests.map((r) => r.body.tools![0]!.function.name)).to.deep.equal(['name_element']);
  });

  it('sends a bounded snapshot of a large page', async () => {
    site.setPage(
      '/big',
      html('Big', Array.from({ length: 1500 }, (_, i) => `<button>Product number ${i}</button>`).join('')),
    );
    llm.script(toolCall('record_actions', { understood: false, reason: 'no basket here', actions: [] }));
    await agentWith().burnIn(await pageAt('/big'), UNPARSED, context());
    const content = llm.requests[0]!.body.messages[1]!.content;
    expect(content.length).to.be.below(MAX_SNAPSHOT_CHARS + 500);
    expect(content).to.include('button "Product number 0"').and.not.include('button "Product number 1499"');
    expect(content).to.match(/# … \d+ more lines not shown/);
  });

  describe('an expected result the parser cannot read', () => {
    it('passes when the model judges it met and its checks hold on the page', async () => {
      llm.script(
        toolCall('judge_result', {
          passed: true,
          reason: 'The order confirmation is shown.',
          checks: [
            { kind: 'visible', text: 'Order #1234 confirmed' },
            { kind: 'urlContains', text: '/done' },
          ],
        }),
      );
      const evaluation = await agentWith().evaluate(await pageAt('/done'), UNREAD, context());
      expect(evaluation.passed).to.equal(true);
      expect(evaluation.title).to.equal(null);
      expect(evaluation.expectations).to.deep.equal([
        { kind: 'visible', text: 'Order #1234 confirmed' },
        { kind: 'urlContains', text: '/done' },
      ]);
      expect(evaluation.thought).to.include('scripted-model judged it').and.include('The order confirmation is shown.');
      expect(llm.requests[0]!.body.messages[1]!.content).to.include(`Expected result: ${UNREAD}`);
      expect(usage).to.have.length(1);
    });

    it('fails when the model judges it not met', async () => {
      llm.script(
        toolCall('judge_result', {
          passed: false,
          reason: 'There is no confirmation, only the cart.',
          checks: [{ kind: 'notVisible', text: 'confirmed' }],
        }),
      );
      const evaluation = await agentWith().evaluate(await pageAt('/cart'), UNREAD, context());
      expect(evaluation.passed).to.equal(false);
      expect(evaluation.title).to.equal('Not met, judged by scripted-model: There is no confirmation, only the cart.');
    });

    it('fails when the model says met but its check does not hold (no false pass)', async () => {
      llm.script(
        toolCall('judge_result', {
          passed: true,
          reason: 'Payment went through.',
          checks: [{ kind: 'visible', text: 'Payment failed' }],
        }),
      );
      const evaluation = await agentWith().evaluate(await pageAt('/done'), UNREAD, context());
      expect(evaluation.passed).to.equal(false);
      expect(evaluation.title).to.equal(
        `Expected "Payment failed" to be shown (a check of scripted-model's judgement)`,
      );
    });

    it('fails when the model says met but gives nothing to check', async () => {
      llm.script(toolCall('judge_result', { passed: true, reason: 'Looks fine.', checks: [] }));
      const evaluation = await agentWith().evaluate(await pageAt('/done'), UNREAD, context());
      expect(evaluation.passed).to.equal(false);
      expect(evaluation.title).to.equal(
        'scripted-model judged it met but gave nothing to check, so it does not count as a pass',
      );
    });
  });

  describe('failures fall back to the built-in message plus one line', () => {
    it('retries a 500 and uses the answer that follows', async () => {
      llm.script(
        httpError(500, 'overloaded', { 'retry-after-ms': '20' }),
        toolCall('record_actions', {
          understood: true,
          reason: 'add',
          actions: [action({ target: button('Add to basket') })],
        }),
      );
      const result = await agentWith().burnIn(await pageAt('/shop'), UNPARSED, context());
      expect(result.error ?? '').to.equal('');
      expect(llm.requests).to.have.length(2);
      expect(llm.requests[1]!.raw).to.equal(llm.requests[0]!.raw);
    });

    it('does not retry a 401, and says what the endpoint answered', async () => {
      llm.script(httpError(401, 'Incorrect API key provided'));
      const result = await agentWith().burnIn(await pageAt('/shop'), UNPARSED, context());
      expect(llm.requests).to.have.length(1);
      expect(result.error).to.equal(
        `${builtinError(UNPARSED)}\n` +
          `The language model (scripted-model) could not help: HTTP 401 from ${llm.baseUrl}: Incorrect API key provided.`,
      );
      expect(usage).to.deep.equal([]);
    });

    it('gives up after the timeout', async () => {
      llm.script({ hang: true });
      const result = await agentWith({ timeoutMs: 1000, maxRetries: 0 }).burnIn(
        await pageAt('/shop'),
        UNPARSED,
        context(),
      );
      expect(result.ok).to.equal(false);
      expect(result.error!.split('\n').at(-1)).to.equal(
        'The language model (scripted-model) could not help: no answer within 1 s.',
      );
    });

    it('rejects a malformed answer, a non-JSON answer and a refusal', async () => {
      llm.script(
        toolCall('record_actions', { understood: 'yes', actions: 'click it' }),
        toolCall('record_actions', 'click the button'),
        refusal('I cannot help with that.'),
      );
      const lines = [];
      for (let i = 0; i < 3; i++)
        lines.push((await agentWith().burnIn(await pageAt('/shop'), UNPARSED, context())).error!.split('\n').at(-1));
      expect(lines).to.deep.equal([
        'The language model (scripted-model) could not help: its answer does not fit the expected form (understood: Invalid input: expected boolean, received string).',
        'The language model (scripted-model) could not help: the answer is not JSON: click the button.',
        'The language model (scripted-model) could not help: the model refused: I cannot help with that..',
      ]);
      expect(await (await pageAt('/shop')).locator('#basket').innerText()).to.equal('Basket: empty');
    });

    it('an expected result it cannot judge is NotUnderstood with the reason', async () => {
      llm.script(httpError(400, 'model "scripted-model" not found'));
      const error = await agentWith()
        .evaluate(await pageAt('/done'), UNREAD, context())
        .then(
          () => null,
          (e: Error) => e,
        );
      expect(error).to.be.instanceOf(NotUnderstood);
      expect(error!.message.split('\n').at(-1)).to.equal(
        `The language model (scripted-model) could not help: HTTP 400 from ${llm.baseUrl}: model "scripted-model" not found.`,
      );
    });
  });

  it('never sends a config value: the page and the sentence carry placeholders', async () => {
    llm.script(
      toolCall('record_actions', {
        understood: true,
        reason: 'rotate',
        actions: [action({ target: button('Rotate token') })],
      }),
      toolCall('name_element', {
        found: true,
        reason: 'the token field',
        target: { role: 'textbox', name: 'API token', text: null },
      }),
      toolCall('judge_result', {
        passed: true,
        reason: 'rotated',
        checks: [
          { kind: 'visible', text: 'Token rotated' },
          { kind: 'visible', text: 'Signed in as {{config.email}}' },
        ],
      }),
    );
    const page = await pageAt('/account');
    const agent = agentWith();
    const result = await agent.burnIn(
      page,
      "I'd like a fresh token please. Fill 'Secret key' with '{{config.password}}'",
      context(),
    );
    expect(result.error ?? '').to.equal('');
    expect(result.steps.map((s) => s.interpretedBy)).to.deep.equal(['scripted-model', 'scripted-model']);
    expect(JSON.stringify(result.steps)).not.to.include('correct-horse-battery');
    const evaluation = await agent.evaluate(page, 'The token was renewed for the signed-in user', context());
    expect(evaluation.passed, evaluation.thought).to.equal(true);

    expect(llm.requests).to.have.length(3);
    for (const request of llm.requests) {
      expect(request.raw).not.to.include('correct-horse-battery');
      expect(request.raw).not.to.include('ada@example.com');
    }
    expect(llm.requests[0]!.body.messages[1]!.content)
      .to.include('Signed in as {{config.email}}')
      .and.include('{{config.password}}');
    expect(usage).to.have.length(3);
  });

  it('asks nothing when the built-in agent manages on its own', async () => {
    const page = await pageAt('/shop');
    const result = await agentWith().burnIn(page, "Click 'Add to basket'", context());
    expect(result.error ?? '').to.equal('');
    expect(result.steps[0]!.interpretedBy).to.equal(undefined);
    expect((await agentWith().evaluate(page, "'Basket: 1 item' is shown", context())).passed).to.equal(true);
    expect(llm.requests).to.have.length(0);
  });
});
