// The built-in, deterministic Agent: no language model. Burn-in reads the goal sentence by
// sentence, finds each target on the live page, performs the action with the same executor replay
// uses, and records the step. Healing interprets one step's elementary sentence again, more
// leniently. Evaluation parses the expected result and checks each expectation.
import type { Page } from 'playwright-core';
import { describeOffer } from '../domain/goal-language/closest-offers.js';
import { formatIntent } from '../domain/goal-language/format.js';
import { actionKey } from '../domain/goal-language/intent-key.js';
import { ITEM_KIND_NOUNS } from '../domain/goal-language/item-description.js';
import type { Intent, ParsedAction, Purpose, TargetPhrase } from '../domain/goal-language/intents.js';
import { findConfig, pickLoginKeys, placeholderFor } from '../domain/goal-language/login-keys.js';
import { parseExpectedResult } from '../domain/goal-language/parse-expected-result.js';
import { notUnderstood, parseGoalSentence, parseSentence } from '../domain/goal-language/parse-sentence.js';
import { goalPhrasings } from '../domain/goal-language/phrasings.js';
import { quote } from '../domain/goal-language/quotes.js';
import { splitGoal } from '../domain/goal-language/split-goal.js';
import type { Step, Target } from '../domain/steps.js';
import {
  describeFacts,
  judgeHeal,
  roleWord,
  type NameChange,
  type RecordedTargetFacts,
  type TargetFacts,
} from '../domain/heal-acceptance.js';
import { anchorOf, foundFacts, recordedFacts, sameRow } from './target-facts.js';
import { toPlaywright } from './playwright-locator.js';
import { rememberFields } from './appeared-fields.js';
import { nthItemText } from './find-by-position.js';
import { waitWhileLoading } from './loading-indicators.js';
import type { Agent, AgentContext, BurnInResult, Evaluation, HealResult } from './agent.js';
import { anchorShown, nextPageFor, wayToTarget } from './browse-for-item.js';
import { pollUntil } from './poll-until.js';
import { checkExpectation } from './check-expectation.js';
import { anyTicked, editorShowing, sameOrNested } from './page-scripts.js';
import { dialogCloseTarget } from './dialog-close.js';
import { NotUnderstood, StepFailed, TargetNotFound, TargetUnresolved } from './errors.js';
import { readLoginForm, waitForLoginField } from './login-form.js';
import { advanceButton, backButton, fillForm, intentOfPlacement, pressButton } from './fill-form.js';
import { onStep, stepOffset, stepsLeft } from './wizard-steps.js';
import { formControls, offering, placeEntry, placeNamedValue, type Placement } from './place-values.js';
import { DEFAULT_TIMINGS, performStep, type StepTimings } from './perform-step.js';
import { ungrouped } from './trace-groups.js';
import { resolveAtOnce, resolveTarget, type Grounded, type Resolved } from './resolve-target.js';
import { watchEffects } from './effects.js';
import { rowMenu } from './scope-menu.js';
import { valueMenuFor } from './value-menu.js';
import {
  ambiguousReadings,
  INTERACTIVE_ROLES,
  offeredLine,
  unreadableMessage,
  unreadableParts,
  unresolvedMessage,
  type Unreadable,
} from './failure-message.js';
import { offersOnPage } from './page-reading.js';
import { elementOf, personTargetsOf, visuallyHidden } from './person-target.js';
import type { LanguageModel } from './language-model.js';
import { listsOffering } from './lists-offering.js';
import { locateModelTarget } from './llm/locate-model-target.js';
import { ModelAssist } from './llm/model-assist.js';
import type { ModelTarget } from './llm/questions.js';

export interface BuiltinAgentOptions {
  /** How long burn-in and healing wait for the page to show a target. Default 5 s. */
  findTimeoutMs?: number;
  /** How long each expectation of an expected result may take to come true. Default 3 s. */
  expectTimeoutMs?: number;
  /** Timeouts of the step executor. */
  timings?: Partial<StepTimings>;
  /** Asked only where the built-in rules give up (llm/model-assist.ts); none: nothing is asked. */
  model?: LanguageModel | null;
  /** How long one action of a burn-in may search, all ways of reading it together. Default 90 s. */
  actionBudgetMs?: number;
}

/** A failure of one action, with the sentence it belongs to. */
class ActionFailed extends Error {}

/** A fallback that did not work is null; anything else (a cancelled run, a closed page) goes on. */
const notDone = (error: unknown): null => {
  if (error instanceof ActionFailed || error instanceof TargetUnresolved) return null;
  throw error;
};

/** The action's target is not on the page: another reading of the sentence may still work. */
class TargetMissing extends ActionFailed {
  constructor(
    message: string,
    /** What was wrong, without the sentence and the advice (for the language model's line). */
    readonly reason = message,
    /** The page's element closest to what was named, described ("button \"Delete all\""), if any. */
    readonly nearest: string | null = null,
  ) {
    super(message);
  }
}

/**
 * "Set the quantity of Blue Widget to 40" where the row shows the quantity as text and an "Edit
 * quantity" button: the value is typed into the editor that button opens.
 */
class OpensEditor extends Error {
  constructor(
    /** The button found, and its name. */
    readonly button: Target,
    readonly buttonName: string | null,
  ) {
    super('the value is edited through a button');
  }
}

/** The element a heal found would change what the step does (domain/heal-acceptance.ts). */
class HealRefused extends TargetMissing {
  constructor(
    readonly element: string,
    readonly closest: string,
  ) {
    super(`the element (${element}) is gone; the closest now is ${closest}`);
  }
}

const CLOSE_NAMES = [
  'Dismiss',
  '×',
  '✕',
  'No thanks',
  'Got it',
  'Accept',
  'Accept all',
  'OK',
  'Cancel',
  'Decline',
  'Reject all',
];

/** How many pages of a table a burn-in turns to find the row an action is on. */
const MAX_PAGES = 10;

/** Intents that become several steps on the page (a login form, a dialog's close button or Escape). */
const EXPANDING: string[] = ['login', 'loginAs', 'dismiss', 'rename', 'fillForm'];

/** A step to perform, and the text to hover first when its control shows only on hover. */
interface Built {
  step: Step;
  revealedBy?: string;
}

interface How {
  /** Healing: accept the most similar name when nothing matches. */
  fuzzy: boolean;
  /** The compound goal sentence the steps come from. */
  from: string | undefined;
  /** Called with each step once it has been performed. */
  record: (step: Step) => Promise<void>;
  /** The element a language model named, instead of the built-in search, and the model's name. */
  byModel?: { target: ModelTarget; name: string };
  /** Healing: the recorded target the element found must stand in for, and the verdict on it. */
  heal?: { recorded: RecordedTargetFacts; change?: { name: NameChange; roleChanged: boolean } };
  /** Burn-in: when the action's search gives up (`Date.now()` time), however many ways remain to try. */
  deadline?: { at: number; ms: number };
}

/**
 * How long one action of a burn-in may search by default: readings, fallbacks (a row's menu, the
 * pages of a pager, a wizard's steps) and their waits multiply, and a search that finds nothing must end.
 */
const ACTION_BUDGET_MS = 90_000;

/** Ends an action's search that has run past its deadline: no other way is tried. */
function outOfTime(how: How, action: ParsedAction, page: Page): void {
  if (how.deadline && Date.now() > how.deadline.at)
    throw new ActionFailed(
      `Could not do "${how.from ?? action.sentence}": nothing on ${page.url()} was found for it within ${how.deadline.ms / 1000} s, trying every way it can be read (its readings, a row's menu, the pages of a pager, a wizard's steps).`,
    );
}

