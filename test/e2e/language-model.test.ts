// The optional language model through the whole service: GOALIE_LLM_* pointing at a scripted
// OpenAI-compatible server, a burn-in that needs the model for a sentence, a run that replays the
// step without it and has the model judge the expected result; token counts stored and shown. And
// without the variables: nothing is asked, not even by the openai client's own OPENAI_* variables.
import { expect } from 'chai';
import { startWorker, type RunningWorker } from '../../backend/src/main.js';
import { startFakeLlm, toolCall, type FakeLlm } from '../helpers/fake-llm.js';
import { startTestService, type ApiClient, type TestService } from '../helpers/service.js';
import { html, startSite, type Site } from '../helpers/site.js';
import { waitFor } from '../helpers/wait.js';
import { adminFetch } from '../helpers/dashboard.js';

const CART = html(
  'Cart',
  `<h1>Your cart</h1><button aria-label="Proceed to payment" id="go">→</button><script>go.onclick = () => { location.href = '/done'; };</script>`,
);
const DONE = html('Thank you', `<h1>Thank you</h1><p>Order #1234 confirmed</p>`);
type Row = Record<string, unknown>;
const GOAL = 'I want to pay for my order';
const EXPECTED = 'The customer should feel confident their purchase went through';

const project = (siteUrl: string) => `
organization: { name: LLM }
project: { name: llm }
applications:
  - name: Shop
    environments: [{ name: local, url: "${siteUrl}/cart", default: true }]
testCases:
  - name: Pay
    application: Shop
    goal: ${GOAL}
    expectedResult: ${EXPECTED}
    enabled: true
testPlans:
  - name: Checkout
    default: true
    testCases: [Pay]
`;

