// A TestExecutor for engine tests that do not need a browser: each test case's outcome is scripted
// by name, and every request is recorded. (Browser behaviour has its own tests with real Chromium.)
import type { ExecutionOutcome, ExecutionRequest, TestExecutor } from '../../backend/src/app/ports/test-executor.js';
import type { Step } from '../../backend/src/domain/steps.js';

export type Script = {
  verdict?: ExecutionOutcome['verdict'];
  /** Resolves when the test may finish; lets a test hold a test case in RUNNING. */
  gate?: Promise<void>;
  browserState?: string;
  steps?: Step[];
  stepsChanged?: boolean;
};

export class ScriptedExecutor implements TestExecutor {
  readonly requests: ExecutionRequest[] = [];
  running = 0;
  maxRunning = 0;
  private readonly started = new Map<string, () => void>();
  private readonly waiting = new Map<string, Promise<void>>();

  /**
   * `scripts`: by test case name. `scriptFor`, when set, is asked first and may script any request by
   * what it holds (the goal of a review context check, the URL it runs against).
   */
  constructor(
    public scripts: Record<string, Script> = {},
    public scriptFor?: (request: ExecutionRequest) => Script | undefined,
  ) {}

  /** Resolves when the test case named `name` has started executing. */
  startedFor(name: string): Promise<void> {
    if (!this.waiting.has(name)) this.waiting.set(name, new Promise((resolve) => this.started.set(name, resolve)));
    return this.waiting.get(name)!;
  }

  async execute(request: ExecutionRequest): Promise<ExecutionOutcome> {
    this.requests.push(request);
    void this.startedFor(request.name);
    this.started.get(request.name)!();
    this.running += 1;
    this.maxRunning = Math.max(this.maxRunning, this.running);
    const script = this.scriptFor?.(request) ?? this.scripts[request.name] ?? {};
    try {
      // A signal aborted before this call (the run cancelled while its worker claimed the test case)
      // fires no event: waiting for one would hold the test case until the gate opens.
      if (script.gate && !request.signal?.aborted) {
        await Promise.race([
          script.gate,
          new Promise<void>((resolve) => request.signal?.addEventListener('abort', () => resolve(), { once: true })),
        ]);
      }
      const verdict = request.signal?.aborted ? 'CANCELLED' : (script.verdict ?? 'PASSED');
      const steps = script.steps ??
        request.steps ?? [{ action: 'goto', url: '/', sentence: `Go to / for ${request.name}` }];
      return {
        verdict,
        resultTitle: verdict === 'PASSED' ? null : `${request.name} ${verdict.toLowerCase()}`,
        evaluationThought: `scripted ${verdict}`,
        stepPlan: steps.map((s, i) => `${i + 1}. ${s.sentence}`).join('\n'),
        steps,
        stepsChanged: script.stepsChanged ?? request.steps === null,
        healed: [],
        browserState: request.keepState ? (script.browserState ?? `state of ${request.name}`) : null,
        evidence: [],
        errorMessage: verdict === 'ERROR' ? 'scripted error' : null,
      };
    } finally {
      this.running -= 1;
    }
  }
}