/** A click the agent adds itself (a pager's Next, a row's menu, Close), on the element of that name. */
function clickOn(
  name: string,
  purpose: 'click' | 'choose' = 'click',
  near: Extract<Intent, { kind: 'click' }>['target']['near'] = null,
): Intent {
  return { kind: 'click', target: { name, noun: null, near }, double: false, purpose };
}

/** Intents on a field, which a row may show only in its editor. */
const EDITED: Intent['kind'][] = ['fill', 'select', 'check', 'uncheck'];
export class BuiltinAgent implements Agent {
  private readonly findTimeoutMs: number;
  private readonly actionBudgetMs: number;
  private readonly expectTimeoutMs: number;
  private readonly timings: StepTimings;
  private readonly assist: ModelAssist | null;

  constructor(options: BuiltinAgentOptions = {}) {
    this.assist = options.model ? new ModelAssist(options.model) : null;
    this.findTimeoutMs = options.findTimeoutMs ?? 5000;
    this.actionBudgetMs = options.actionBudgetMs ?? ACTION_BUDGET_MS;
    this.expectTimeoutMs = options.expectTimeoutMs ?? 3000;
    this.timings = { ...DEFAULT_TIMINGS, ...options.timings };
  }

  async burnIn(page: Page, goal: string, context: AgentContext, expectedResult?: string): Promise<BurnInResult> {
    const steps: Step[] = [];
    const sentences = splitGoal(goal);
    if (!sentences.length)
      return {
        steps,
        ok: false,
        error: `The goal is empty. Write what to do, one sentence per action, e.g.:\n${goalPhrasings()}`,
      };
    const record = async (step: Step) => {
      steps.push(step);
      await context.onStep?.(step, steps.length - 1);
    };
    const group = context.group ?? ungrouped;
    // Every sentence, and the expected result, is read before anything is done, so that one burn-in
    // reports every one that cannot be read. The sentences before the first of them are performed,
    // so that what the page offers is read where the goal meant it. A language model, when there
    // is one, reads what the rules cannot as the burn-in reaches it.
    const unreadable = this.assist ? [] : unreadableParts(sentences, expectedResult);
    const first = unreadable.find((u) => u.sentence !== null);
    let failure: string | null = null;
    const readable = first ? sentences.slice(0, sentences.indexOf(first.sentence!)) : sentences;
    for (const [i, sentence] of readable.entries()) {
      // Each sentence of the goal is one step of the trace, whatever steps it is recorded as.
      failure = await group(sentence, () => this.burnInSentence(page, sentences, i, context, record));
      if (failure !== null) break;
    }
    if (!unreadable.length) return failure === null ? { steps, ok: true } : { steps, ok: false, error: failure };
    const explained: Unreadable[] = [];
    for (const part of unreadable) {
      const offered =
        part.sentence === null
          ? null
          : offeredLine(await offersOnPage(page, part.sentence, INTERACTIVE_ROLES), page.url());
      explained.push({ ...part, offered });
    }
    return { steps, ok: false, error: unreadableMessage(explained, failure) };
  }

  /** Performs one sentence of the goal; null when it worked, else why not. */
  private async burnInSentence(
    page: Page,
    sentences: string[],
    i: number,
    context: AgentContext,
    record: (step: Step) => Promise<void>,
  ): Promise<string | null> {
    const sentence = sentences[i]!;
    const parsed = parseGoalSentence(sentences, i);
    if (!parsed.ok) {
      const failed = this.assist ? await this.interpretByModel(page, sentence, context, record) : parsed.error;
      if (failed) return failed === parsed.error ? failed : `${parsed.error}\n${failed}`;
      return null;
    }
    // A sentence that only sets the scene ("Noah Kim is asking about his address.") asks for nothing.
    if (!parsed.actions.length) return null;
    const compound = parsed.actions.length > 1 || EXPANDING.includes(parsed.actions[0]!.intent.kind);
    for (const [index, action] of parsed.actions.entries()) {
      let recorded = 0;
      const counted = async (step: Step) => {
        recorded += 1;
        await record(step);
      };
      const how: How = {
        fuzzy: false,
        from: compound ? sentence : undefined,
        record: counted,
        deadline: { at: Date.now() + this.actionBudgetMs, ms: this.actionBudgetMs },
      };
      try {
        // An unknown verb read as the control it names is a guess: with a model, the page having no
        // such control sends the whole sentence to the model (hook 1), not only a target (hook 2).
        if (action.guessed && index === 0 && this.assist) await this.performReading(page, action, context, how);
        else await this.orModelTarget(page, action, context, how, (h) => this.performReading(page, action, context, h));
      } catch (error) {
        if (!(error instanceof TargetMissing) || !action.guessed || index > 0 || recorded) return message(error);
        if (!this.assist)
          return `${notUnderstood(sentence, 'no control on the page is named by its verb')}\n${message(error)}`;
        const failed = await this.interpretByModel(page, sentence, context, record);
        return failed === null ? null : `${message(error)}\n${failed}`;
      }
    }
    return null;
  }

  async heal(page: Page, step: Step, context: AgentContext): Promise<HealResult> {
    const parsed = parseSentence(step.sentence);
    if (!parsed.ok) return { error: parsed.error };
    const [action, ...more] = parsed.actions;
    if (more.length || EXPANDING.includes(action!.intent.kind)) {
      return {
        error: `"${step.sentence}" asks for more than one action, so it cannot replace one step; record the test case again (burn-in).`,
      };
    }
    const phrase = 'target' in action!.intent ? action!.intent.target : null;
    const recorded = 'target' in step && step.target ? recordedFacts(step.target, phrase?.noun === null) : null;
    const heal: How['heal'] = recorded ? { recorded } : undefined;
    try {
      const reading = { ...action!, sentence: step.sentence };
      const [healed] = await this.orModelTarget(
        page,
        reading,
        context,
        { fuzzy: true, from: step.from, record: async () => {}, ...(heal ? { heal } : {}) },
        (how) => this.perform(page, reading, context, how),
      );
      return { step: healed!, change: heal?.change ?? { name: 'none', roleChanged: false } };
    } catch (error) {
      if (error instanceof HealRefused)
        return { error: message(error), gone: { element: error.element, closest: error.closest } };
      // Nothing like it is left where the step acted (a row's Delete gone, a toolbar's Delete all
      // beside it): the element is gone, said as for a refused heal.
      if (error instanceof TargetMissing && error.nearest && recorded)
        return { error: message(error), gone: { element: recordedElement(recorded), closest: error.nearest } };
      return { error: message(error) };
    }
  }

  async evaluate(page: Page, expectedResult: string, context: AgentContext): Promise<Evaluation> {
    const parsed = parseExpectedResult(expectedResult);
    if (!parsed.ok && this.assist) {
      const judged = await this.assist.judge(page, expectedResult, context, this.expectTimeoutMs);
      if (judged.ok) return judged.value;
      throw new NotUnderstood(`${parsed.error}\n${this.assist.line(judged.why)}`);
    }
    if (!parsed.ok) throw new NotUnderstood(parsed.error);
    const { expectations } = parsed;
    if (!expectations.length)
      return { passed: true, title: null, thought: 'There is no expected result to check.', expectations };
    const results = [];
    for (const expectation of expectations)
      results.push(await checkExpectation(page, expectation, context.configs, this.expectTimeoutMs));
    const failed = results.filter((r) => !r.passed);
    const pageTitle = await page.title().catch(() => '');
    const intro = `Checked ${expectations.length === 1 ? 'the expected result' : `${expectations.length} expectations`} on ${page.url()}${pageTitle ? ` (title ${JSON.stringify(pageTitle)})` : ''}:`;
    return {
      passed: failed.length === 0,
      title:
        failed.length === 0
          ? null
          : failed.length === 1
            ? failed[0]!.title
            : `${failed[0]!.title} (and ${failed.length - 1} more)`,
      thought: [intro, ...results.map((r) => r.line)].join('\n'),
      expectations,
    };
  }

