// The TestExecutor: one test case in a fresh browser context with its device preset (and its
// Resume From state), opened at its start page (start-page.ts): replay recorded steps, heal a step whose target is gone, or interpret the goal
// when there are no steps yet; then judge the expected result. Evidence: a screenshot after each
// step (unless turned off) and at the end, the Playwright trace, console errors and failed requests.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { EvidenceItem, EvidenceStore } from '../app/ports/evidence.js';
import type {
  ExecutionOutcome,
  ExecutionRequest,
  HealedStep,
  TestExecutor,
  TokenUsage,
} from '../app/ports/test-executor.js';
import { maskDeep, type SecretValue } from '../domain/mask-secrets.js';
import type { Step } from '../domain/steps.js';
import type { Agent, AgentContext } from './agent.js';
import { captureJpeg } from './capture-jpeg.js';
import { containConnectionErrors } from './contain-connection-errors.js';
import { captureState, launchBrowser, newContext, type BrowserOptions, type BrowserState } from './browser.js';
import { formatStepPlan } from '../domain/goal-language/step-plan.js';
import { describeTarget } from './describe-step.js';
import { NetworkGuard, PERMISSIVE_DEFAULTS, type BrowserNetworkOptions } from './network-guard.js';
import { startUrl } from './start-page.js';
import type { StepPlayer } from './step-player.js';
import { addFilmstrip, type FilmstripFrame } from './trace-filmstrip.js';
import { traceGroups, ungrouped } from './trace-groups.js';
import { settleWithin } from '../settle-within.js';

export interface ExecutorOptions extends BrowserOptions {
  /** Record a Playwright trace of every execution. */
  trace: boolean;
  /** A screenshot after every step; otherwise only at the end (each costs about 15 ms of CPU). */
  stepScreenshots: boolean;
  /** What the browser may reach (docs/security.md); absent: loopback and private allowed, the rest never. */
  network?: BrowserNetworkOptions;
  /** Told of a Playwright error that no call could receive (contain-connection-errors.ts). */
  onBrowserError?: (error: Error) => void;
  /** Told when a browser is launched (or connected), and when one went away without being closed (a crash, a remote browser gone). */
  browserEvents?: { launched(): void; lost(): void };
}

/** The browser as readiness sees it, without launching one (browser-readiness.ts). */
export type BrowserStatus =
  { state: 'none' | 'launching' | 'connected' } | { state: 'failed'; error: string; at: number };

/** How long a cancelled execution waits for its Playwright call in flight before closing the context anyway. */
const SETTLE_BEFORE_CLOSE_MS = 5_000;
/**
 * How long closing the executor waits for evidence still being written, and then for the browser:
 * a Playwright call has no timeout of its own, and a browser that stops answering (a remote one
 * gone quiet, a Chromium stuck on a loaded machine) must not keep a stopping worker alive.
 */
const CLOSE_WAIT_MS = 10_000;

class Cancelled extends Error {}

/** Network-level failures: the site could not be reached, so there is no verdict (ERROR), not a FAIL. */
const UNREACHABLE =
  /net::ERR_(CONNECTION_REFUSED|NAME_NOT_RESOLVED|CONNECTION_RESET|ADDRESS_UNREACHABLE|INTERNET_DISCONNECTED|CONNECTION_TIMED_OUT)/;

/** Errors of playwright-core's own bookkeeping (contain-connection-errors.ts): no verdict either. */
const PLAYWRIGHT_INTERNAL =
  /was not bound in the connection|Cannot find parent object|Cannot find object to|Cannot find command to respond/;

interface Evidence {
  items: EvidenceItem[];
  writes: Promise<void>[];
  console: string[];
  network: string[];
  /** The screenshots again, for the trace's filmstrip (only while tracing). */
  frames: FilmstripFrame[];
}

export class PlaywrightExecutor implements TestExecutor {
  private browser: Promise<Browser> | null = null;
  private status: BrowserStatus = { state: 'none' };
  private closing = false;
  private readonly finishing = new Set<Promise<void>>();

