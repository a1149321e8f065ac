// Errors of the agent, told apart by class: the run engine heals a step on TargetNotFound and reports
// the others as they are.
import type { Offer } from '../domain/goal-language/closest-offers.js';
import type { Step } from '../domain/steps.js';

/** Replay: none of a step's locators found exactly one visible element. Healing may help. */
export class TargetNotFound extends Error {
  override name = 'TargetNotFound';
  constructor(
    readonly step: Step,
    /** Each locator tried, with what it found ("role button \"Sign in\": 0 visible"). */
    readonly tried: string[],
  ) {
    const description = 'target' in step && step.target ? step.target.description : 'the target';
    super(`"${step.sentence}": ${description} was not found on the page. Tried: ${tried.join('; ')}.`);
  }
}

/** A step ran but failed: an assertion was false, a navigation failed, an action did not take. */
export class StepFailed extends Error {
  override name = 'StepFailed';
  constructor(
    readonly step: Step,
    message: string,
  ) {
    super(message);
  }
}

/** Burn-in or healing: the page has no element (or more than one) that a sentence names. */
export class TargetUnresolved extends Error {
  override name = 'TargetUnresolved';
  constructor(
    /** What was wrong, without the sentence: `no button or link named "Sign up" on http://...`. */
    readonly reason: string,
    /** What the page offers closest to what was named, best first. */
    readonly closest: Offer[],
    /** The text the page was searched for, when it was: none close means nothing shares a word with it. */
    readonly searchedFor: string | null = null,
  ) {
    super(reason);
  }
}

/** A sentence or expected result the built-in agent does not understand. */
export class NotUnderstood extends Error {
  override name = 'NotUnderstood';
}
