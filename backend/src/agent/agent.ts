// The Agent port: turns a goal into steps on a live page, re-interprets one step when the page
// changed, and judges an expected result. The built-in one is deterministic (no language model);
// a language-model agent can implement the same interface.
import type { Page } from 'playwright-core';
import type { NameChange } from '../domain/heal-acceptance.js';
import type { SecretValue } from '../domain/mask-secrets.js';
import type { ConfigValues, Expectation, Step } from '../domain/steps.js';
import type { TokenUsage } from './language-model.js';
import type { StepGroup } from './trace-groups.js';

export interface AgentContext {
  /** The environment's URL: relative paths in goals ("Go to /login") are resolved against it. */
  baseUrl: string;
  /** Values of the test case's configs (secrets decrypted). Steps keep `{{config.key}}` placeholders. */
  configs: ConfigValues;
  /** Where config values may be typed besides the base URL's origin (origins, host patterns). */
  configOrigins?: readonly string[];
  /** The secret values, which are filled, never typed key by key (perform-step.ts). */
  secrets?: readonly SecretValue[];
  /** Called after each step is performed (evidence: a screenshot per step). Optional. */
  onStep?: (step: Step, index: number) => Promise<void>;
  /** Called with the tokens of each language-model request (only when one is configured and asked). */
  onModelUsage?: (usage: TokenUsage) => void;
  /** Runs the work of one step of the goal, titled with its text (a group in the trace). Optional. */
  group?: StepGroup;
}

export interface BurnInResult {
  /** The steps performed, in order. On failure, the ones that worked before it. */
  steps: Step[];
  ok: boolean;
  /** When not ok: which sentence failed, what came closest on the page, and what phrasings are understood. */
  error?: string;
}

export interface Evaluation {
  passed: boolean;
  /** Short reason; null when passed. */
  title: string | null;
  /** What was checked and what was found. */
  thought: string;
  expectations: Expectation[];
}

/**
 * A heal's result: the new step and how far its target moved; or why there is none, with `gone` when
 * the closest element would change what the step does (another role, scope or name).
 */
export type HealResult =
  | { step: Step; change: { name: NameChange; roleChanged: boolean } }
  | { error: string; gone?: { element: string; closest: string } };

export interface Agent {
  /**
   * Performs the goal on `page`, sentence by sentence, recording a step for each action. The expected
   * result, when given, is only read: one that cannot be read fails the burn-in with the goal's.
   */
  burnIn(page: Page, goal: string, context: AgentContext, expectedResult?: string): Promise<BurnInResult>;
  /**
   * A step whose locators all failed on the current page: interprets its (elementary) sentence
   * again, performs it, and returns the new step; or says why it cannot.
   */
  heal(page: Page, step: Step, context: AgentContext): Promise<HealResult>;
  /** Checks an expected result against the page as it is now. */
  evaluate(page: Page, expectedResult: string, context: AgentContext): Promise<Evaluation>;
}