  constructor(
    private readonly agent: Agent,
    private readonly player: StepPlayer,
    private readonly evidence: EvidenceStore,
    private readonly options: ExecutorOptions,
  ) {}

  /** One browser per process, launched on first use and again if it went away (shared with exploration). */
  async getBrowser(): Promise<Browser> {
    if (this.browser) {
      const browser = await this.browser.catch(() => null);
      if (browser?.isConnected()) return browser;
    }
    this.status = { state: 'launching' };
    this.browser = launchBrowser(this.options).then(
      (browser) => {
        containConnectionErrors(browser, (error) => this.options.onBrowserError?.(error));
        this.status = { state: 'connected' };
        this.options.browserEvents?.launched();
        browser.on('disconnected', () => {
          this.status = { state: 'none' };
          if (!this.closing) this.options.browserEvents?.lost();
        });
        return browser;
      },
      (error: Error) => {
        this.status = { state: 'failed', error: error.message, at: Date.now() };
        throw error;
      },
    );
    return this.browser;
  }

  /** Where the browser stands, without launching one. */
  browserStatus(): BrowserStatus {
    return this.status;
  }

  async close(): Promise<void> {
    this.closing = true;
    await settleWithin(Promise.allSettled([...this.finishing]), CLOSE_WAIT_MS, () => undefined);
    const pending = this.browser?.catch(() => null) ?? Promise.resolve(null);
    this.browser = null;
    // A launch still under way is closed whenever it ends.
    const browser = await settleWithin(pending, CLOSE_WAIT_MS, () => {
      void pending.then((late) => late?.close()).catch(() => {});
      return null;
    });
    if (browser)
      await settleWithin(
        browser.close().catch(() => {}),
        CLOSE_WAIT_MS,
        () => undefined,
      );
    this.closing = false;
  }

  async execute(request: ExecutionRequest): Promise<ExecutionOutcome> {
    const browser = await this.getBrowser();
    const state = request.resumeState ? (JSON.parse(request.resumeState) as BrowserState) : undefined;
    // A remote browser cannot reach the guard's proxy on this machine: it is guarded by hooks instead.
    const network = this.options.network ?? PERMISSIVE_DEFAULTS;
    const guard = new NetworkGuard(
      { ...network, mechanism: network.mechanism ?? (this.options.wsEndpoint ? 'hooks' : 'proxy') },
      request.network,
    );
    const context = await guard
      .contextOptions()
      .then((options) => newContext(browser, request.devicePreset, state, options))
      .catch(async (error: unknown) => {
        await guard.close();
        throw error;
      });
    const evidence: Evidence = { items: [], writes: [], console: [], network: [], frames: [] };
    // A cancel does not close the context under a Playwright call in flight: an answer that arrives
    // while its context is disposed throws inside playwright-core, outside any promise (issue 13).
    // The execution ends CANCELLED at once and leaves its call behind; run() stops at its next
    // check, and the context is closed once that call settled (finish(), bounded). A cancel during
    // the set-up is seen by run()'s first check.
    let settingUp = true;
    let abandon: (outcome: ExecutionOutcome) => void = () => {};
    const abandoned = new Promise<ExecutionOutcome>((resolve) => (abandon = resolve));
    const onAbort = () => {
      if (!settingUp) abandon(cancelledOutcome(request, evidence));
    };
    request.signal?.addEventListener('abort', onAbort);
    let outcome: ExecutionOutcome;
    let work: Promise<unknown>;
    try {
      await guard.protect(context);
      // DOM snapshots make the trace browsable. Playwright's screencast is left out (it nearly doubled
      // a replay's time): our own screenshots become the trace's filmstrip (trace-filmstrip.ts).
      if (this.options.trace) await context.tracing.start({ screenshots: false, snapshots: true });
      const page = await context.newPage();
      await guard.ready(page);
      watch(page, evidence, guard);
      settingUp = false;
      const running = this.run(page, context, request, evidence, guard);
      work = running.catch(() => {});
      if (request.signal?.aborted) onAbort();
      outcome = refused(await Promise.race([running, abandoned]), guard);
    } catch (error) {
      // The set-up failed (run() never throws): nothing is in flight, and nobody else closes the context.
      await context.close().catch(() => {});
      await guard.close();
      throw error;
    } finally {
      request.signal?.removeEventListener('abort', onAbort);
    }
    // The verdict is known: saving the trace and closing the context go on while the worker takes
    // its next test case. The evidence list is complete before this returns; only the bytes follow.
    const settled = settleWithin(work, SETTLE_BEFORE_CLOSE_MS, () => undefined);
    const finishing = this.finish(context, request, evidence, settled)
      .catch(() => {})
      .finally(() => guard.close());
    this.finishing.add(finishing);
    void finishing.finally(() => this.finishing.delete(finishing));
    return maskOutcome(outcome, request.secrets);
  }