  /**
   * One action of a sentence, in any of its readings; when its target is not on this page, the
   * page a person would open first is opened (the catalogue for "Add the blue mug to the cart" on a
   * home page that lists no products, the cart for "Check out"). Burn-in only: that click is recorded.
   */
  private async performReading(page: Page, read: ParsedAction, context: AgentContext, how: How): Promise<Step[]> {
    await waitWhileLoading(page);
    const action = await pinnedToItem(page, read);
    const inList = await this.optionOfAList(page, action, context, how);
    if (inList) return inList;
    try {
      return await this.performAnyReading(page, action, context, how);
    } catch (error) {
      if (!(error instanceof TargetMissing)) throw error;
      // A row acted on through a selection: its checkbox, then the toolbar's control.
      for (const reading of [action, ...(action.alternatives ?? [])]) {
        const selected = await this.selectRowThenAct(page, reading, context, how);
        if (selected) return selected;
      }
      const placed = await this.placeByValue(page, action, context, how);
      if (placed) return placed;
      const set = await this.setItemByValue(page, action, context, how);
      if (set) return set;
      const paged = await this.pageThrough(page, action, context, how);
      if (paged) return paged;
      const stepped = await this.continueToStep(page, action, context, how);
      if (stepped) return stepped;
      const later = await this.onLaterStep(page, action, context, how, error);
      if (later) return later;
      const way = await wayToTarget(page, action.intent);
      if (!way) throw error;
      const link = way.name;
      const open: Intent = {
        kind: 'click',
        target: { name: link, noun: way.noun, near: null },
        double: false,
        purpose: 'open',
      };
      try {
        await this.performFrom(page, open, action.sentence, context, how);
        return await this.performAnyReading(page, action, context, how);
      } catch (other) {
        if (!(other instanceof ActionFailed)) throw other;
        throw new TargetMissing(
          `${error.message}\nIt is not on the ${JSON.stringify(link)} page either: ${reasonOf(other)}`,
          error.reason,
        );
      }
    }
  }

  /** One elementary intent done as a recorded step of the sentence it serves. */
  private performFrom(page: Page, intent: Intent, sentence: string, context: AgentContext, how: How): Promise<Step[]> {
    return this.perform(page, { intent, sentence: formatIntent(intent) }, context, {
      ...how,
      from: how.from ?? sentence,
    });
  }

  /**
   * A fill whose field's name finds none or several fields ("Fill 'name' with 'Grace Hopper'" beside
   * First name and Last name): the value placed by what it is (place-values.ts), each field it goes
   * to sharing a word with the name said; each placement a recorded step. Null when not so.
   */
  private async placeByValue(
    page: Page,
    action: ParsedAction,
    context: AgentContext,
    how: How,
  ): Promise<Step[] | null> {
    const { intent } = action;
    if (intent.kind !== 'fill' || !intent.target.name || intent.target.near || !intent.value) return null;
    const controls = await page.evaluate(formControls).catch(() => []);
    const placed = placeNamedValue(intent.target.name, intent.value, controls);
    return placed && this.performPlacements(page, placed, action.sentence, context, how);
  }

  /** Each placement of a value done as a recorded step of the sentence. */
  private async performPlacements(
    page: Page,
    placements: Placement[],
    sentence: string,
    context: AgentContext,
    how: How,
  ): Promise<Step[]> {
    const steps: Step[] = [];
    for (const one of placements)
      steps.push(...(await this.performFrom(page, intentOfPlacement(one), sentence, context, how)));
    return steps;
  }

  /**
   * "Lower 'Two-factor codes' to Low", "Set Ben Carter's ticket to Pending": no field of that name,
   * but an item shown so. The item is opened (its row's Edit, else its link, as for a field its row
   * lacks) and the value chosen in the one control there that offers it, each a recorded step; two
   * controls that offer it are refused, naming both. Null when the item opens nothing.
   */
  private async setItemByValue(
    page: Page,
    action: ParsedAction,
    context: AgentContext,
    how: How,
  ): Promise<Step[] | null> {
    const { intent, sentence } = action;
    // A field said by the names forms give it ("Name", "Full name") is no item.
    if (intent.kind !== 'fill' || !intent.value || !intent.target.name || intent.target.alternatives?.length)
      return null;
    if (how.heal || how.byModel) return null;
    const { name, near } = intent.target;
    // "Ben Carter's ticket": the item is the row of Ben Carter, "ticket" only its kind.
    const kindOnly = near?.relation === 'in the row of' && ITEM_KIND_NOUNS.includes(name.toLowerCase());
    const item = near ? (kindOnly ? near.text : null) : name;
    if (!item) return null;
    const row = { text: item, relation: 'in the row of' as const };
    const opened = await this.openRowEditor(
      page,
      { ...intent, target: { name, noun: null, near: row } },
      sentence,
      context,
      how,
    );
    if (!opened) return null;
    const controls = await page.evaluate(formControls).catch(() => []);
    const offers = offering(controls, intent.value);
    if (offers.length !== 1) {
      const why = offers.length
        ? `${offers.map((c) => quote(c.name)).join(' and ')} both offer ${quote(intent.value)}; name the field ("Set the priority of ... to ...")`
        : `nothing in what it opened offers ${quote(intent.value)}`;
      throw new TargetMissing(
        `Could not do "${sentence}": no field is named ${quote(name)}, so ${quote(item)} was opened, and ${why}.`,
        why,
      );
    }
    const placement = placeEntry({ field: null, value: intent.value }, offers, new Set())!;
    return [...opened.steps, ...(await this.performPlacements(page, placement, sentence, context, how))];
  }

  /**
   * "Go to the review" in a wizard: the step indicator names a step ahead of the current one, reached
   * only through Continue. The step's one Continue (or Next) is pressed, each press a recorded step,
   * until the named step is current (at most `MAX_PAGES` presses). Null when the page has no such
   * step ahead or no single Continue; fails when a press leaves the wizard where it was (a
   * validation stopped it).
   */
  private async continueToStep(
    page: Page,
    action: ParsedAction,
    context: AgentContext,
    how: How,
  ): Promise<Step[] | null> {
    const { intent } = action;
    if (intent.kind !== 'click' || !intent.target.name || intent.target.near || intent.target.nth !== undefined)
      return null;
    // "Click Create account on the review page": go on to that step, then the control there.
    const on = onStep(intent.target.name);
    const name = on ? on.step : intent.target.name;
    const steps: Step[] = [];
    const arrived = async (): Promise<Step[]> => {
      if (!on) return steps;
      const there: Intent = { ...intent, target: { ...intent.target, name: on.control } };
      return [...steps, ...(await this.performFrom(page, there, action.sentence, context, how))];
    };
    // "Go to the About you step", "go back to the Account step": a step by name, even the current one.
    const toStep = !on && intent.purpose === 'open' && /\sstep$/i.test(name);
    for (let pressed = 0; pressed < MAX_PAGES; pressed++) {
      const offset = await stepOffset(page, name);
      const ahead = offset !== null && (offset >= 0 || toStep) ? offset : null;
      if (ahead === null) return null;
      if (ahead === 0) return pressed || on || toStep ? arrived() : null;
      const next = ahead > 0 ? await advanceButton(page) : await backButton(page);
      if (!next) return null;
      const moved = await this.pressStepButton(page, next, action, context, how, steps, async () => {
        return (await stepOffset(page, name)) !== ahead;
      });
      if (!moved)
        throw new ActionFailed(
          `Could not do "${action.sentence}": "${next}" did not move on to the next step on ${page.url()} (the page may show why).`,
        );
    }
    return null;
  }

