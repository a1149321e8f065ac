// What replay needs from the step executor: perform one recorded step, and tell a step whose
// target is gone (heal it) from one that failed otherwise.
import type { Page } from 'playwright-core';
import type { Step } from '../domain/steps.js';
import type { AgentContext } from './agent.js';

export interface StepPlayer {
  perform(page: Page, step: Step, context: AgentContext): Promise<void>;
  isTargetNotFound(error: unknown): boolean;
}
