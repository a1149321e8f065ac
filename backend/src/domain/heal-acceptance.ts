// Whether an element found again after the page changed may stand in for a recorded step's target
// (issue 28, part 3). A heal must not change what the step does: same role, same scope, a name close
// to the old one as a whole. A name that contains the old one or is part of it is another control
// ("Delete" and "Delete all", "Pricing" and "Pricing FAQ"), however similar its letters are.
import { normalizeName } from './similarity.js';

/** What a target is, as far as a heal is concerned. */
export interface TargetFacts {
  /** ARIA role (explicit or implicit); null for an element without one. */
  role: string | null;
  /** Accessible name, else its text; '' for a control without a name. */
  name: string;
  /** The row, card, dialog or form it sits in (`li "Buy milk"`), compared as it is; null: the page. */
  scope: string | null;
}

export interface RecordedTargetFacts extends TargetFacts {
  /** The step named its target by its text alone (no "button", "link" in the sentence). */
  byText: boolean;
}

/** How far a name moved: the same words, a spelling (case, hyphen, a typo), or reworded. */
export type NameChange = 'none' | 'typo' | 'reworded';

export type HealDecision = { accept: true; name: NameChange; roleChanged: boolean } | { accept: false; why: string };

/** Roles a person may not tell apart when a step names the element by its text only. */
const INTERCHANGEABLE_BY_TEXT = ['button', 'link'];
/** Roles whose label often carries words that do not change what it asks for ("Email address"). */
const FIELD_ROLES = ['textbox', 'searchbox', 'combobox', 'spinbutton', 'listbox'];
/** Words that do not change what any name says. */
const FILLER = new Set(['a', 'an', 'the', 'your', 'my', 'please']);
/** Words that do not change what a field asks for. */
const FIELD_FILLER = new Set(['address', 'field', 'input', 'box', 'enter', 'here', 'required', 'optional']);

const ROLE_NOUNS: Record<string, string> = {
  textbox: 'field',
  searchbox: 'search field',
  combobox: 'dropdown',
  spinbutton: 'number field',
  menuitem: 'menu item',
  listitem: 'list item',
  radio: 'radio button',
  img: 'image',
  treeitem: 'tree item',
};

export function roleWord(role: string | null): string {
  return role ? (ROLE_NOUNS[role] ?? role) : 'text';
}

/** `button "Log in"`, `text "Log in"` for an element without a role. */
export function describeFacts(facts: TargetFacts): string {
  const what = `${roleWord(facts.role)} ${JSON.stringify(facts.name)}`;
  return facts.scope ? `${what} in ${facts.scope}` : what;
}

function words(name: string, field: boolean): string[] {
  const all = normalizeName(name).split(' ').filter(Boolean);
  const kept = all.filter((w) => !FILLER.has(w) && !(field && FIELD_FILLER.has(w)));
  return kept.length ? kept : all;
}

/** Edits between two strings, an adjacent swap counting as one (Damerau, restricted). */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  return d[a.length]![b.length]!;
}

/** One word for another by a slip: a plural, or one edit in a word of five letters or more (never the first letter, so "Edit" is no "Exit"). */
function closeWord(u: string, v: string): boolean {
  if (u === v || u + 's' === v || v + 's' === u) return true;
  return u[0] === v[0] && Math.min(u.length, v.length) >= 5 && editDistance(u, v) <= 1;
}

/** The words of `b` paired with those of `a`, each close to its own; null when they do not pair up. */
function pairUp(a: string[], b: string[]): number[] | null {
  if (a.length !== b.length) return null;
  const left = b.map((_, i) => i);
  const out: number[] = [];
  for (const [i, word] of a.entries()) {
    // The same place first, so that a slip in one word keeps the order.
    const at = left.includes(i) && closeWord(word, b[i]!) ? i : left.find((j) => closeWord(word, b[j]!));
    if (at === undefined) return null;
    out.push(at);
    left.splice(left.indexOf(at), 1);
  }
  return out;
}