  /**
   * A wizard's Continue or Back pressed as a recorded step of the action (added to `steps`); whether
   * the wizard then moved (`changed` came true within 2 s).
   */
  private async pressStepButton(
    page: Page,
    button: string,
    action: ParsedAction,
    context: AgentContext,
    how: How,
    steps: Step[],
    changed: () => Promise<boolean>,
  ): Promise<boolean> {
    steps.push(...(await this.performFrom(page, pressButton(button), action.sentence, context, how)));
    return pollUntil(changed, 2000);
  }

  /**
   * "Choose the Standard plan" said while the wizard is a step before the plans: the step's one
   * Continue is pressed (each press a recorded step) while steps are left, until the action finds its
   * target. Null when the page has no step indicator with steps ahead or no single Continue, or when
   * the page has something of that name here (several that match); fails with `error` when the target
   * is on none of the steps, or when a press leaves the wizard where it was.
   */
  private async onLaterStep(
    page: Page,
    action: ParsedAction,
    context: AgentContext,
    how: How,
    error: TargetMissing,
  ): Promise<Step[] | null> {
    // Only a target the page has nothing of ("found no ..."): several that match are on this step.
    if (action.intent.kind === 'assert' || !('target' in action.intent) || !/^found no\b/.test(error.reason))
      return null;
    const steps: Step[] = [];
    for (let left = await stepsLeft(page); left && steps.length < MAX_PAGES; left = await stepsLeft(page)) {
      const next = await advanceButton(page);
      if (!next) return null;
      const moved = await this.pressStepButton(page, next, action, context, how, steps, async () => {
        return (await stepsLeft(page)) !== left;
      });
      // A step that does not move on (a field here is still required): the target is not found.
      if (!moved) throw error;
      try {
        return [...steps, ...(await this.performAnyReading(page, action, context, how))];
      } catch (missing) {
        if (!(missing instanceof TargetMissing)) throw missing;
      }
    }
    // The target is on none of the steps: the wizard moved, so nothing else is tried.
    if (steps.length) throw error;
    return null;
  }

  /**
   * The row the action is on is not shown, and the page has a pager: its "Next" pressed (each press a
   * recorded step), at most `MAX_PAGES` times, until the row is shown; then the action. Null when
   * there is no pager or the row is on none of the pages.
   */
  private async pageThrough(page: Page, action: ParsedAction, context: AgentContext, how: How): Promise<Step[] | null> {
    const steps: Step[] = [];
    for (let turned = 0; turned < MAX_PAGES; turned++) {
      const next = await nextPageFor(page, action.intent);
      if (!next) return null;
      const turn = clickOn(next);
      steps.push(...(await this.performFrom(page, turn, action.sentence, context, how)));
      if (await pollUntil(() => anchorShown(page, action.intent), 1000))
        return [...steps, ...(await this.performAnyReading(page, action, context, how))];
    }
    return null;
  }

  /**
   * A value to choose that one closed list of the page offers: chosen from that list
   * (lists-offering.ts), before a search by name could click the same words shown as text elsewhere.
   * Null when no list offers it; refused when several do.
   */
  private async optionOfAList(
    page: Page,
    action: ParsedAction,
    context: AgentContext,
    how: How,
  ): Promise<Step[] | null> {
    const { intent } = action;
    if (intent.kind !== 'click' || intent.purpose !== 'choose' || intent.target.near || !intent.target.name)
      return null;
    const lists = await listsOffering(page, intent.target.name);
    if (lists.length > 1)
      throw new ActionFailed(
        `Could not do "${action.sentence}": "${intent.target.name}" is an option of ${lists.length} lists (${lists.map((l) => JSON.stringify(l.list)).join(', ')}); say which, e.g. "Select '${lists[0]!.option}' from '${lists[0]!.list}'".`,
      );
    if (!lists.length) return null;
    const select: Intent = {
      kind: 'select',
      target: { name: lists[0]!.list, noun: null, near: null },
      value: lists[0]!.option,
    };
    return this.performFrom(page, select, action.sentence, context, how);
  }

  /**
   * One action of a sentence, in the reading whose target the page shows; when readings are not
   * all grounded first (a login, a rename), each is tried in turn while its target is missing.
   */
  private async performAnyReading(page: Page, action: ParsedAction, context: AgentContext, how: How): Promise<Step[]> {
    outOfTime(how, action, page);
    // Rival readings are grounded together; a fallback only where none of them is on the page.
    const readings = [action, ...(action.alternatives ?? []).filter((r) => !r.fallback)];
    const fallbacks = (action.alternatives ?? []).filter((r) => r.fallback);
    if (readings.length > 1 && fallbacks.length) {
      try {
        return await this.performAnyReading(page, { ...action, alternatives: readings.slice(1) }, context, how);
      } catch (error) {
        if (!(error instanceof TargetMissing)) throw error;
        return this.performAnyReading(page, { ...fallbacks[0]!, alternatives: fallbacks.slice(1) }, context, how);
      }
    }
    if (readings.length > 1 && !how.byModel && readings.every((r) => groundable(r.intent) !== null)) {
      const chosen: { reading: ParsedAction; resolved?: Resolved } = await this.groundedReading(
        page,
        readings,
        how,
      ).catch(async (error: unknown) => {
        // No reading is shown: one whose control is in its row's closed menu is performed (opening it).
        if (!(error instanceof TargetMissing)) throw error;
        for (const reading of readings) {
          const near = reading.intent.kind === 'click' ? reading.intent.target.near : null;
          if (near && (await rowMenu(page, near.text))) return { reading };
        }
        throw error;
      });
      return this.perform(page, chosen.reading, context, how, chosen.resolved).catch(async (error: unknown) => {
        // "Assign Marcus Chen" read as a row's Assign, which the row lacks: the reading that names a
        // button opening a list of values ("Assign to…") with the value is the one the page can do.
        if (!(error instanceof TargetMissing)) throw error;
        for (const reading of readings) {
          const { intent } = reading;
          if (reading === chosen.reading || intent.kind !== 'click' || intent.target.near || !intent.target.name)
            continue;
          if (await valueMenuFor(page, intent.target.name)) return this.perform(page, reading, context, how);
        }
        throw error;
      });
    }
    try {
      return await this.perform(page, action, context, how);
    } catch (error) {
      if (!(error instanceof TargetMissing) || !action.alternatives?.length) throw error;
      for (const reading of action.alternatives) {
        try {
          return await this.perform(
            page,
            { ...reading, sentence: action.sentence === reading.sentence ? reading.sentence : reading.sentence },
            context,
            how,
          );
        } catch (other) {
          if (!(other instanceof TargetMissing)) throw other;
        }
      }
      throw error;
    }
  }

