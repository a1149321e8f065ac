// A readable plan of recorded steps: their sentences, numbered, with the goal sentence they came from.
import type { Step } from '../steps.js';

export function formatStepPlan(steps: Step[]): string {
  return steps.map((step, i) => `${i + 1}. ${step.sentence}${step.from ? `  (from "${step.from}")` : ''}`).join('\n');
}