/**
 * How `now` relates to `recorded` as a whole: the same words, a typo (spacing, case, a plural, one
 * slip in one word), reworded (the same words moved or several slips), or refused because one
 * contains the other or they are other words.
 */
export function compareNames(
  recorded: string,
  now: string,
  field = false,
): NameChange | 'contains' | 'contained' | 'other' {
  const a = words(recorded, field);
  const b = words(now, field);
  if (a.join(' ') === b.join(' ')) return normalizeName(recorded) === normalizeName(now) ? 'none' : 'typo';
  // "E-mail" is "Email", "Log in" is "Login": only the spacing differs.
  const cx = a.join('');
  const cy = b.join('');
  if (cx === cy) return 'typo';
  if (!cx || !cy) return 'other';
  // Part of the other, by words or by letters: another control, not a renamed one.
  if (b.length > a.length && a.every((w) => b.includes(w))) return 'contains';
  if (a.length > b.length && b.every((w) => a.includes(w))) return 'contained';
  const paired = pairUp(a, b);
  if (paired) {
    const inOrder = paired.every((j, i) => j === i);
    const changed = a.filter((w, i) => w !== b[paired[i]!]).length;
    return inOrder && changed <= 1 ? 'typo' : 'reworded';
  }
  if (cy.includes(cx)) return 'contains';
  if (cx.includes(cy)) return 'contained';
  return 'other';
}

const NAME_REFUSALS = {
  contains: 'its name only contains the old one',
  contained: 'its name is only part of the old one',
  other: 'another name',
} as const;

/**
 * Whether an element of `role` may stand in for the recorded target by its role: the same role, or a
 * button for a link and back when the step named it by its text alone. Replay's fallbacks ask it too.
 */
export function roleStandsIn(recorded: { role: string | null; byText?: boolean }, role: string | null): boolean {
  return (
    recorded.role === role ||
    (!!recorded.byText &&
      INTERCHANGEABLE_BY_TEXT.includes(recorded.role ?? '') &&
      INTERCHANGEABLE_BY_TEXT.includes(role ?? ''))
  );
}

/** Whether `candidate` may stand in for the recorded target; if not, why (for the failure message). */
export function judgeHeal(recorded: RecordedTargetFacts, candidate: TargetFacts): HealDecision {
  const roleChanged = recorded.role !== candidate.role;
  if (!roleStandsIn(recorded, candidate.role)) return { accept: false, why: 'another role' };
  if (recorded.scope !== candidate.scope)
    return {
      accept: false,
      why: recorded.scope ? `not in ${recorded.scope}` : `in ${candidate.scope ?? 'another place'}, not where it was`,
    };
  // A control recorded without words in its name (an icon found by its class, a "×" glyph) has none
  // to compare: its role and scope must hold, and a new name counts as reworded.
  if (!normalizeName(recorded.name))
    return { accept: true, name: candidate.name.trim() === recorded.name.trim() ? 'none' : 'reworded', roleChanged };
  const field = FIELD_ROLES.includes(recorded.role ?? '');
  const name = compareNames(recorded.name, candidate.name, field);
  if (name === 'contains' || name === 'contained' || name === 'other')
    return { accept: false, why: NAME_REFUSALS[name] };
  return { accept: true, name, roleChanged };
}

/** Whether an element named `now` of `role` may, by its name alone, stand in for one named `recorded`. */
export function nameStandsIn(recorded: string, now: string, role: string | null): boolean {
  const change = compareNames(recorded, now, FIELD_ROLES.includes(role ?? ''));
  return change === 'none' || change === 'typo' || change === 'reworded';
}

/** A heal that changed more than a typo: a test case with nothing else to check cannot pass on it. */
export function changesMeaning(decision: { name: NameChange; roleChanged: boolean }): boolean {
  return decision.roleChanged || decision.name === 'reworded';
}
