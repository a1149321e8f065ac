// `npm run bench`: JSON figures on stdout.
//  (a) a plan of 40 replayed test cases through the whole service (API -> queue -> worker ->
//      Chromium -> results) against the same steps in a plain Playwright script, same parallelism;
//      also against the same script keeping the same evidence (screenshots, trace), which shows
//      what the service itself adds;
//  (b) the median time from POST /v1/run to the first test case RUNNING;
//  (c) burn-in and replay time per test case;
//  (d) authoring: the share of the sentence corpus (test/unit/domain/goal-language/sentence-corpus.ts and the
//      lexicon's examples) understood as the plan a person means, and of its vague goals refused; the size of
//      the goal language (lexicon entries, regular expressions: test/bench/goal-language-size.ts); and the goal suite of
//      test/fixtures/apps (test/helpers/goal-suite.ts) through the service: burn-in success rate,
//      right verdicts, false passes, median burn-in and replay time per test case; with BENCH_SEALED=1,
//      the sealed goal set of test/sealed/apps (test/bench/sealed-suite.ts) as well;
//  (e) the API under load (test/bench/api-load.ts): requests/s and latency of reading a run;
//  (f) POST /v1/run of a plan of 10,000 test cases with dependencies (test/bench/big-plan.ts);
//  (g) a pull request webhook to the in-progress review comment at the fake GitHub (test/bench/webhook-comment.ts);
//  (h) the start of the `goalie` command for client commands (test/bench/cli-start.ts), first, on a quiet machine;
//  (i) masking the secrets in a 9 MB Playwright trace (test/bench/mask-evidence.ts).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser } from '../../backend/src/agent/browser.js';
import { startDemoSite } from '../../backend/src/demo/demo-site.js';
import type { Step } from '../../backend/src/domain/steps.js';
import { planGoal } from '../../backend/src/domain/goal-language/step-plan.js';
import { startWorker } from '../../backend/src/main.js';
import { measureGoalSuite } from '../helpers/goal-suite.js';
import { stopTestPostgres } from '../helpers/postgres.js';
import { startTestService } from '../helpers/service.js';
import { waitFor } from '../helpers/wait.js';
import { measureApiLoad } from './api-load.js';
import { benchProject } from './bench-project.js';
import { measureBigPlan } from './big-plan.js';
import { measureCliStart } from './cli-start.js';
import { measureMaskEvidence } from './mask-evidence.js';
import { measureMaskHostile } from './mask-hostile.js';
import { measureWebhookComment } from './webhook-comment.js';
import { measureSealedSuite, wrongCaseTable } from './sealed-suite.js';
import { withCpu, type TreeCpu } from './cpu.js';
import { runPlain } from './plain-playwright.js';
import { CORPUS, REFUSED } from '../unit/domain/goal-language/sentence-corpus.js';
import { LEXICON } from '../../backend/src/domain/goal-language/lexicon.js';
import { goalLanguageSize } from './goal-language-size.js';

const COUNT = Number(process.env.BENCH_TEST_CASES ?? 40);
const PARALLELISM = Number(process.env.BENCH_PARALLELISM ?? 4);
const LATENCY_SAMPLES = Number(process.env.BENCH_LATENCY_SAMPLES ?? 15);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** BENCH_GOAL_SUITE=off leaves out the goal suite (authoring figures), for replay measurements alone. */
const GOAL_SUITE = process.env.BENCH_GOAL_SUITE !== 'off';
/** BENCH_SEALED=1 adds the sealed goal set (test/sealed/README.md): minutes more, so opt-in. */
const SEALED = process.env.BENCH_SEALED === '1';
/** BENCH_API_LOAD=off leaves out the API load, big plan and webhook figures. */
const API_LOAD = process.env.BENCH_API_LOAD !== 'off';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const round = (n: number, digits = 0) => Number(n.toFixed(digits));
const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

/** How much of the corpus the goal language understands as meant, without a page. */
function corpusFigures() {
  const corpus = [...CORPUS, ...LEXICON.flatMap((entry) => entry.examples)];
  const asMeant = corpus.filter(({ goal, plan }) => {
    const parsed = planGoal(goal);
    return parsed.ok && JSON.stringify(parsed.steps) === JSON.stringify(plan);
  }).length;
  const refused = REFUSED.filter(({ goal }) => !planGoal(goal).ok).length;
  return {
    goals: corpus.length,
    understoodAsMeant: asMeant,
    share: round(asMeant / corpus.length, 3),
    vagueGoals: REFUSED.length,
    refused,
  };
}

