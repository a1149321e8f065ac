// What a sentence of a goal asks for, before it meets a page. The agent resolves targets on the live
// page and turns each intent into a recorded Step.
import type { Expectation } from '../steps.js';

/** Which way a column is sorted (`aria-sort`). */
export type SortDirection = 'ascending' | 'descending';

/** "next to" and "in the row of" both mean: inside the smallest container holding the anchor text. */
export type Relation = 'next to' | 'in the row of';

export interface TargetPhrase {
  /** The name as written ("Sign in"); null for "the checkbox next to 'Buy milk'". */
  name: string | null;
  /** The kind of element the sentence named ("button", "link", "field"), or null. */
  noun: string | null;
  /**
   * A relative target: look near this text. With `nth`, `text` is a kind of item ("row", "product")
   * and the anchor is the nth of those items on the page (1-based, -1 the last): "in the second row";
   * with `within`, the nth of those in the group of that name ("the first card in Review").
   */
  near: { text: string; relation: Relation; nth?: number; within?: string } | null;
  /** Other names to try, in order, when `name` matches nothing ("Delete" -> "Remove"). */
  alternatives?: string[];
  /**
   * "the second row", "the last 'Delete' button": the nth (1-based; -1 is the last, -2 the one before)
   * of the visible elements that match the rest of the phrase, in document order. Without `nth`, a
   * phrase with neither name nor anchor ("the search box", "the checkbox") means the only one there is.
   */
  nth?: number;
}

/** What the action is for: decides which roles fit (a button for click, a textbox for fill, ...). */
export type Purpose =
  'click' | 'open' | 'choose' | 'fill' | 'select' | 'check' | 'hover' | 'press' | 'expand' | 'toggle';

export type Intent =
  | { kind: 'goto'; url: string }
  /** purpose 'open' is "Open the 'Pricing' page" (follow a link); 'choose' is "Select 'Express'"; 'toggle' flips a checkbox or switch. */
  | {
      kind: 'click';
      target: TargetPhrase;
      double: boolean;
      purpose: 'click' | 'open' | 'choose' | 'toggle';
      /** "Sort by price, highest first" on a column header: clicked until it sorts that way. */
      until?: SortDirection;
    }
  /** value '' is "Clear 'Search'". */
  | { kind: 'fill'; target: TargetPhrase; value: string }
  | { kind: 'select'; target: TargetPhrase; value: string }
  | { kind: 'check'; target: TargetPhrase }
  | { kind: 'uncheck'; target: TargetPhrase }
  | { kind: 'hover'; target: TargetPhrase }
  | { kind: 'press'; key: string; target: TargetPhrase | null }
  | { kind: 'wait'; text: string }
  | { kind: 'assert'; expectation: Expectation }
  /** Expanded on the page into fill, fill, click with `{{config.<key>}}` values; '' is the test case's login config. */
  | { kind: 'login'; config: string }
  /** "Sign in as ada@example.com with password lovelace": the same, with the values written. */
  | { kind: 'loginAs'; user: string; password: string }
  /** "Expand 'Documents'": clicks only when it is not expanded yet (aria-expanded, details). */
  | { kind: 'expand' | 'collapse'; target: TargetPhrase }
  /** "Dismiss the cookie banner", "Close the dialog": its close button, else Escape. */
  | { kind: 'dismiss'; target: TargetPhrase | null }
  /** "Rename 'Buy milk' to 'Buy oat milk'": the item's Edit button (else a double-click on it), the new text, Enter. */
  | { kind: 'rename'; target: TargetPhrase; value: string }
  /**
   * "Sign up as ada@example.com with password X", "fill in Ada Lovelace, United Kingdom, Developer":
   * values placed in the form's fields on the page, each becoming a fill, select or choice. `whole`:
   * "fill the profile with A, B", where a field named "profile" would take the whole text.
   */
  | { kind: 'fillForm'; entries: FormEntry[]; whole: { field: string; value: string } | null };

/** A value for a form, and the field it was given with ("password X"), or null for a bare value. */
export interface FormEntry {
  field: string | null;
  /** Other names forms give that field ("title": "Name", "Subject"), tried in order after `field`. */
  alternatives?: string[];
  value: string;
  /** The field takes several values, each typed and then chosen or entered (guests, tags). */
  many?: true;
}

/** One action of a sentence, with the elementary sentence that asks for exactly it. */
export interface ParsedAction {
  intent: Intent;
  /** The sentence as written when it holds one action; otherwise one written for this action alone. */
  sentence: string;
  /** Other readings, tried in order when this one's target is not on the page ("Delete Buy milk"). */
  alternatives?: ParsedAction[];
  /**
   * As an alternative: a reading only for a page where the readings before it find nothing ("its
   * quantity" read without its owner, for a product's own page), never a rival to them.
   */
  fallback?: boolean;
  /**
   * Read only as the control an unknown verb names (verb-controls.ts): when the page has no such
   * control, the rules did not understand the sentence after all.
   */
  guessed?: boolean;
}

export type SentenceParse = { ok: true; actions: ParsedAction[] } | { ok: false; error: string };