describe('a language model through the service', function () {
  this.timeout(120_000);
  let site: Site;
  let llm: FakeLlm;

  before(async () => {
    site = await startSite({ '/cart': CART, '/done': DONE });
    llm = await startFakeLlm();
  });
  after(async () => {
    await site?.close();
    await llm?.close();
  });

  async function start(env: Record<string, string>) {
    const service = await startTestService(env);
    await service.apply(project(site.url));
    const api = service.client(await service.token('llm'));
    const worker = await startWorker(service.runtime);
    const q = (sql: string, params: unknown[] = []): Promise<Row[]> => service.runtime.dataSource.query(sql, params);
    await waitFor(
      'the burn-in',
      async () =>
        (await q(`SELECT count(*)::int n FROM test_cases WHERE generation_status = 'GENERATING'`))[0]!.n === 0,
      60_000,
      100,
    );
    return { service, api, worker, q };
  }

  async function finished(api: ApiClient, shortId: string) {
    return waitFor(
      `run ${shortId} to end`,
      async () => {
        const res = await api.get(`/v1/run/${shortId}?testCases=all`);
        return ['COMPLETED', 'ERROR', 'CANCELLED'].includes(res.body.status) ? res.body : null;
      },
      60_000,
      100,
    );
  }

  describe('with GOALIE_LLM_* set', () => {
    let service: TestService;
    let worker: RunningWorker;
    let api: ApiClient;
    let q: (sql: string, params?: unknown[]) => Promise<Row[]>;

    before(async () => {
      llm.requests.length = 0;
      const pay = {
        action: 'click',
        target: { role: 'button', name: 'Proceed to payment', text: null },
        value: null,
        key: null,
        url: null,
        text: null,
      };
      llm.script(
        toolCall(
          'record_actions',
          { understood: true, reason: 'go to payment', actions: [pay] },
          { prompt_tokens: 900, completion_tokens: 60, total_tokens: 960 },
        ),
      );
      ({ service, worker, api, q } = await start({
        GOALIE_LLM_BASE_URL: llm.baseUrl,
        GOALIE_LLM_API_KEY: 'sk-test',
        GOALIE_LLM_MODEL: 'scripted-model',
      }));
    });
    after(async () => {
      await worker?.stop();
      await service?.close();
    });

    it('burns in a sentence only the model understood, and shows its provenance and tokens', async () => {
      const [testCase] = await q(
        `SELECT id, generation_status, generation_error, burn_in_prompt_tokens, burn_in_completion_tokens FROM test_cases`,
      );
      expect(testCase, String(testCase!.generation_error)).to.include({
        generation_status: 'COMPLETED',
        burn_in_prompt_tokens: 900,
        burn_in_completion_tokens: 60,
      });
      expect(llm.requests.map((r) => r.body.tools![0]!.function.name)).to.deep.equal(['record_actions']);
      const { steps } = (
        await q(`SELECT steps FROM test_case_step_versions WHERE test_case_id = $1`, [testCase!.id])
      )[0]!;
      expect((steps as Row[])[0]).to.include({
        action: 'click',
        sentence: "Click 'Proceed to payment'",
        from: GOAL,
        interpretedBy: 'scripted-model',
      });

      const pageHtml = await (await adminFetch(service, `/test-cases/${String(testCase!.id)}`)).text();
      expect(pageHtml)
        .to.include('the burn-in used 960 tokens (900 prompt + 60 completion)')
        .and.include('read by scripted-model');
    });

    it('replays the step without the model, has it judge the expected result, and stores the tokens', async () => {
      llm.script(
        toolCall('judge_result', {
          passed: true,
          reason: 'The order is confirmed.',
          checks: [{ kind: 'visible', text: 'Order #1234 confirmed' }],
        }),
      );
      const before = llm.requests.length;
      const run = (await api.post('/v1/run', {})).body.run;
      const view = await finished(api, run.shortId);
      const [pay] = view.runTestCases;
      expect(pay, pay.evaluationThought).to.include({ status: 'COMPLETED', result: 'PASSED' });
      expect(pay.promptExamples).to.equal(
        `1. Click 'Proceed to payment'  (from "${GOAL}")  [interpreted by scripted-model]`,
      );
      expect(pay.evaluationThought).to.include('scripted-model judged it').and.include('Order #1234 confirmed');
      // Only the judgement was asked: the replay did not ask for the sentence again.
      expect(llm.requests.slice(before).map((r) => r.body.tools![0]!.function.name)).to.deep.equal(['judge_result']);

      const [row] = await q(`SELECT model_prompt_tokens, model_completion_tokens FROM run_test_cases WHERE id = $1`, [
        pay.id,
      ]);
      expect(row).to.deep.equal({ model_prompt_tokens: 1200, model_completion_tokens: 40 });
      const pageHtml = await (await adminFetch(service, `/runs/${run.shortId}`)).text();
      expect(pageHtml).to.include('<dt>Language model</dt><dd>1,240 tokens (1,200 prompt + 40 completion)</dd>');
      expect(pageHtml).to.include('[interpreted by scripted-model]');
    });
  });

  describe('without GOALIE_LLM_*', () => {
    const saved = { base: process.env.OPENAI_BASE_URL, key: process.env.OPENAI_API_KEY };
    let service: TestService;
    let worker: RunningWorker;
    let q: (sql: string, params?: unknown[]) => Promise<Row[]>;

    before(async () => {
      llm.requests.length = 0;
      // The openai client reads these by itself: they must not make Goalie ask anything.
      process.env.OPENAI_BASE_URL = llm.baseUrl;
      process.env.OPENAI_API_KEY = 'sk-from-env';
      ({ service, worker, q } = await start({}));
    });
    after(async () => {
      await worker?.stop();
      await service?.close();
      for (const [name, value] of [
        ['OPENAI_BASE_URL', saved.base],
        ['OPENAI_API_KEY', saved.key],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    });

    it('the burn-in fails with the built-in message, no request is made and no tokens are stored', async () => {
      const [testCase] = await q(`SELECT generation_status, generation_error, burn_in_prompt_tokens FROM test_cases`);
      expect(testCase).to.include({ generation_status: 'FAILED', burn_in_prompt_tokens: null });
      expect(testCase!.generation_error).to.include(`Could not understand "${GOAL}"`).and.not.include('language model');
      expect(llm.requests).to.have.length(0);
    });
  });
});