  private screenshot(page: Page, request: ExecutionRequest, evidence: Evidence, label: string): Promise<void> {
    const key = `${request.evidencePrefix}/screenshot-${label}.jpg`;
    const wallTime = Date.now();
    return captureJpeg(page)
      .then((data) => {
        if (this.options.trace) evidence.frames.push({ data, wallTime });
        evidence.items.push({ kind: 'screenshot', key, label, contentType: 'image/jpeg' });
        evidence.writes.push(this.evidence.put(key, data, 'image/jpeg', request.secrets));
      })
      .catch(() => {
        // A page that cannot be captured (closed, crashed) must not change the verdict.
      });
  }

  private async run(
    page: Page,
    context: BrowserContext,
    request: ExecutionRequest,
    evidence: Evidence,
    guard: NetworkGuard,
  ): Promise<ExecutionOutcome> {
    let stepIndex = 0;
    // Language-model tokens of this execution (burn-in, healing, judging), stored with its result.
    const tokens = { promptTokens: 0, completionTokens: 0 };
    const onModelUsage = (usage: TokenUsage) => {
      tokens.promptTokens += usage.promptTokens;
      tokens.completionTokens += usage.completionTokens;
    };
    const group = this.options.trace ? traceGroups(context) : ungrouped;
    const agentContext: AgentContext = {
      baseUrl: request.baseUrl,
      configs: request.configs,
      configOrigins: request.configOrigins,
      secrets: request.secrets,
      onModelUsage,
      group,
      onStep: async (step) => {
        stepIndex += 1;
        const label = String(stepIndex).padStart(2, '0');
        if (this.options.stepScreenshots || request.stepScreenshots)
          await this.screenshot(page, request, evidence, label);
        if (!request.onProgress) return;
        // Whoever is told of the step shows its screenshot at once: stored first.
        await Promise.allSettled(evidence.writes);
        const shot = evidence.items.find((item) => item.kind === 'screenshot' && item.label === label);
        await request.onProgress({ kind: 'step', index: stepIndex - 1, step, screenshot: shot?.key ?? null });
      },
    };
    const base = { healed: [] as HealedStep[], browserState: null, evidence: evidence.items, errorMessage: null };
    const verdict = (
      v: ExecutionOutcome['verdict'],
      steps: Step[],
      stepsChanged: boolean,
      resultTitle: string | null,
      thought: string,
      extra: Partial<ExecutionOutcome> = {},
    ): ExecutionOutcome => ({
      ...base,
      verdict: v,
      steps,
      stepsChanged,
      resultTitle,
      evaluationThought: thought,
      stepPlan: stepPlan(steps),
      modelTokens: tokens.promptTokens || tokens.completionTokens ? { ...tokens } : null,
      ...extra,
    });
    const check = () => {
      if (request.signal?.aborted) throw new Cancelled();
    };

    try {
      check();
      const open = async (url: string | null) => {
        if (!url) return;
        const sentence = `Open the start page ${url}`;
        await group(sentence, () => this.player.perform(page, { action: 'goto', url, sentence }, agentContext));
      };
      // A burn-in of a test case that resumes from others first reaches their end state: the first
      // of them starts at the environment's URL, each of the others where the one before ended.
      const preludes = request.preludes ?? [];
      for (const [i, prelude] of preludes.entries()) {
        check();
        const preludeContext: AgentContext = {
          baseUrl: request.baseUrl,
          configs: prelude.configs,
          configOrigins: request.configOrigins,
          secrets: request.secrets,
          onModelUsage,
          group,
        };
        if (i === 0)
          await open(startUrl({ baseUrl: request.baseUrl, steps: prelude.steps, goal: prelude.goal, resumes: false }));
        const reached = await group(`Reach the state of "${prelude.name}"`, async () => {
          if (prelude.steps) {
            for (const step of prelude.steps)
              await group(step.sentence, () => this.player.perform(page, step, preludeContext));
            return { ok: true };
          }
          return this.agent.burnIn(page, prelude.goal, preludeContext);
        });
        if (!reached.ok)
          return verdict(
            'FAILED',
            [],
            false,
            `Could not reach the state of "${prelude.name}", which this test case resumes from`,
            ('error' in reached ? reached.error : undefined) ?? '',
          );
      }

      if (!preludes.length) {
        const resumeUrl = request.resumeState ? (JSON.parse(request.resumeState) as BrowserState).url : null;
        await open(
          startUrl({
            baseUrl: request.baseUrl,
            steps: request.steps,
            goal: request.goal,
            resumes: Boolean(request.resumeState),
            resumeUrl,
          }),
        );
      }
      check();

      let steps: Step[];
      let stepsChanged = false;
      const healed: HealedStep[] = [];
      if (request.steps) {
        steps = [...request.steps];
        for (let i = 0; i < steps.length; i++) {
          check();
          const step = steps[i]!;
          // The step's actions, its healing and its screenshot are one group of the trace.
          const failure = await group(step.sentence, async () => {
            try {
              await this.player.perform(page, step, agentContext);
            } catch (error) {
              if (!this.player.isTargetNotFound(error)) throw Object.assign(error as Error, { stepIndex: i });
              const healing = await this.agent.heal(page, step, agentContext);
              if ('error' in healing) {
                const replayed = `Replaying step ${i + 1} ("${step.sentence}"): ${(error as Error).message}`;
                // The closest element would do something else: fail, and save nothing (issue 28).
                if (healing.gone)
                  return verdict(
                    'FAILED',
                    steps,
                    false,
                    `The element of step ${i + 1} (${healing.gone.element}) is gone`,
                    `${replayed}\nThe element of step ${i + 1} (${healing.gone.element}) is gone; the closest now is ${healing.gone.closest}. A heal must keep the step's role, its row or card and a name close to the old one, so nothing was healed or saved. If the page changed on purpose, record the test case again (burn-in).`,
                    { healed },
                  );
                return verdict(
                  'FAILED',
                  steps,
                  false,
                  `Step ${i + 1} failed: ${step.sentence}`,
                  `${replayed}\nHealing it did not work either: ${healing.error}`,
                  { healed },
                );
              }
              healed.push({
                index: i,
                sentence: step.sentence,
                before: describeTarget('target' in step ? step.target : undefined),
                after: describeTarget('target' in healing.step ? healing.step.target : undefined),
                change: healing.change.roleChanged ? 'role' : healing.change.name,
              });
              steps[i] = healing.step;
              stepsChanged = true;
              // heal performed the step; its screenshot follows below like any other step's.
            }
            await agentContext.onStep!(steps[i]!, i);
            return null;
          });
          if (failure) return failure;
        }
      } else {
        const result = await this.agent.burnIn(page, request.goal, agentContext, request.expectedResult ?? undefined);
        steps = result.steps;
        stepsChanged = true;
        if (!result.ok) {
          return verdict(
            'FAILED',
            steps,
            false,
            firstLine(result.error) ?? 'The goal could not be carried out',
            result.error ?? '',
          );
        }
      }
      check();

      let outcome: ExecutionOutcome;
      if (request.expectedResult && request.expectedResult.trim()) {
        await request.onProgress?.({ kind: 'checking' });
        const evaluation = await group(`Expected result: ${request.expectedResult}`, () =>
          this.agent.evaluate(page, request.expectedResult!, agentContext),
        );
        outcome = verdict(
          evaluation.passed ? 'PASSED' : 'FAILED',
          steps,
          stepsChanged,
          evaluation.passed ? null : evaluation.title,
          evaluation.thought,
          { healed },
        );
      } else {
        // Nothing else tells whether a renamed or re-roled element still does what the step did.
        const unsure = healed.filter((h) => h.change === 'role' || h.change === 'reworded');
        outcome = unsure.length
          ? verdict(
              'FAILED',
              steps,
              false,
              `Step ${unsure[0]!.index + 1} was healed to another ${unsure[0]!.change === 'role' ? 'kind of element' : 'name'}, and there is no expected result to check`,
              `All ${steps.length} steps were performed, but ${unsure.map((h) => `step ${h.index + 1} ("${h.sentence}") was healed from ${h.before} to ${h.after}${h.change === 'role' ? ' (another role)' : ' (another wording, not a typo)'}`).join('; ')}. Without an expected result nothing shows that it still does what it did, so this is not a pass and the heal was not saved. Add an expected result, or record the test case again (burn-in).`,
              { healed },
            )
          : verdict(
              'PASSED',
              steps,
              stepsChanged,
              null,
              `All ${steps.length} steps were performed. There is no expected result to check.`,
              { healed },
            );
      }
      if (healed.length) {
        outcome.evaluationThought += `\n\nHealed ${healed.length} step${healed.length === 1 ? '' : 's'}: ${healed.map((h) => `step ${h.index + 1} ("${h.sentence}") now uses ${h.after}`).join('; ')}.`;
      }
      await this.screenshot(page, request, evidence, 'final');
      if (request.keepState && outcome.verdict === 'PASSED')
        outcome.browserState = JSON.stringify(await captureState(context));
      return outcome;
    } catch (error) {
      if (error instanceof Cancelled || request.signal?.aborted) {
        return verdict(
          'CANCELLED',
          request.steps ?? [],
          false,
          'Cancelled',
          'The run was cancelled while this test case was running.',
        );
      }
      // A site the guard's proxy could not reach reads as the browser's own network error.
      const message = guard.explain((error as Error).message ?? String(error));
      await this.screenshot(page, request, evidence, 'final');
      if (PLAYWRIGHT_INTERNAL.test(message)) {
        return verdict(
          'ERROR',
          request.steps ?? [],
          false,
          'Goalie could not execute this test case',
          `The browser automation failed internally: ${firstLine(message)}`,
          { errorMessage: message },
        );
      }
      if (UNREACHABLE.test(message)) {
        return verdict(
          'ERROR',
          request.steps ?? [],
          false,
          `Could not reach ${request.baseUrl}`,
          `The browser could not load the page: ${firstLine(message)}. Is the environment up and reachable from the Goalie workers?`,
          { errorMessage: message },
        );
      }
      const index = (error as { stepIndex?: number }).stepIndex;
      const step = index !== undefined ? request.steps?.[index] : undefined;
      return verdict(
        'FAILED',
        request.steps ?? [],
        false,
        step ? `Step ${index! + 1} failed: ${step.sentence}` : (firstLine(message) ?? 'Failed'),
        step ? `Replaying step ${index! + 1} ("${step.sentence}"): ${message}` : message,
      );
    }
  }

