// The dashboard's try of a goal, in pure rules: where a try stands in words a page shows, whether
// Save may keep the steps it recorded instead of burning the goal in again, and the limits. Pure.
import type { Step } from './steps.js';

/** Tries a project may have waiting or running at once; a further one is refused (429). */
export const MAX_LIVE_TRIES = 3;
/** A try still waiting or running this long after it was started has lost its worker: it counts no more. */
export const TRY_STALE_MS = 15 * 60_000;
/** Tries (and their screenshots) are deleted this long after they were started. */
export const TRY_KEPT_MS = 24 * 60 * 60_000;

export type TryStatus = 'QUEUED' | 'RUNNING' | 'PASSED' | 'FAILED' | 'ERROR';

export interface TryFacts {
  status: TryStatus;
  goalDone: boolean;
  checking: boolean;
  createdAt: Date;
}

/**
 * waiting: no worker took it yet; running: the goal is being carried out; checking: the goal was
 * done, the expected result is being checked; passed; goal-failed: a sentence could not be carried
 * out; expectation-failed: the goal was done and the expected result does not hold; error: no
 * verdict (the site could not be reached, the browser failed); lost: no worker finished it in time.
 */
export type TryState =
  'waiting' | 'running' | 'checking' | 'passed' | 'goal-failed' | 'expectation-failed' | 'error' | 'lost';

export function tryState(t: TryFacts, now: Date): TryState {
  if (t.status === 'QUEUED' || t.status === 'RUNNING') {
    if (now.getTime() - t.createdAt.getTime() >= TRY_STALE_MS) return 'lost';
    if (t.status === 'QUEUED') return 'waiting';
    return t.checking ? 'checking' : 'running';
  }
  if (t.status === 'PASSED') return 'passed';
  if (t.status === 'ERROR') return 'error';
  return t.goalDone ? 'expectation-failed' : 'goal-failed';
}

/** Whether a page showing the try should look again for news. */
export const tryIsLive = (state: TryState): boolean =>
  state === 'waiting' || state === 'running' || state === 'checking';

/** What the steps were recorded for: a burn-in records the same steps for the same three. */
export interface TrySubject {
  goal: string;
  applicationId: string;
  environmentId: string;
}

export interface TriedSteps extends TrySubject {
  status: TryStatus;
  goalDone: boolean;
  steps: Step[];
}

/**
 * The steps Save keeps instead of a new burn-in: the try carried the goal out (whatever the
 * expected result said: a burn-in does not check it) for the same goal, application and environment
 * as the form saves. Otherwise null, and the reason: the form then queues a burn-in.
 */
export function reusableSteps(
  tried: TriedSteps | null,
  saving: TrySubject,
): { steps: Step[]; reason: null } | { steps: null; reason: string } {
  if (!tried) return { steps: null, reason: 'the goal was not tried' };
  if (!tried.goalDone || tried.steps.length === 0) return { steps: null, reason: 'the try did not carry the goal out' };
  const changed = [
    tried.goal.trim() !== saving.goal.trim() ? 'goal' : null,
    tried.applicationId !== saving.applicationId ? 'application' : null,
    tried.environmentId !== saving.environmentId ? 'environment' : null,
  ].filter((c): c is string => c !== null);
  if (changed.length) return { steps: null, reason: `the ${joinWords(changed)} changed since the try` };
  return { steps: tried.steps, reason: null };
}

/** "a", "a and b", "a, b and c". */
export function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** The refusal of one try too many, with what to do. */
export function tooManyTries(projectName: string, live: number): string {
  return (
    `Project ${projectName} has ${live} ${live === 1 ? 'try' : 'tries'} of a goal waiting or running, the most it may have at once (${MAX_LIVE_TRIES}). ` +
    'Wait until one of them ends (its page says so), then press Try it again. Tries count against nothing else: not the usage limit, not the runs.'
  );
}

/** A test case as its form shows it (texts as shown: masked), to tell what a Save changes. */
export interface FormFacts {
  name: string;
  goal: string;
  expectedResult: string;
  applicationId: string;
  /** In order: the order names which config wins a key both have. */
  configIds: string[];
  planIds: string[];
  resumeFromId: string | null;
  waitForIds: string[];
}

/** The fields a Save changes, in the form's order; [] when it changes nothing. */
export function changedFields(before: FormFacts, after: FormFacts): (keyof FormFacts)[] {
  const sameSet = (a: readonly string[], b: readonly string[]) =>
    new Set(a).size === new Set(b).size && a.every((x) => b.includes(x));
  const same: { [K in keyof FormFacts]: boolean } = {
    name: before.name.trim() === after.name.trim(),
    goal: before.goal.trim() === after.goal.trim(),
    expectedResult: before.expectedResult.trim() === after.expectedResult.trim(),
    applicationId: before.applicationId === after.applicationId,
    configIds: before.configIds.join() === [...new Set(after.configIds)].join(),
    planIds: sameSet(before.planIds, after.planIds),
    resumeFromId: (before.resumeFromId || null) === (after.resumeFromId || null),
    waitForIds: sameSet(before.waitForIds, after.waitForIds),
  };
  return (Object.keys(same) as (keyof FormFacts)[]).filter((k) => !same[k]);
}