  /**
   * Of a sentence's readings, the one whose target is on the page. Every reading is looked for at
   * one look at the page; only when none is there is the first waited for (one find timeout, not
   * one per reading), and its failure names what the page offers closest. Readings that find the
   * same element and do the same thing there are one; two that find different elements, or do
   * different things, are refused, naming both, instead of acting on one.
   */
  private async groundedReading(
    page: Page,
    readings: ParsedAction[],
    how: How,
  ): Promise<{ reading: ParsedAction; resolved?: Resolved }> {
    const wanted = readings.map((reading) => groundable(reading.intent)!);
    const look = () => resolveAtOnce(page, wanted, (found) => distinctGroundings(readings, found));
    let grounded = await look();
    const [action] = readings;
    if (!grounded.length) {
      const { target, purpose } = wanted[0]!;
      try {
        await resolveTarget(page, target, purpose, { fuzzy: false, timeoutMs: this.findTimeoutMs });
      } catch (error) {
        if (!(error instanceof TargetUnresolved)) throw error;
        throw missingTarget(action!, how, error);
      }
      grounded = await look();
    }
    if (grounded.length > 1)
      throw new ActionFailed(
        ambiguousReadings(
          action!.sentence,
          whereOf(action!.sentence, how),
          grounded.map((g) => ({ reading: formatIntent(g.reading.intent), finds: g.resolved.target.description })),
        ),
      );
    return grounded[0] ?? { reading: action! };
  }

  /**
   * Hook (1): a sentence the parser does not understand, read by the language model into actions
   * that are performed and recorded like any other, each with its own elementary sentence (so a
   * replay, and healing, never need the model). Returns null when done, else the reason.
   */
  private async interpretByModel(
    page: Page,
    sentence: string,
    context: AgentContext,
    record: (step: Step) => Promise<void>,
  ): Promise<string | null> {
    const assist = this.assist!;
    const read = await assist.interpret(page, sentence, context);
    if (!read.ok) return assist.line(read.why);
    for (const { intent, target } of read.value) {
      const reading = formatIntent(intent);
      try {
        const byModel = target ? { target, name: assist.name } : undefined;
        const tag = async (step: Step) => record(Object.assign(step, { interpretedBy: assist.name }));
        await this.perform(page, { intent, sentence: reading }, context, {
          fuzzy: false,
          from: sentence,
          record: tag,
          ...(byModel ? { byModel } : {}),
        });
      } catch (error) {
        return assist.line(`it read it as "${reading}", but ${reasonOf(error)}`);
      }
    }
    return null;
  }

  /** Hook (2): the target is not on the page by the built-in rules; the language model may name it. */
  private async orModelTarget(
    page: Page,
    action: ParsedAction,
    context: AgentContext,
    how: How,
    attempt: (how: How) => Promise<Step[]>,
  ): Promise<Step[]> {
    try {
      return await attempt(how);
    } catch (error) {
      const { intent } = action;
      if (
        !(error instanceof TargetMissing) ||
        !this.assist ||
        EXPANDING.includes(intent.kind) ||
        !('target' in intent) ||
        !intent.target
      )
        throw error;
      const assist = this.assist;
      const found = await assist.findTarget(page, action.sentence, formatIntent(intent), error.reason, context);
      if (!found.ok) throw new TargetMissing(`${error.message}\n${assist.line(found.why)}`, error.reason);
      try {
        return await this.perform(page, action, context, {
          ...how,
          byModel: { target: found.value, name: assist.name },
        });
      } catch (other) {
        if (!(other instanceof ActionFailed)) throw other;
        throw new TargetMissing(
          `${error.message}\n${assist.line(`it named ${describeModelTarget(found.value)}, but ${reasonOf(other)}`)}`,
          error.reason,
        );
      }
    }
  }

  /** "Dismiss the cookie banner": its close (or accept) button; without one, Escape. */
  private async dismiss(
    page: Page,
    target: TargetPhrase | null,
    sentence: string,
    context: AgentContext,
    how: How,
  ): Promise<Step[]> {
    const named =
      target?.name &&
      !/\b(?:banner|dialog|modal|popup|pop-up|overlay|message|notice|notification|toast)\b/i.test(target.name)
        ? [target.name]
        : [];
    const close: Intent = {
      kind: 'click',
      target: { name: 'Close', noun: null, near: null, alternatives: [...named, ...CLOSE_NAMES] },
      double: false,
      purpose: 'click',
    };
    // "Close the dialog": the open dialog's own close control comes before any other on the page.
    const ofDialog =
      !named.length &&
      !/\b(?:banner|cookies?|notice|notification|toast|message)\b/i.test(`${target?.name ?? ''} ${sentence}`)
        ? await dialogCloseTarget(page)
        : null;
    if (ofDialog) {
      const plain = clickOn('Close');
      const step = await this.act(
        page,
        { action: 'click', target: ofDialog, sentence: formatIntent(plain), from: sentence },
        context,
        ` (from "${sentence}")`,
      );
      await how.record(step);
      return [step];
    }
    try {
      return await this.perform(page, { intent: close, sentence: formatIntent(close) }, context, {
        ...how,
        from: sentence,
      });
    } catch (error) {
      if (!(error instanceof TargetMissing)) throw error;
    }
    const escape: Intent = { kind: 'press', key: 'Escape', target: null };
    return this.perform(page, { intent: escape, sentence: formatIntent(escape) }, context, { ...how, from: sentence });
  }

  /**
   * "Rename 'Buy milk' to 'Buy oat milk'": open the item's editor the way the page offers it (its
   * row's Rename or Edit, in the row's menu if it is kept there; else a double-click on its text, as
   * TodoMVC does), type the new text into the field that then has the focus, and press Enter. The
   * row's control comes first: where a double-click opens the item (a file manager), it would leave.
   */
  private async rename(
    page: Page,
    item: TargetPhrase,
    value: string,
    sentence: string,
    context: AgentContext,
    how: How,
  ): Promise<Step[]> {
    const from = { ...how, from: sentence };
    const run = (intent: Intent) => this.perform(page, { intent, sentence: formatIntent(intent) }, context, from);
    // Its editor open already (a double-click before, a card's Edit dialog): the field showing its
    // name. In a dialog the new name is only typed: Enter would submit the dialog's form, and the
    // goal says whether to save or cancel.
    const open = await page.evaluate(editorShowing, item.name!).catch(() => null);
    if (open) {
      const field: TargetPhrase = { name: open.focused ? null : open.label, noun: 'field', near: null };
      const typed = await run({ kind: 'fill', target: field, value });
      return open.inDialog ? typed : [...typed, ...(await run({ kind: 'press', key: 'Enter', target: field }))];
    }
    const steps: Step[] = [];
    const edit: Intent = {
      kind: 'click',
      // The verb's own word first: a row menu's "Rename" before an "Edit".
      target: {
        name: 'Rename',
        noun: null,
        near: { text: item.name!, relation: 'in the row of' },
        alternatives: ['Edit'],
      },
      double: false,
      purpose: 'click',
    };
    try {
      steps.push(...(await run(edit)));
    } catch (error) {
      if (!(error instanceof TargetMissing)) throw error;
      const doubleClick: Intent = { kind: 'click', target: { ...item, noun: null }, double: true, purpose: 'click' };
      steps.push(...(await run(doubleClick)));
    }
    const field: TargetPhrase = { name: null, noun: 'field', near: null };
    steps.push(...(await run({ kind: 'fill', target: field, value })));
    steps.push(...(await run({ kind: 'press', key: 'Enter', target: field })));
    return steps;
  }