  /** Lists the remaining evidence at once (synchronously), then, once `settled`, writes it and closes the context. */
  private finish(
    context: BrowserContext,
    request: ExecutionRequest,
    evidence: Evidence,
    settled: Promise<unknown>,
  ): Promise<void> {
    const traceKey = `${request.evidencePrefix}/trace.zip`;
    if (this.options.trace)
      evidence.items.push({ kind: 'trace', key: traceKey, label: 'trace', contentType: 'application/zip' });
    for (const [kind, lines] of [
      ['console', evidence.console],
      ['network', evidence.network],
    ] as const) {
      if (!lines.length) continue;
      const key = `${request.evidencePrefix}/${kind}.txt`;
      evidence.items.push({
        kind,
        key,
        label: kind === 'console' ? 'console errors' : 'failed requests',
        contentType: 'text/plain',
      });
      evidence.writes.push(
        this.evidence.put(key, lines.join('\n') + '\n', 'text/plain; charset=utf-8', request.secrets),
      );
    }
    return (async () => {
      await settled;
      if (this.options.trace) {
        // Until the store has masked it, the trace holds secret values: it waits in a directory
        // only this user can read (mkdtemp makes it 0700).
        const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'goalie-trace-')).catch(() => null);
        try {
          if (!dir) throw new Error('No temporary directory for the trace');
          const file = path.join(dir, 'trace.zip');
          await context.tracing.stop({ path: file });
          evidence.writes.push(
            fs
              .readFile(file)
              // A filmstrip that cannot be added leaves the trace as Playwright wrote it.
              .then((data) => addFilmstrip(data, evidence.frames).catch(() => data))
              .then((data) => this.evidence.put(traceKey, data, 'application/zip', request.secrets))
              .finally(() => fs.rm(dir, { recursive: true, force: true })),
          );
        } catch {
          // The context was closed (cancelled), or there is nowhere to write: no trace.
          if (dir) await fs.rm(dir, { recursive: true, force: true });
        }
      }
      await context.close().catch(() => {});
      await Promise.all(evidence.writes);
    })();
  }
}

