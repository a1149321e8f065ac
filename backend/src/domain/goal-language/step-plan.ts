// A readable plan of recorded steps: their sentences, numbered, with the goal sentence they came from.
// And the plan a goal is understood as before it meets a page: one elementary sentence per action.
import type { Step } from '../steps.js';
import { formatIntent } from './format.js';
import { parseGoalSentence } from './parse-sentence.js';
import { splitGoal } from './split-goal.js';

export function formatStepPlan(steps: readonly Step[]): string {
  return steps
    .map(
      (step, i) =>
        `${i + 1}. ${step.sentence}${step.from && step.from !== step.sentence ? `  (from "${step.from}")` : ''}`,
    )
    .join('\n');
}

export type GoalPlan = { ok: true; steps: string[] } | { ok: false; error: string };

/** The elementary sentences a goal asks for, in order, or the message about the first sentence not understood. */
export function planGoal(goal: string): GoalPlan {
  const steps: string[] = [];
  const sentences = splitGoal(goal);
  for (const i of sentences.keys()) {
    const parsed = parseGoalSentence(sentences, i);
    if (!parsed.ok) return { ok: false, error: parsed.error };
    steps.push(...parsed.actions.map((action) => formatIntent(action.intent)));
  }
  return { ok: true, steps };
}