  /**
   * A row's value shown as text with a button to edit it ("Edit quantity"): that button, then the
   * value typed into the field it opened (the only one, else the focused one), then Enter; each a step.
   */
  private async editInPlace(
    page: Page,
    intent: Extract<Intent, { kind: 'fill' }>,
    editor: OpensEditor,
    sentence: string,
    context: AgentContext,
    how: How,
  ): Promise<Step[]> {
    const from = { ...how, from: how.from ?? sentence };
    const run = (one: Intent) => this.performFrom(page, one, sentence, context, how);
    const field: TargetPhrase = { name: null, noun: 'field', near: null };
    // The button found for the fill, pressed as found: named again, the name could find another.
    const phrase: TargetPhrase = { name: editor.buttonName, noun: 'button', near: intent.target.near };
    let open: Step = {
      action: 'click',
      target: editor.button,
      sentence: formatIntent({ kind: 'click', target: phrase, double: false, purpose: 'click' }),
    };
    if (from.from) open.from = from.from;
    open = await this.act(page, open, context, whereOf(open.sentence, from));
    await how.record(open);
    return [
      open,
      ...(await run({ kind: 'fill', target: field, value: intent.value })),
      ...(await run({ kind: 'press', key: 'Enter', target: field })),
    ];
  }

  /**
   * Resolves the action's target (unless `grounded` holds it already: found once, with the hover that
   * revealed it), performs its step(s) and hands each to `how.record` once performed.
   */
  private async perform(
    page: Page,
    action: ParsedAction,
    context: AgentContext,
    how: How,
    grounded?: Resolved,
  ): Promise<Step[]> {
    const { intent, sentence } = action;
    outOfTime(how, action, page);
    if (intent.kind === 'login') return this.loginWithConfig(page, intent.config, sentence, context, how);
    if (intent.kind === 'loginAs')
      return this.login(
        page,
        { user: intent.user, password: intent.password, missingUser: '' },
        sentence,
        context,
        how,
      );
    if (intent.kind === 'dismiss') return this.dismiss(page, intent.target, sentence, context, how);
    if (intent.kind === 'rename') return this.rename(page, intent.target, intent.value, sentence, context, how);
    if (intent.kind === 'fillForm') {
      const steps: Step[] = [];
      await fillForm(page, intent, {
        run: async (one) => {
          steps.push(...(await this.performFrom(page, one, sentence, context, how)));
        },
        fail: (why) => new TargetMissing(`Could not do "${sentence}": ${why}`, why),
        timeoutMs: this.findTimeoutMs,
      });
      return steps;
    }
    const where = whereOf(sentence, how);
    const before: Step[] = [];
    await rememberFields(page);
    let built: Built;
    try {
      built = await this.stepFor(page, intent, sentence, how, context, grounded);
    } catch (error) {
      if (error instanceof OpensEditor && intent.kind === 'fill')
        return this.editInPlace(page, intent, error, sentence, context, how);
      if (!(error instanceof TargetUnresolved)) throw error;
      // A row's control kept in the row's closed menu: open the menu (a recorded step), look again.
      // A row's field shown only in its editor: open that (a recorded step), look there.
      const opened =
        (await this.openRowMenu(page, intent, sentence, context, how)) ??
        (await this.openRowEditor(page, intent, sentence, context, how)) ??
        (await this.openValueMenu(page, intent, sentence, context, how));
      if (!opened) throw missingTarget(action, how, error);
      before.push(...opened.steps);
      try {
        built = await this.stepFor(page, opened.intent, sentence, how, context);
      } catch (again) {
        if (!(again instanceof TargetUnresolved)) throw again;
        throw missingTarget(action, how, again);
      }
    }
    if (built.revealedBy) {
      // The control shows only while the mouse is over its row: replays hover there first too.
      const hover: Intent = { kind: 'hover', target: { name: built.revealedBy, noun: null, near: null } };
      before.push(...(await this.performFrom(page, hover, sentence, context, how)));
    }
    let step = built.step;
    if (how.from) step.from = how.from;
    step = await this.act(page, step, context, where);
    if (how.byModel) step.interpretedBy = how.byModel.name;
    await how.record(step);
    return [...before, step];
  }

  /**
   * The steps that opened the closed menu of the row a click's target is in, and the click with its
   * row named as the page names it; null when the row has no closed menu.
   */
  private async openRowMenu(
    page: Page,
    intent: Intent,
    sentence: string,
    context: AgentContext,
    how: How,
  ): Promise<{ steps: Step[]; intent: Intent } | null> {
    if (intent.kind !== 'click' || !intent.target.near || how.heal || how.byModel) return null;
    const found = await rowMenu(page, intent.target.near.text);
    if (!found) return null;
    const { row, menu } = found;
    // The menu's own button not found alone: opening the menu again would look for it again, forever.
    if (menu === intent.target.name) return null;
    const named: Intent = { ...intent, target: { ...intent.target, near: { ...intent.target.near, text: row } } };
    const open = clickOn(menu, 'click', { text: row, relation: 'in the row of' });
    const steps = await this.performFrom(page, open, sentence, context, how).catch(() => null);
    return steps && { steps, intent: named };
  }

  /**
   * "Assign them to Marcus Chen" where the page has "Assign to…": that button pressed (a recorded
   * step), and the rest of the words chosen in what it opened. Null when no one button fits.
   */
  private async openValueMenu(
    page: Page,
    intent: Intent,
    sentence: string,
    context: AgentContext,
    how: How,
  ): Promise<{ steps: Step[]; intent: Intent } | null> {
    if (intent.kind !== 'click' || intent.target.near || !intent.target.name || how.heal || how.byModel) return null;
    const menu = await valueMenuFor(page, intent.target.name);
    if (!menu) return null;
    const steps = await this.performFrom(page, clickOn(menu.opener), sentence, context, how).catch(() => null);
    return steps && { steps, intent: clickOn(menu.value, 'choose') };
  }

  /**
   * "Change Katherine Johnson's email to X" where her row shows no Email field: the row's Edit control
   * pressed (a recorded step, through the row's menu when it is kept there), and the field then
   * looked for in what it opened. Null when the row has no Edit or it opens nothing with the field.
   */
  private async openRowEditor(
    page: Page,
    intent: Intent,
    sentence: string,
    context: AgentContext,
    how: How,
  ): Promise<{ steps: Step[]; intent: Intent } | null> {
    if (!EDITED.includes(intent.kind) || !('target' in intent) || how.heal || how.byModel) return null;
    const { target } = intent;
    if (!target || target.name === null || target.near?.relation !== 'in the row of') return null;
    // The row's Edit, else the item itself opened from its row (its first link: a ticket's subject).
    const edit = clickOn('Edit', 'click', target.near);
    const open: Intent = {
      kind: 'click',
      target: { name: null, noun: 'link', near: target.near, nth: 1 },
      double: false,
      purpose: 'open',
    };
    for (const opener of [edit, open]) {
      const steps = await this.performFrom(page, opener, sentence, context, how).catch(() => null);
      if (steps) return { steps, intent: { ...intent, target: { ...target, near: null } } as Intent };
    }
    return null;
  }

