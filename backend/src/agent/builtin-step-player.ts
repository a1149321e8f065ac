// The StepPlayer of the run engine, backed by the built-in step executor.
import type { StepPlayer } from './step-player.js';
import { TargetNotFound } from './errors.js';
import { performStep, type StepTimings, DEFAULT_TIMINGS } from './perform-step.js';

export function builtinStepPlayer(timings: Partial<StepTimings> = {}): StepPlayer {
  const all = { ...DEFAULT_TIMINGS, ...timings };
  return {
    perform: (page, step, context) => performStep(page, step, context, all),
    isTargetNotFound: (error) => error instanceof TargetNotFound,
  };
}
