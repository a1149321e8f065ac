// Where a test case starts. Users expect the browser to be at their application already: every
// test case opens its environment's URL first, unless it resumes from another test case (then it
// starts where that one ended) or its first action is a navigation anyway.
import { parseSentence } from '../domain/goal-language/parse-sentence.js';
import { splitGoal } from '../domain/goal-language/split-goal.js';
import type { Step } from '../domain/steps.js';

export interface StartInput {
  /** The environment's URL as resolved for this run; '' when there is none. */
  baseUrl: string;
  /** Recorded steps to replay, or null for a burn-in of `goal`. */
  steps: Step[] | null;
  goal: string;
  /** The test case resumes from another one (its browser state is loaded). */
  resumes: boolean;
  /** The page that test case ended on, when its state recorded it. */
  resumeUrl?: string | null;
}

/** Whether the goal's first sentence is a navigation ("Go to /login", "Visit https://..."). */
export function firstSentenceNavigates(goal: string): boolean {
  const [first] = splitGoal(goal);
  if (!first) return false;
  const parsed = parseSentence(first);
  return parsed.ok && parsed.actions[0]?.intent.kind === 'goto';
}

/** The URL to open before the first step, or null when the test case opens its own page. */
export function startUrl(input: StartInput): string | null {
  const navigates = input.steps ? input.steps[0]?.action === 'goto' : firstSentenceNavigates(input.goal);
  if (navigates) return null;
  if (input.resumes && input.resumeUrl) return input.resumeUrl;
  return input.baseUrl || null;
}
