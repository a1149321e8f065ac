// Steps as people read them: the step plan of a run test case (promptExamples) and healing notes.
import type { Step, Target } from '../domain/steps.js';

export function describeTarget(target: Target | undefined): string {
  if (!target) return '';
  const first = target.locators[0];
  return first ? `${target.description} (${JSON.stringify(first)})` : target.description;
}

export function stepPlan(steps: readonly Step[]): string {
  return steps.map((step, i) => `${i + 1}. ${step.sentence}${step.from && step.from !== step.sentence ? `  (from: ${step.from})` : ''}`).join('\n');
}
