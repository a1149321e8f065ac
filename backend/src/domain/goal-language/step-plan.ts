// A readable plan of recorded steps: their sentences, numbered, with the goal sentence they came from.
import type { Step } from '../steps.js';

export function formatStepPlan(steps: readonly Step[]): string {
  return steps.map((step, i) => `${i + 1}. ${step.sentence}${step.from && step.from !== step.sentence ? `  (from "${step.from}")` : ''}`).join('\n');
}