async function main(): Promise<void> {
  log('the start of the goalie command for client commands');
  const cliStartMs = await measureCliStart();
  const site = await startDemoSite({ port: 0 });
  const service = await startTestService({
    GOALIE_CONCURRENCY: String(PARALLELISM),
    GOALIE_PROJECT_PARALLELISM: String(PARALLELISM),
    GOALIE_TRACE: process.env.GOALIE_TRACE ?? 'on',
    GOALIE_SCREENSHOTS: process.env.GOALIE_SCREENSHOTS ?? 'steps',
  });
  const evidenceDir = await fs.mkdtemp(path.join(os.tmpdir(), 'goalie-bench-evidence-'));
  const evidence = {
    dir: evidenceDir,
    trace: service.runtime.config.trace,
    stepScreenshots: service.runtime.config.stepScreenshots,
  };
  const q = (sql: string, params: unknown[] = []) => service.runtime.dataSource.query(sql, params);
  const worker = await startWorker(service.runtime);
  try {
    log(`burning in ${COUNT + 1} test cases`);
    await service.apply(benchProject(site.url, COUNT));
    await waitFor(
      'the burn-ins',
      async () => (await q(`SELECT count(*)::int n FROM test_cases WHERE generation_status = 'GENERATING'`))[0].n === 0,
      600_000,
      200,
    );
    const failed = await q(`SELECT name, generation_error FROM test_cases WHERE generation_status = 'FAILED'`);
    if (failed.length) throw new Error(`burn-in failed: ${JSON.stringify(failed)}`);
    const burnIns = (
      await q(`SELECT extract(epoch FROM generated_at - generation_started_at) * 1000 AS ms FROM test_cases`)
    ).map((r: { ms: string }) => Number(r.ms));

    const api = service.client(await service.token('bench'));
    const plans = Object.fromEntries(
      (await q(`SELECT name, short_id FROM test_plans`)).map((r: { name: string; short_id: string }) => [
        r.name,
        r.short_id,
      ]),
    );
    // The bench's own polling competes with the service for the two cores: a long run is polled
    // every 100 ms (at most 0.3 % of a 35 s run), a one-test-case run every 10 ms.
    const finished = (shortId: string, pollMs = 10) =>
      waitFor(
        `run ${shortId}`,
        async () =>
          (await q(`SELECT finished_at FROM runs WHERE short_id = $1 AND finished_at IS NOT NULL`, [shortId]))[0],
        600_000,
        pollMs,
      );

    log('latency: POST /v1/run to the first test case RUNNING');
    const latencies: number[] = [];
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      const before = Date.now();
      const { body } = await api.post('/v1/run', { testPlanShortId: plans.One });
      const started = await waitFor(
        'RUNNING',
        async () =>
          (
            await q(
              `SELECT rtc.started_at FROM run_test_cases rtc JOIN runs r ON r.id = rtc.run_id WHERE r.short_id = $1 AND rtc.started_at IS NOT NULL`,
              [body.run.shortId],
            )
          )[0],
        30_000,
        5,
      );
      latencies.push(new Date(started.started_at).getTime() - before);
      await finished(body.run.shortId);
    }

    const cases = await q(
      `SELECT t.expected_result, v.steps FROM test_cases t JOIN LATERAL (SELECT steps FROM test_case_step_versions WHERE test_case_id = t.id ORDER BY version DESC LIMIT 1) v ON true WHERE t.name LIKE 'Case %' ORDER BY t.name`,
    );
    const plainCases = cases.map((c: { expected_result: string; steps: Step[] }) => ({
      steps: c.steps,
      expectedText: /'([^']+)'/.exec(c.expected_result)![1]!,
    }));
    const browser = await launchBrowser({ chromiumPath: null, wsEndpoint: null });
    // One warm-up pass of a few cases, as the service's browser is warm too.
    await runPlain(browser, site.url, plainCases.slice(0, PARALLELISM), PARALLELISM);

    // Rounds alternate the two, so a slower moment of the machine hits both alike; medians are reported.
    const serviceRuns: number[] = [];
    const plainRuns: number[] = [];
    const plainWithEvidenceRuns: number[] = [];
    // CPU milliseconds of the whole process tree per phase (null without /proc).
    const cpu = {
      service: [] as (TreeCpu | null)[],
      plain: [] as (TreeCpu | null)[],
      plainWithEvidence: [] as (TreeCpu | null)[],
    };
    let result = '';
    let replays: { ms: string; healed: string }[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      log(
        `round ${round}/${ROUNDS}: plain Playwright, the same keeping evidence, then the service, ${COUNT} test cases ${PARALLELISM} at a time`,
      );
      const plain = await withCpu(() => runPlain(browser, site.url, plainCases, PARALLELISM));
      plainRuns.push(plain.value);
      cpu.plain.push(plain.cpu);
      const withEvidence = await withCpu(() => runPlain(browser, site.url, plainCases, PARALLELISM, evidence));
      plainWithEvidenceRuns.push(withEvidence.value);
      cpu.plainWithEvidence.push(withEvidence.cpu);
      const serviceStart = Date.now();
      const measured = await withCpu(async () => {
        const { body } = await api.post('/v1/run', { testPlanShortId: plans.All });
        await finished(body.run.shortId, 100);
        return body;
      });
      serviceRuns.push(Date.now() - serviceStart);
      cpu.service.push(measured.cpu);
      const body = measured.value;
      result = (await q(`SELECT result FROM runs WHERE short_id = $1`, [body.run.shortId]))[0].result;
      if (result !== 'PASSED') {
        // A run that did not pass replayed something else than the plain script: say what, so the figures are not taken as they are.
        const failed = await q(
          `SELECT rtc.name, coalesce(rtc.result, rtc.status) AS status, rtc.result_title, left(rtc.evaluation_thought, 400) AS thought FROM run_test_cases rtc JOIN runs r ON r.id = rtc.run_id WHERE r.short_id = $1 AND rtc.result IS DISTINCT FROM 'PASSED' ORDER BY rtc.name`,
          [body.run.shortId],
        );
        log(
          `round ${round}: the run ended ${result}: ${failed.map((f: { name: string; status: string; result_title: string | null; thought: string | null }) => `\n  ${f.name} ${f.status}: ${f.result_title}\n    ${f.thought?.replace(/\n/g, '\n    ')}`).join('')}`,
        );
      }
      replays = await q(
        `SELECT extract(epoch FROM rtc.finished_at - rtc.started_at) * 1000 AS ms, (SELECT count(*) FROM jsonb_array_elements(rtc.healed)) AS healed FROM run_test_cases rtc JOIN runs r ON r.id = rtc.run_id WHERE r.short_id = $1`,
        [body.run.shortId],
      );
    }
    await browser.close();
    let goalSuite: Awaited<ReturnType<typeof measureGoalSuite>>['figures'] | 'skipped' = 'skipped';
    if (GOAL_SUITE) {
      log('the goal suite: burn-ins and one run of plainly written goals on apps in many styles');
      goalSuite = (await measureGoalSuite(service)).figures;
    }
    let sealedSuite: Awaited<ReturnType<typeof measureSealedSuite>>['sealedSuite'] | 'skipped' = 'skipped';
    if (SEALED) {
      log('the sealed goal set: goals on apps the interpreter was never tuned on');
      const sealed = await measureSealedSuite(service);
      sealedSuite = sealed.sealedSuite;
      log(`the sealed goal set's wrong cases:\n${wrongCaseTable(sealed.outcomes)}`);
    }
    let apiLoad: Awaited<ReturnType<typeof measureApiLoad>> | 'skipped' = 'skipped';
    let bigPlan: Awaited<ReturnType<typeof measureBigPlan>> | 'skipped' = 'skipped';
    let webhookToInProgressComment: Awaited<ReturnType<typeof measureWebhookComment>> | 'skipped' = 'skipped';
    if (API_LOAD) {
      apiLoad = await measureApiLoad();
      bigPlan = await measureBigPlan();
      webhookToInProgressComment = await measureWebhookComment();
    }
    log('masking a big trace');
    const maskEvidence = await measureMaskEvidence();
    log('masking hostile evidence');
    const maskHostile = await measureMaskHostile();
    const serviceMs = median(serviceRuns);
    const plainMs = median(plainRuns);
    const plainWithEvidenceMs = median(plainWithEvidenceRuns);
    // CPU per test case, median of the rounds: what the ratio is on a quiet machine, where every
    // side is CPU-bound, and much less sensitive than wall time to other work on the machine.
    const perTestCase = (values: (number | undefined)[]) =>
      values.every((v) => v !== undefined) ? round(median(values) / COUNT) : null;
    const cpuPerTestCase = (values: (TreeCpu | null)[]) => perTestCase(values.map((v) => v?.total));
    const cpuFigures = {
      service: cpuPerTestCase(cpu.service),
      plainPlaywright: cpuPerTestCase(cpu.plain),
      plainWithEvidence: cpuPerTestCase(cpu.plainWithEvidence),
    };
    // Where each side's CPU goes: this Node process (the service, or the plain script's Playwright client), the browsers, PostgreSQL.
    const byKind = (values: (TreeCpu | null)[]) => ({
      node: perTestCase(values.map((v) => v?.byKind.node)),
      chromium: perTestCase(values.map((v) => v?.byKind.chromium)),
      postgres: perTestCase(values.map((v) => v?.byKind.postgres)),
    });

    process.stdout.write(
      JSON.stringify(
        {
          machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
          replayedPlan: {
            testCases: COUNT,
            parallelism: PARALLELISM,
            serviceMs: round(serviceMs),
            plainPlaywrightMs: round(plainMs),
            ratio: round(serviceMs / plainMs, 3),
            target: 1.25,
            rounds: serviceRuns.map((ms, i) => ({
              serviceMs: round(ms),
              plainPlaywrightMs: round(plainRuns[i]!),
              plainWithEvidenceMs: round(plainWithEvidenceRuns[i]!),
              ratio: round(ms / plainRuns[i]!, 3),
              cpuMs: {
                service: cpu.service[i]?.total ?? null,
                plainPlaywright: cpu.plain[i]?.total ?? null,
                plainWithEvidence: cpu.plainWithEvidence[i]?.total ?? null,
              },
            })),
            evidence: { trace: evidence.trace, screenshots: evidence.stepScreenshots ? 'steps' : 'end' },
            // The same script keeping the same evidence: what the service adds beyond the evidence.
            plainWithEvidenceMs: round(plainWithEvidenceMs),
            ratioToPlainWithEvidence: round(serviceMs / plainWithEvidenceMs, 3),
            // CPU of the whole process tree (service, browsers, PostgreSQL) per test case.
            cpuMsPerTestCase: cpuFigures,
            cpuMsPerTestCaseByProcess: {
              service: byKind(cpu.service),
              plainPlaywright: byKind(cpu.plain),
              plainWithEvidence: byKind(cpu.plainWithEvidence),
            },
            cpuRatio:
              cpuFigures.service && cpuFigures.plainPlaywright
                ? round(cpuFigures.service / cpuFigures.plainPlaywright, 3)
                : null,
            cpuRatioToPlainWithEvidence:
              cpuFigures.service && cpuFigures.plainWithEvidence
                ? round(cpuFigures.service / cpuFigures.plainWithEvidence, 3)
                : null,
            result,
            healedSteps: replays.reduce((n, r) => n + Number(r.healed), 0),
          },
          postToFirstRunningMs: {
            median: round(median(latencies)),
            min: Math.min(...latencies),
            max: Math.max(...latencies),
            samples: latencies.length,
            target: 300,
          },
          perTestCaseMs: {
            burnInMedian: round(median(burnIns)),
            replayMedian: round(median(replays.map((r) => Number(r.ms)))),
          },
          authoring: { sentenceCorpus: corpusFigures(), goalLanguage: goalLanguageSize(), goalSuite, sealedSuite },
          apiLoad,
          bigPlan,
          webhookToInProgressComment,
          maskEvidence,
          maskHostile,
          cliStartMs,
        },
        null,
        2,
      ) + '\n',
    );
  } finally {
    await worker.stop();
    await service.close();
    await site.close();
    await stopTestPostgres();
    await fs.rm(evidenceDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${error?.stack ?? error}\n`);
  process.exit(1);
});