  /**
   * "Archive the Stripe invoice" where the row has no Archive of its own but a checkbox that selects
   * it for a toolbar's (mail, admin tables): its checkbox ticked, then the page's one control of the
   * name, as two recorded steps. Null when that does not work, or when something is ticked already
   * (the toolbar would act on that too).
   */
  private async selectRowThenAct(
    page: Page,
    action: ParsedAction,
    context: AgentContext,
    how: How,
  ): Promise<Step[] | null> {
    const { intent, sentence } = action;
    if (intent.kind !== 'click' || intent.target.near?.relation !== 'in the row of' || how.heal || how.byModel)
      return null;
    if (intent.target.name === null || (await page.evaluate(anyTicked).catch(() => true))) return null;
    const tick: Intent = { kind: 'check', target: { name: null, noun: 'checkbox', near: intent.target.near } };
    const ticked = await this.performFrom(page, tick, sentence, context, how).catch(notDone);
    if (!ticked) return null;
    // The control that acts on the selection: a button before a link of that name (the "Archive"
    // folder beside the toolbar's Archive).
    const toolbar: Intent = {
      ...intent,
      target: { ...intent.target, near: null, noun: intent.target.noun ?? 'button' },
    };
    const acted = await this.performFrom(page, toolbar, sentence, context, how).catch(notDone);
    return acted && [...ticked, ...acted];
  }

  /**
   * Performs a step; a click or a check must have an effect. A visually hidden control (the opacity-0
   * input of a custom checkbox) is clicked where a person would click it, and an input that reacted
   * to nothing hands over to its visible label or box; the step that worked is the one recorded.
   */
  private async act(page: Page, step: Step, context: AgentContext, where: string): Promise<Step> {
    const run = async (s: Step) => {
      try {
        await performStep(page, s, context, this.timings);
      } catch (error) {
        if (error instanceof StepFailed || error instanceof TargetNotFound)
          throw new ActionFailed(`${error.message}${where}`);
        throw error;
      }
    };
    if (
      (step.action !== 'click' && step.action !== 'check' && step.action !== 'uncheck') ||
      (step.action === 'click' && step.when)
    ) {
      await run(step);
      return step;
    }
    const element = await elementOf(page, step.target);
    const instead = async (): Promise<Step | null> => {
      for (const target of element ? await personTargetsOf(page, element, null, step.target) : []) {
        const candidate: Step = {
          action: 'click',
          target,
          sentence: step.sentence,
          ...(step.from ? { from: step.from } : {}),
        };
        const changed = await watchEffects(page);
        try {
          await performStep(page, candidate, context, this.timings);
        } catch {
          continue;
        }
        if (await changed()) return candidate;
      }
      return null;
    };
    if (element && (await visuallyHidden(element))) {
      const checked = step.action === 'click' ? null : await element.isChecked({ timeout: 1000 }).catch(() => null);
      if (checked === null || checked !== (step.action === 'check')) {
        const clicked = await instead();
        if (clicked) return clicked;
      }
    }
    const changed = await watchEffects(page);
    await run(step);
    if (await changed()) return step;
    return (await instead()) ?? step;
  }

  /** The recorded step of one intent, with its target found on the page now. */
  private async stepFor(
    page: Page,
    intent: Intent,
    sentence: string,
    how: How,
    context: AgentContext,
    grounded?: Resolved,
  ): Promise<Built> {
    let revealedBy: string | undefined;
    const target = async (purpose: Purpose): Promise<{ target: Target; isSelect: boolean; name: string | null }> => {
      const phrase = 'target' in intent ? intent.target : null;
      if (!phrase) throw new Error(`"${sentence}" names no element`);
      const resolved = how.byModel
        ? await locateModelTarget(page, how.byModel.target, purpose, context.configs)
        : (grounded ??
          (await resolveTarget(page, phrase, purpose, { fuzzy: how.fuzzy, timeoutMs: this.findTimeoutMs })));
      revealedBy = resolved.revealedBy;
      if (how.heal) {
        const anchor = anchorOf(resolved.target);
        const inRow =
          anchor === null ||
          (await toPlaywright(page, resolved.target.locators[0]!)
            .visible()
            .first()
            .evaluate(sameRow, anchor)
            .catch(() => false));
        how.heal.change = judged(how.heal.recorded, foundFacts(resolved.target, resolved.facts, inRow));
      }
      return { target: resolved.target, isSelect: resolved.facts.isSelect, name: resolved.facts.name };
    };
    const step = await this.stepOf(intent, sentence, target);
    return revealedBy ? { step, revealedBy } : { step };
  }

  private async stepOf(
    intent: Intent,
    sentence: string,
    target: (purpose: Purpose) => Promise<{ target: Target; isSelect: boolean; name: string | null }>,
  ): Promise<Step> {
    switch (intent.kind) {
      case 'goto':
        return { action: 'goto', url: intent.url, sentence };
      case 'click': {
        const { target: t } = await target(intent.purpose);
        if (intent.until) return { action: 'click', target: t, when: intent.until, sentence };
        return intent.double
          ? { action: 'click', target: t, double: true, sentence }
          : { action: 'click', target: t, sentence };
      }
      case 'fill': {
        // "Set 'Country' to 'Sweden'" may name a <select>: that is a select step.
        const { target: t, isSelect, name } = await target('fill');
        if (intent.target.near && (t.role === 'button' || t.role === 'link')) throw new OpensEditor(t, name);
        return isSelect
          ? { action: 'select', target: t, value: intent.value, sentence }
          : { action: 'fill', target: t, value: intent.value, sentence };
      }
      case 'select':
        return { action: 'select', target: (await target('select')).target, value: intent.value, sentence };
      case 'check':
      case 'uncheck':
        return { action: intent.kind, target: (await target('check')).target, sentence };
      case 'hover':
        return { action: 'hover', target: (await target('hover')).target, sentence };
      case 'press':
        return intent.target
          ? { action: 'press', key: intent.key, target: (await target('press')).target, sentence }
          : { action: 'press', key: intent.key, sentence };
      case 'wait':
        return { action: 'wait', text: intent.text, sentence };
      case 'assert':
        return { action: 'assert', expectation: intent.expectation, sentence };
      case 'expand':
      case 'collapse':
        // Clicks only when needed, at the burn-in and at every replay.
        return {
          action: 'click',
          target: (await target('expand')).target,
          when: intent.kind === 'expand' ? 'collapsed' : 'expanded',
          sentence,
        };
      case 'login':
      case 'loginAs':
      case 'dismiss':
      case 'rename':
      case 'fillForm':
        throw new Error(`${intent.kind} expands into several steps`);
    }
  }

  /**
   * "Log in with config 'admin'": fill the user field and the password field with placeholders of
   * the config's keys, and click the submit button. Each step gets its own elementary sentence.
   * No config named ('Log in'): the test case's only config with a password.
   */
  private async loginWithConfig(
    page: Page,
    configName: string,
    sentence: string,
    context: AgentContext,
    how: How,
  ): Promise<Step[]> {
    const fail = (why: string) => new ActionFailed(`Could not do "${sentence}": ${why}`);
    const names =
      Object.keys(context.configs)
        .map((n) => JSON.stringify(n))
        .join(', ') || 'none';
    const withPassword = Object.keys(context.configs).filter((n) => pickLoginKeys(context.configs[n]!).password);
    const name = configName
      ? findConfig(context.configs, configName)
      : withPassword.length === 1
        ? withPassword[0]!
        : null;
    if (!name && !configName)
      throw fail(
        `say which config holds the account ("Log in with config 'admin'"); this test case has ${withPassword.length ? `several with a password: ${withPassword.join(', ')}` : `none with a password (configs: ${names})`}. Or write the account: "Sign in as ada@example.com with password ...".`,
      );
    if (!name)
      throw fail(
        `this test case has no config named ${JSON.stringify(configName)} (it has: ${names}). Add the config to the test case, or name one of these.`,
      );
    const values = context.configs[name]!;
    const keys = pickLoginKeys(values);
    const keyList = Object.keys(values).join(', ') || 'none';
    if (!keys.password)
      throw fail(`config ${JSON.stringify(name)} has no password key (its keys: ${keyList}). Name one "password".`);
    const placeholder = (key: string) => placeholderFor(context.configs, name, key);
    const user = keys.user ? placeholder(keys.user) : null;
    const missingUser = `config ${JSON.stringify(name)} has no user name or email key (its keys: ${keyList}). Name one "username" or "email".`;
    return this.login(page, { user, password: placeholder(keys.password), missingUser }, sentence, context, how);
  }