/** A cancelled execution's outcome: no verdict, and the evidence gathered so far. */
function cancelledOutcome(request: ExecutionRequest, evidence: Evidence): ExecutionOutcome {
  const steps = request.steps ?? [];
  return {
    verdict: 'CANCELLED',
    steps,
    stepsChanged: false,
    resultTitle: 'Cancelled',
    evaluationThought: 'The run was cancelled while this test case was running.',
    stepPlan: stepPlan(steps),
    healed: [],
    browserState: null,
    evidence: evidence.items,
    errorMessage: null,
  };
}

/**
 * What the page showed (a URL, the closest text, a model's judgement) can hold a secret value it was
 * given: every text of the outcome is masked before anyone stores or shows it. The steps keep their
 * placeholders and the browser state is stored encrypted: both stay as they are, for replay.
 */
function maskOutcome(outcome: ExecutionOutcome, secrets: readonly SecretValue[]): ExecutionOutcome {
  const { steps, browserState, evidence, ...texts } = outcome;
  return { ...maskDeep(texts, secrets), steps, browserState, evidence };
}

/** A test case whose browser was kept from a destination fails, saying where and which setting decides. */
function refused(outcome: ExecutionOutcome, guard: NetworkGuard): ExecutionOutcome {
  const first = guard.refusals[0];
  if (!first || outcome.verdict === 'CANCELLED') return outcome;
  // A URL, or host:port of a tunnel whose URL the browser did not report.
  let host = first.url;
  try {
    if (/^[a-z]+:\/\//.test(first.url)) host = new URL(first.url).host;
  } catch {
    // keep the URL as it is
  }
  return {
    ...outcome,
    verdict: 'FAILED',
    resultTitle: `The browser was not allowed to reach ${host}`,
    evaluationThought: `${guard.describe()}\n\n${outcome.evaluationThought}`.trim(),
  };
}

/** The readable step plan, each step a language model interpreted marked so. */
function stepPlan(steps: Step[]): string {
  return formatStepPlan(steps)
    .split('\n')
    .map((line, i) => (steps[i]?.interpretedBy ? `${line}  [interpreted by ${steps[i].interpretedBy}]` : line))
    .join('\n');
}

function firstLine(text: string | undefined): string | undefined {
  return text
    ?.split('\n')
    .find((line) => line.trim())
    ?.trim();
}

function watch(page: Page, evidence: Evidence, guard: NetworkGuard): void {
  page.on('console', (message) => {
    if (message.type() === 'error') evidence.console.push(`[console.error] ${message.text()}`);
  });
  page.on('pageerror', (error) => evidence.console.push(`[uncaught] ${error.message}`));
  page.on('requestfailed', (request) =>
    evidence.network.push(
      guard.explain(`${request.method()} ${request.url()} failed: ${request.failure()?.errorText ?? 'unknown'}`),
    ),
  );
  page.on('response', (response) => {
    if (response.status() >= 400)
      evidence.network.push(`${response.request().method()} ${response.url()} → HTTP ${response.status()}`);
  });
}
