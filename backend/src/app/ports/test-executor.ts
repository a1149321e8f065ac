// The test executor port: runs one test case in a browser (agent/ implements it with Playwright).
import type { SecretValue } from '../../domain/mask-secrets.js';
import type { ConfigValues, Step } from '../../domain/steps.js';
import type { EvidenceItem } from './evidence.js';

export interface DevicePresetRecord {
  viewportWidth: number | null;
  viewportHeight: number | null;
  locale: string | null;
  timezone: string | null;
  userAgent: string | null;
  extraHeaders: Record<string, string>;
  colorScheme: 'light' | 'dark' | 'no-preference' | null;
}

/** A test case this one resumes from, replayed first when there is no saved browser state (burn-in). */
export interface Prelude {
  name: string;
  goal: string;
  steps: Step[] | null;
  /** Its own configs: "Log in with config 'admin'" in the prelude names a config of that test case. */
  configs: ConfigValues;
}

/** A project's network setting (`project.network`); null leaves it to the server's default. */
export interface ProjectNetworkSettings {
  allowLoopback: boolean | null;
  allowPrivate: boolean | null;
}

/** Where a project's browser may go, and where its config values may be typed. */
export interface BrowserAccess {
  network: ProjectNetworkSettings;
  /**
   * Origins and host patterns (domain/url-policy.ts hostMatches) config values may be typed into,
   * besides the base URL's origin: the project's environments and its allowed preview origins.
   */
  configOrigins: string[];
}

/** A project's BrowserAccess, and the host patterns its preview URLs must match. */
export interface ProjectBrowserAccess extends BrowserAccess {
  previewOrigins: string[];
}

export interface ExecutionRequest {
  name: string;
  goal: string;
  expectedResult: string | null;
  baseUrl: string;
  devicePreset: DevicePresetRecord | null;
  configs: ConfigValues;
  /**
   * Secret values (at least those of `configs` and the preludes'): the outcome's texts and the
   * evidence come back with each replaced by its placeholder. Steps and browser state stay as they
   * are (steps keep placeholders; the state is stored encrypted).
   */
  secrets: readonly SecretValue[];
  /** Recorded steps to replay; null means interpret the goal (burn-in). */
  steps: Step[] | null;
  /** Browser state of the Resume From dependency (JSON from an earlier outcome). */
  resumeState: string | null;
  /** Burn-in of a test case that resumes from others: their steps, oldest first. */
  preludes?: Prelude[];
  /** Keep the final browser state, because a dependent resumes from it. */
  keepState: boolean;
  /** Key prefix of this execution's evidence. */
  evidencePrefix: string;
  /** Aborts the execution (the run was cancelled). */
  signal?: AbortSignal;
  /** The project's network setting; absent: the server's default. */
  network?: ProjectNetworkSettings;
  /** See BrowserAccess; absent: only the base URL's origin. */
  configOrigins?: string[];
  /** A screenshot after every step, whatever the executor's setting (a dashboard try shows each). */
  stepScreenshots?: boolean;
  /**
   * Told how the execution goes while it goes (a dashboard try shows it live): each step once it is
   * performed and its screenshot stored, then that the expected result is being checked. A failure
   * here fails the execution: catch what may fail.
   */
  onProgress?: (event: ExecutionProgress) => Promise<void>;
}

export type ExecutionProgress =
  { kind: 'step'; index: number; step: Step; screenshot: string | null } | { kind: 'checking' };

/** Tokens a language model spent (llm only: the built-in agent spends none). */
export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface HealedStep {
  index: number;
  sentence: string;
  /** The recorded target and its first locator, as people read them. */
  before: string;
  /** The target the heal found instead, and its first locator. */
  after: string;
  /** How far its name moved ('none', 'typo', 'reworded'), or 'role' (a link for a button); absent in older runs. */
  change?: 'none' | 'typo' | 'reworded' | 'role';
}

export interface ExecutionOutcome {
  /** PASSED or FAILED: a verdict on the expected result; ERROR: no verdict could be reached. */
  verdict: 'PASSED' | 'FAILED' | 'ERROR' | 'CANCELLED';
  resultTitle: string | null;
  evaluationThought: string;
  /** The step plan used, readable (promptExamples). */
  stepPlan: string;
  /** The steps as performed (recorded during burn-in, or with healed steps replaced). */
  steps: Step[];
  /** True when `steps` differ from the request's (new recording, or healed). */
  stepsChanged: boolean;
  healed: HealedStep[];
  browserState: string | null;
  evidence: EvidenceItem[];
  errorMessage: string | null;
  /** Tokens of the language-model requests made for this execution; null or absent when none was made. */
  modelTokens?: TokenUsage | null;
}

export interface TestExecutor {
  execute(request: ExecutionRequest): Promise<ExecutionOutcome>;
}
