// Review Context: free-text instructions for reviews. Its sentences that are goals (the goal
// language understands them) become ad-hoc checks; consecutive goal sentences form one check, so
// "Go to /cart. Verify that 'Total' is shown." is one. Other sentences are notes for people, and so
// is one read only as the control its first word might name ("Focus on the new banner, please").
import { parseSentence } from '../goal-language/parse-sentence.js';
import { splitGoal } from '../goal-language/split-goal.js';

export function contextChecks(context: string | null): string[] {
  if (!context?.trim()) return [];
  const checks: string[] = [];
  let current: string[] = [];
  for (const sentence of splitGoal(context)) {
    const parsed = parseSentence(sentence);
    if (parsed.ok && !parsed.actions.some((action) => action.guessed)) {
      current.push(sentence);
    } else if (current.length) {
      checks.push(current.join('\n'));
      current = [];
    }
  }
  if (current.length) checks.push(current.join('\n'));
  return checks;
}