  /** Fills the login form (opening it first from a "Sign in" link when the page has none) and submits it. */
  private async login(
    page: Page,
    account: { user: string | null; password: string; missingUser: string },
    sentence: string,
    context: AgentContext,
    how: How,
  ): Promise<Step[]> {
    const fail = (why: string) => new ActionFailed(`Could not do "${sentence}": ${why}`);
    const steps: Step[] = [];
    const run = async (intent: Intent) => {
      steps.push(
        ...(await this.perform(page, { intent, sentence: formatIntent(intent) }, context, { ...how, from: sentence })),
      );
    };
    const field = (label: string) => ({ name: label, noun: null, near: null });
    const button = (label: string) => ({ name: label, noun: 'button', near: null });

    if (!(await waitForLoginField(page, Math.min(this.findTimeoutMs, 1500)))) {
      // Not on the login page: follow its link, as a person would.
      const open: Intent = {
        kind: 'click',
        target: { name: 'Sign in', noun: null, near: null, alternatives: ['Log in', 'Login', 'Sign on', 'Account'] },
        double: false,
        purpose: 'open',
      };
      await run(open).catch(() => undefined);
      await waitForLoginField(page, this.findTimeoutMs);
    }
    let form = await readLoginForm(page);
    if (!form.user && !form.password)
      throw fail(
        `found no user name, email or password field on ${page.url()}, and no "Sign in" or "Log in" link to one. Go to the login page first ("Go to /login").`,
      );
    if (form.user) {
      if (!account.user) throw fail(account.missingUser);
      await run({ kind: 'fill', target: field(form.user), value: account.user });
    }
    if (!form.password) {
      // A login in two parts: user name first, then "Next" shows the password field.
      if (!form.submit) throw fail(`found no password field and no button to continue on ${page.url()}.`);
      await run({ kind: 'click', target: button(form.submit), double: false, purpose: 'click' });
      if (!(await waitForLoginField(page, this.findTimeoutMs, true)))
        throw fail(`found no password field on ${page.url()} after "${form.submit}".`);
      form = await readLoginForm(page);
      if (!form.password) throw fail(`the password field on ${page.url()} has no label or placeholder to name it by.`);
    }
    await run({ kind: 'fill', target: field(form.password), value: account.password });
    if (!form.submit) throw fail(`found no button to submit the login form on ${page.url()}.`);
    await run({ kind: 'click', target: button(form.submit), double: false, purpose: 'click' });
    return steps;
  }
}

/** The heal rule's verdict on the element found; refused: the step is not performed, nothing is saved. */
function judged(recorded: RecordedTargetFacts, found: TargetFacts): { name: NameChange; roleChanged: boolean } {
  const decision = judgeHeal(recorded, found);
  if (decision.accept) return { name: decision.name, roleChanged: decision.roleChanged };
  throw new HealRefused(recordedElement(recorded), `${describeFacts(found)} (${decision.why})`);
}

/** The recorded element as a failure names it: '"Delete" button in the row of "Buy milk"'. */
function recordedElement(recorded: RecordedTargetFacts): string {
  const named = recorded.name ? `${JSON.stringify(recorded.name)} ` : '';
  return `${named}${roleWord(recorded.role)}${recorded.scope ? ` in ${recorded.scope}` : ''}`;
}

/** " (from "<goal sentence>")" when the action is one step of a longer sentence. */
function whereOf(sentence: string, how: How): string {
  return how.from && how.from !== sentence ? ` (from "${how.from}")` : '';
}

function missingTarget(action: ParsedAction, how: How, error: TargetUnresolved): TargetMissing {
  const { sentence, intent } = action;
  const [closest] = error.closest;
  return new TargetMissing(
    unresolvedMessage(sentence, whereOf(sentence, how), intent, error),
    error.reason,
    closest ? describeOffer(closest) : null,
  );
}

/**
 * The readings found at one look, in their order, each element and action once: a reading that
 * finds the element of one before it (or one inside it, or around it) and does the same thing
 * there is that reading.
 */
async function distinctGroundings(
  readings: ParsedAction[],
  found: (Grounded | null)[],
): Promise<{ reading: ParsedAction; resolved: Resolved }[]> {
  const kept: (Grounded & { reading: ParsedAction })[] = [];
  for (const [i, grounded] of found.entries()) {
    if (!grounded) continue;
    const reading = readings[i]!;
    // A column sorted one way is a column's header: "price" in the label of a sort dropdown is not it.
    if (reading.intent.kind === 'click' && reading.intent.until && !(await grounded.element.evaluate(inColumnHeader)))
      continue;
    let same = false;
    for (const other of kept)
      same ||=
        actionKey(other.reading.intent) === actionKey(reading.intent) &&
        (await other.element.evaluate(sameOrNested, grounded.element));
    if (!same) kept.push({ ...grounded, reading });
  }
  return kept.map(({ reading, resolved }) => ({ reading, resolved }));
}

const inColumnHeader = (el: Element) => el.closest('th, [role=columnheader]') !== null;

/** The target phrase and purpose of an intent that acts on one element found by its phrase; else null. */
function groundable(intent: Intent): { target: TargetPhrase; purpose: Purpose } | null {
  switch (intent.kind) {
    case 'click':
      return { target: intent.target, purpose: intent.purpose };
    case 'fill':
    case 'select':
    case 'hover':
      return { target: intent.target, purpose: intent.kind };
    case 'check':
    case 'uncheck':
      return { target: intent.target, purpose: 'check' };
    case 'expand':
    case 'collapse':
      return { target: intent.target, purpose: 'expand' };
    case 'press':
      return intent.target ? { target: intent.target, purpose: 'press' } : null;
    default:
      return null;
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The short reason of a failed action, for the language model's line. */
function reasonOf(error: unknown): string {
  return error instanceof TargetMissing ? error.reason : message(error).split('\n')[0]!.replace(/\.$/, '');
}

function describeModelTarget(target: ModelTarget): string {
  return target.role ? `${target.role} ${JSON.stringify(target.name)}` : `the text ${JSON.stringify(target.text)}`;
}

/**
 * "Move the first card in Review to Done": the item counted in its group is named by its text before
 * anything is done, so its row menu can be opened and the step is recorded by that text (a replay
 * never counts again).
 */
async function pinnedToItem(page: Page, action: ParsedAction): Promise<ParsedAction> {
  const { intent } = action;
  const target = 'target' in intent ? intent.target : null;
  const near = target?.near;
  if (!target || !near || near.nth === undefined || near.within === undefined) return action;
  const text = await nthItemText(page, near.text, near.nth, near.within);
  if (!text) return action;
  const pinned = { ...intent, target: { ...target, near: { text, relation: near.relation } } } as Intent;
  return { ...action, intent: pinned, sentence: formatIntent(pinned) };
}
