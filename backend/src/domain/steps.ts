// Recorded steps are data, not code: what to do, on what (several locators, best first), with which
// value, and the sentence of the goal that produced the step. Replay needs no interpretation.

/** One way to find an element. Serializable; replayed with Playwright's own locators. */
export type Locator =
  /** An empty `name` matches any name: "the checkbox" inside a `within` container. */
  | { kind: 'role'; role: string; name: string; exact?: boolean }
  | { kind: 'label'; text: string; exact?: boolean }
  | { kind: 'placeholder'; text: string; exact?: boolean }
  | { kind: 'testId'; id: string }
  | { kind: 'text'; text: string; exact?: boolean }
  | { kind: 'css'; selector: string }
  /** `inner` looked up inside the elements matching `container` (e.g. the row of 'Buy milk'). */
  | { kind: 'within'; container: Locator; inner: Locator };

export interface Target {
  /** In order of preference: role + accessible name, label, placeholder, test id, text, CSS last. */
  locators: Locator[];
  /** How a person would name it, for messages: `the "Sign in" button`. */
  description: string;
  /**
   * The element's ARIA role when it was recorded (null: none), which a fallback locator and a heal
   * must find again. Absent in steps recorded before it was kept: read from a role locator then.
   */
  role?: string | null;
  /** The sentence named it by its text alone ("Click 'Pricing'"): a link may stand in for a button. */
  byText?: boolean;
}

export type KeyName = string;

/**
 * `sentence` is one elementary instruction that produces exactly this step, so healing can
 * interpret it again on its own ("Fill 'Email' with '{{config.email}}'"). `from` is the goal
 * sentence it came from when that was a compound one ("Log in with config 'admin'"), or one only a
 * language model understood (then `sentence` is the model's reading, in Goalie's own phrasing).
 */
export type Step = StepAction & {
  from?: string;
  /** The language model that read the sentence or named the target, when the built-in rules could not. */
  interpretedBy?: string;
};

type StepAction =
  | { action: 'goto'; url: string; sentence: string }
  /** `when`: click only if the target is in that state ("Expand 'Documents'" clicks a collapsed one only). */
  | {
      action: 'click';
      target: Target;
      double?: boolean;
      /** Sorted: clicked until its column header says it sorts that way (aria-sort, else an arrow). */
      when?: 'collapsed' | 'expanded' | 'ascending' | 'descending';
      sentence: string;
    }
  | { action: 'fill'; target: Target; value: string; sentence: string }
  | { action: 'select'; target: Target; value: string; sentence: string }
  | { action: 'check'; target: Target; sentence: string }
  | { action: 'uncheck'; target: Target; sentence: string }
  | { action: 'press'; key: KeyName; target?: Target; sentence: string }
  | { action: 'hover'; target: Target; sentence: string }
  | { action: 'wait'; text: string; sentence: string }
  | { action: 'assert'; expectation: Expectation; sentence: string };

/** A checkable statement about the page: from an expected result or a "Verify that ..." sentence. */
export type Expectation =
  | { kind: 'visible'; text: string }
  | { kind: 'notVisible'; text: string }
  | { kind: 'urlContains'; text: string }
  | { kind: 'titleIs'; text: string }
  | { kind: 'count'; count: number; noun: string }
  /** "The 'Remember me' checkbox is checked", "The dialog is closed" (no visible dialog). */
  | { kind: 'state'; target: ExpectedTarget; state: ControlState }
  /** A field's, dropdown's, spinbutton's or slider's current value; '' is "is empty". */
  | { kind: 'value'; target: ExpectedTarget; text: string }
  /** About the row, list item or card that shows `item` ("The row of Ada shows Admin"). */
  | { kind: 'item'; item: string; claim: ItemClaim }
  /** "The To do column has 4 cards": the items of the column, list, folder or section named `group`. */
  | { kind: 'groupCount'; group: string; count: number; noun: string }
  /** "An error asks you to choose the dates": an alert, status or error text says every content word of `words`. */
  | { kind: 'message'; words: string };

/**
 * What an item claim says: the item also shows a text (or does not), it is the nth of its list
 * (1-based; -1 the last), it is the only item its list shows (or it and `others` are its only items), its field (a column, a label) shows a
 * value (or does not), it is (not) in the column, list, folder or section named `group`, or it has
 * (not) a mark such as starred.
 */
export type ItemClaim =
  | { shows: string; negated: boolean }
  | { position: number }
  | { only: true; others?: string[] }
  /** "Only Electrical products are listed": every item of its list shows the text (a filter left only those). */
  | { every: true }
  | { field: string; value: string; negated: boolean }
  | { group: string; negated: boolean }
  /** A mark set with the item's own toggle: "starred", "pinned" (item-marks.ts). */
  | { mark: string; negated: boolean };

/** The control an expectation is about, as the sentence named it (the shape of a target phrase). */
export interface ExpectedTarget {
  name: string | null;
  noun: string | null;
  near: { text: string; relation: 'next to' | 'in the row of' } | null;
}

export type ControlState =
  | 'checked'
  | 'unchecked'
  | 'selected'
  | 'unselected'
  | 'expanded'
  | 'collapsed'
  | 'disabled'
  | 'enabled'
  | 'open'
  | 'closed';

/** Config values a test case may use, by config name, then key. */
export type ConfigValues = Record<string, Record<string, string>>;

const PLACEHOLDER = /\{\{\s*config\.([A-Za-z_][A-Za-z0-9_.-]*)\s*\}\}/g;

/**
 * `{{config.password}}` -> the value. Recorded steps keep the placeholder (never the resolved
 * secret); replay resolves it. A key is looked up in every config of the test case, in order.
 * `{{config.admin.password}}` names the config too, for keys that several configs have.
 */
export function resolvePlaceholders(text: string, configs: ConfigValues): string {
  return text.replace(PLACEHOLDER, (whole, key: string) => {
    for (const values of Object.values(configs)) if (key in values) return values[key]!;
    const dot = key.indexOf('.');
    const named = dot > 0 ? configs[key.slice(0, dot)] : undefined;
    if (named && key.slice(dot + 1) in named) return named[key.slice(dot + 1)]!;
    throw new Error(`${whole} names no key of the test case's configs (${Object.keys(configs).join(', ') || 'none'})`);
  });
}
