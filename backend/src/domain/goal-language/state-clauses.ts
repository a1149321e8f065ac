// Expected results about a control rather than a text: its state ("The 'Remember me' checkbox is
// checked", "Dark mode is on", "The dialog is closed") or its value ("The Country field contains
// Sweden"); the looser text clauses people write ("The cart shows 1 item", "Buy milk is removed from
// the list", "I am on the checkout page"); and the vague ones refused with a hint ("The user is
// logged in"). All work on one clause of the skeleton (quoted values masked, modals normalized).
import type { ControlState, Expectation, ExpectedTarget } from '../steps.js';
import { isQuoted, unmask } from './quotes.js';
import { DROPDOWN_NOUNS, NOUNS, TEXT_FIELD_NOUNS } from './roles.js';
import { NUMBER_WORDS as ALL_NUMBER_WORDS } from './number-words.js';
import { parseTargetPhrase } from './target-phrase.js';

type Build = (m: RegExpExecArray, values: string[]) => Expectation | null;

const POPUP_NOUNS = [
  'modal dialog',
  'alert dialog',
  'dialog box',
  'dialog window',
  'dialog',
  'modal',
  'popup',
  'pop-up',
  'popover',
  'lightbox',
  'dropdown menu',
  'context menu',
  'menu',
];
const FIELD_NOUNS = [
  'number field',
  'number input',
  'spinbutton',
  'spin button',
  'stepper',
  'range slider',
  'slider',
  ...TEXT_FIELD_NOUNS,
  ...DROPDOWN_NOUNS,
  'box',
];
const OTHER_NOUNS = ['toggle button', 'toggle switch', 'accordion', 'panel', 'disclosure', 'details'];
const ALL_NOUNS = [...new Set([...POPUP_NOUNS, ...FIELD_NOUNS, ...OTHER_NOUNS, ...NOUNS])];
const NOUN = ALL_NOUNS.map((noun) => noun.replace(/ /g, '\\s+')).join('|');
const NOUN_ONLY = new RegExp(`^(${NOUN})$`, 'i');
const NOUN_SUFFIX = new RegExp(`^(.+?)\\s+(${NOUN})$`, 'i');
const NOUN_PREFIX = new RegExp(`^(${NOUN})\\s+(.+)$`, 'i');
const IS = '(?:is|are|was|were|has\\s+been|have\\s+been|gets|got)';
const NOT = '(not\\s+|no\\s+longer\\s+|never\\s+)?';
const SHOWN = '(?:shown|visible|displayed|present|showing|there|on\\s+screen|up)';
const MESSAGE = '(?:message|notification|toast|alert|banner|snackbar|flash|confirmation|error|warning|notice)';
const NUMBER_WORDS = ALL_NUMBER_WORDS.slice(0, 13);

function collapse(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

export function isPopupNoun(noun: string | null): boolean {
  return noun !== null && POPUP_NOUNS.includes(noun);
}

function isFieldNoun(noun: string | null): boolean {
  return noun !== null && FIELD_NOUNS.includes(noun);
}

/**
 * "the 'Remember me' checkbox", "Dark mode", "the dialog", "the checkbox next to 'Buy milk'". An
 * unquoted name before a noun counts only after "the" ("A confirmation dialog" is any dialog).
 */
export function parseSubject(slot: string, values: string[]): ExpectedTarget | null {
  const relative = parseTargetPhrase(slot, values);
  if (relative?.near) return relative;
  let text = slot.trim();
  const article = /^(the|a|an|any)\s+/i.exec(text)?.[1]?.toLowerCase() ?? null;
  text = text.replace(/^(?:the|a|an|any)\s+/i, '');
  if (!text) return null;
  const only = NOUN_ONLY.exec(text);
  if (only) return { name: null, noun: collapse(only[1]!), near: null };
  const suffix = NOUN_SUFFIX.exec(text);
  if (suffix && (isQuoted(suffix[1]!) || article === 'the'))
    return { name: unmask(suffix[1]!, values), noun: collapse(suffix[2]!), near: null };
  if (suffix && article) return { name: null, noun: collapse(suffix[2]!), near: null };
  const prefix = NOUN_PREFIX.exec(text);
  if (prefix && isQuoted(prefix[2]!))
    return { name: unmask(prefix[2]!, values), noun: collapse(prefix[1]!), near: null };
  // "The 'One number' rule": the quoted name is the control's; a kind word after it only says what it is.
  const kinded = /^(\uE000\d+\uE001)\s+[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?$/.exec(text);
  if (kinded) return { name: unmask(kinded[1]!, values), noun: null, near: null };
  const name = unmask(text, values);
  return name ? { name, noun: null, near: null } : null;
}

/** State words, with what they say plain and negated. "open" is a dialog's or menu's; else it means expanded. */
const STATE_WORDS: [string[], ControlState, ControlState][] = [
  [['checked', 'ticked', 'pressed', 'toggled on', 'switched on', 'turned on', 'on'], 'checked', 'unchecked'],
  [['unchecked', 'unticked', 'toggled off', 'switched off', 'turned off', 'off'], 'unchecked', 'checked'],
  [['selected', 'chosen', 'active', 'current', 'highlighted'], 'selected', 'unselected'],
  [['unselected', 'deselected', 'inactive'], 'unselected', 'selected'],
  [['expanded', 'unfolded'], 'expanded', 'collapsed'],
  [['collapsed', 'folded'], 'collapsed', 'expanded'],
  [['open', 'opened'], 'open', 'closed'],
  [['closed', 'shut', 'dismissed'], 'closed', 'open'],
  [['disabled', 'greyed out', 'grayed out', 'unclickable', 'not clickable'], 'disabled', 'enabled'],
  [['enabled', 'clickable'], 'enabled', 'disabled'],
];
/** Every state word, longest first, as an alternation (a space may be any whitespace). */
const STATE_WORD = STATE_WORDS.flatMap(([words]) => words)
  .sort((a, b) => b.length - a.length)
  .map((word) => word.replace(/ /g, '\\s+'))
  .join('|');

function stateOf(word: string, negated: boolean, target: ExpectedTarget): ControlState | null {
  const said = collapse(word);
  const entry = STATE_WORDS.find(([words]) => words.includes(said));
  if (!entry) return null;
  let state = negated ? entry[2] : entry[1];
  // An active button is one that can be pressed; an active tab is the selected one.
  if (/active/i.test(word) && target.noun && /^(?:button|link|field|input|text field)$/.test(target.noun))
    state = state === 'selected' ? 'enabled' : 'disabled';
  if (isPopupNoun(target.noun)) return state === 'expanded' ? 'open' : state === 'collapsed' ? 'closed' : state;
  return state === 'open' ? 'expanded' : state === 'closed' ? 'collapsed' : state;
}

function state(slot: string, values: string[], word: string, negated: boolean): Expectation | null {
  const target = parseSubject(slot, values);
  if (!target) return null;
  const s = stateOf(word, negated, target);
  return s ? { kind: 'state', target, state: s } : null;
}

/** Kinds of which one is the current one: a step of a wizard, a page of a pager, a tab, a folder. */
const PLACE_NOUN = '(?:step|stage|page|tab|section|view|folder|filter|category|slide|option|item)';
const MARKED = '(?:current|active|selected|highlighted)';

/** "Guest details" as the current step: selected, found by its name (a tab by its role too). */
function current(name: string, noun: string, values: string[]): Expectation | null {
  const text = unmask(name.replace(/^(?:the\s+)?/i, ''), values).trim();
  if (!text) return null;
  const known = collapse(noun);
  return {
    kind: 'state',
    target: { name: text, noun: ALL_NOUNS.includes(known) ? known : null, near: null },
    state: 'selected',
  };
}

// Subjects the text clauses own ("The title equals 'Home'", "The user is at /home").
const NOT_CONTROLS =
  /^(?:user|customer|i|we|you|it|this|that|page|screen|site|url|address|location|path|title|page\s+title|heading|list|table|cart|basket)$/i;

function value(slot: string, values: string[], text: string): Expectation | null {
  const target = parseSubject(slot, values);
  if (
    !target ||
    // "Ada is at the top of the list" says where an item stands (item-clauses.ts), not a value.
    /^the\s+(?:top|bottom)\b/i.test(text) ||
    (target.name !== null &&
      !target.noun &&
      !target.near &&
      !isQuoted(slot.replace(/^(?:the|a|an)\s+/i, '')) &&
      NOT_CONTROLS.test(target.name))
  )
    return null;
  return { kind: 'value', target, text };
}

/** A todo's text: "Buy milk", "'Buy milk'", "the Buy milk item"; null for "the order" (see vague). */
function todoText(slot: string, values: string[]): string | null {
  const s = slot.trim();
  if (isQuoted(s)) return unmask(s, values);
  const named = /^the\s+(.+?)\s+(?:item|todo|task|entry)$/i.exec(s);
  if (named) return unmask(named[1]!, values);
  return /^(?:the|a|an|my|our|this|it)\b/i.test(s) ? null : unmask(s, values) || null;
}

function todo(slot: string, values: string[], done: boolean): Expectation | null {
  const text = todoText(slot, values);
  if (!text) return null;
  return {
    kind: 'state',
    target: { name: null, noun: 'checkbox', near: { text, relation: 'next to' } },
    state: done ? 'checked' : 'unchecked',
  };
}

function popup(slot: string, values: string[], open: boolean): Expectation | null {
  const target = parseSubject(slot, values);
  return target && isPopupNoun(target.noun) ? { kind: 'state', target, state: open ? 'open' : 'closed' } : null;
}

/** "The number of guests is 4" is a field's value; "the number of items in the list is 3" a count. */
function numberOf(what: string, n: string, values: string[]): Expectation | null {
  const count = /^\d+$/.test(n) ? Number(n) : NUMBER_WORDS.indexOf(n.toLowerCase());
  const thing = unmask(what, values).replace(/\s+/g, ' ');
  if (/\bin\s+the\s+(?:list|table)$/i.test(thing)) return { kind: 'count', count, noun: thing };
  return { kind: 'value', target: { name: thing, noun: null, near: null }, text: String(count) };
}

const EMPTY_CONTAINER = /^(?:the\s+)?(list|table|cart|basket|shopping\s+cart|todo\s+list)$/i;

/** Tried before the text clauses: they would read "The dialog is shown" as the text "dialog". */
const STATE_CLAUSES: [RegExp, Build][] = [
  // "No dialog is open", "There is no open dialog"
  [
    new RegExp(
      `^(?:there\\s+is\\s+)?no\\s+(?:open\\s+)?((?:[\\w-]+\\s+)?(?:${POPUP_NOUNS.join('|')}))(?:\\s+(?:is|are)\\s+(?:open|opened|${SHOWN}))?$`,
      'i',
    ),
    (m, v) => popup(`a ${m[1]!}`, v, false),
  ],
  // "A success message saying 'Saved' is shown", "A 'Saved' message appears": the text, not the message.
  [
    new RegExp(
      `^(?:an?|the)\\s+(?:[\\w-]+\\s+)?${MESSAGE}\\s+(?:saying|reading|that\\s+says|that\\s+reads|with\\s+(?:the\\s+)?text|containing)?\\s*(.+?)\\s+(?:is|are)\\s+${SHOWN}$`,
      'i',
    ),
    (m, v) => (isQuoted(m[1]!) ? { kind: 'visible', text: unmask(m[1]!, v) } : null),
  ],
  [
    new RegExp(
      `^(?:an?|the)\\s+(?:[\\w-]+\\s+)?${MESSAGE}\\s+(?:saying|reading|that\\s+says|that\\s+reads|with\\s+(?:the\\s+)?text|containing)\\s+(.+?)(?:\\s+(?:appears|is\\s+${SHOWN}|shows\\s+up|pops\\s+up))?$`,
      'i',
    ),
    (m, v) => ({ kind: 'visible', text: unmask(m[1]!, v) }),
  ],
  // Values: "The option Sweden is selected in Country", "Sweden is selected in the Country dropdown"
  [
    /^(?:the\s+)?(?:option|value)\s+(.+?)\s+is\s+(?:selected|chosen)\s+(?:in|from|for)\s+(.+)$/i,
    (m, v) => value(m[2]!, v, unmask(m[1]!, v)),
  ],
  [/^(.+?)\s+is\s+(?:selected|chosen)\s+(?:in|from|for)\s+(.+)$/i, (m, v) => value(m[2]!, v, unmask(m[1]!, v))],
  [
    /^(.+?)\s+is\s+the\s+(?:selected|chosen|current)\s+(?:option|value|choice)\s+(?:in|of|for)\s+(.+)$/i,
    (m, v) => value(m[2]!, v, unmask(m[1]!, v)),
  ],
  [/^(.+?)\s+has\s+(.+?)\s+selected$/i, (m, v) => value(m[1]!, v, unmask(m[2]!, v))],
  [
    /^(?:the\s+)?(?:current\s+)?(?:value|content|contents|text)\s+(?:of|in)\s+(.+?)\s+(?:is|equals|reads)\s+(.+)$/i,
    (m, v) => value(m[1]!, v, unmask(m[2]!, v)),
  ],
  [/^(.+?)['’]s?\s+(?:current\s+)?value\s+(?:is|equals)\s+(.+)$/i, (m, v) => value(m[1]!, v, unmask(m[2]!, v))],
  [
    /^(?:the\s+)?number\s+of\s+(.+?)\s+is\s+(\d+|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)$/i,
    (m, v) => numberOf(m[1]!, m[2]!, v),
  ],
  [
    /^(.+?)\s+(?:is\s+(?:set|changed|filled(?:\s+in)?|prefilled|pre-filled)\s+(?:to|with)|is\s+at|is\s+set\s+at|has\s+(?:the\s+)?value(?:\s+of)?|equals|is\s+equal\s+to|(?:now\s+)?(?:drops|falls|goes\s+(?:down|up)|comes\s+down|rises|climbs|increases|decreases|changes|updates|jumps)\s+to)\s+(.+)$/i,
    (m, v) => value(m[1]!, v, unmask(m[2]!, v)),
  ],
  // "The cart is empty" is about its items; "The search box is empty" about a value.
  [
    /^(.+?)\s+(?:is|are)\s+(?:now\s+)?(?:empty|blank|cleared)$/i,
    (m, v) => {
      const container = EMPTY_CONTAINER.exec(m[1]!.trim());
      if (container)
        return {
          kind: 'count',
          count: 0,
          noun:
            container[1]!.toLowerCase() === 'table' ? 'rows in the table' : `items in the ${collapse(container[1]!)}`,
        };
      return value(m[1]!, v, '');
    },
  ],
  // Todos: "Buy milk is marked as completed", "'Buy milk' is done", "Buy milk is marked as active"
  [
    new RegExp(
      `^(.+?)\\s+${IS}\\s+${NOT}(?:marked|checked\\s+off|ticked\\s+off|crossed\\s+off)(?:\\s+as)?\\s+(completed?|done|finished|incomplete|uncompleted|not\\s+completed|not\\s+done|active|undone|open|pending)$`,
      'i',
    ),
    (m, v) => todo(m[1]!, v, /^(?:completed?|done|finished)$/i.test(m[3]!) !== Boolean(m[2])),
  ],
  [
    new RegExp(`^(.+?)\\s+${IS}\\s+(?:now\\s+)?${NOT}(completed?|done|finished|incomplete|uncompleted)$`, 'i'),
    (m, v) => todo(m[1]!, v, /^(?:completed?|done|finished)$/i.test(m[3]!) !== Boolean(m[2])),
  ],
  [/^(.+?)\s+(?:is|are|was)\s+(?:checked|ticked|crossed)\s+off$/i, (m, v) => todo(m[1]!, v, true)],
  // Dialogs and menus: shown, open, gone.
  [new RegExp(`^(.+?)\\s+${IS}\\s+(?:now\\s+|still\\s+)?${SHOWN}$`, 'i'), (m, v) => popup(m[1]!, v, true)],
  [
    new RegExp(
      `^(.+?)\\s+(?:${IS}\\s+(?:not|no\\s+longer)\\s+${SHOWN}|(?:is|are)\\s+(?:hidden|gone)|(?:isn['’]t|aren['’]t)\\s+${SHOWN})$`,
      'i',
    ),
    (m, v) => popup(m[1]!, v, false),
  ],
  // "The Membership step opens", "the Account step is still shown", "Sam is taken to the Membership
  // step": a wizard's step is the current one.
  [
    /^(?:(?:the\s+)?(.+?)\s+(step|stage)\s+(?:opens|appears|is\s+(?:now\s+|still\s+)?(?:shown|displayed|open|visible))|.+?\s+(?:is|are|gets|get)\s+(?:now\s+)?(?:taken|moved|sent|brought)\s+(?:on\s+)?to\s+(?:the\s+)?(.+?)\s+(step|stage))$/i,
    (m, v) => current((m[1] ?? m[3])!, (m[2] ?? m[4])!, v),
  ],
  [/^(.+?)\s+(?:appears|opens|pops\s+up|shows\s+up|is\s+opened|opened)$/i, (m, v) => popup(m[1]!, v, true)],
  [/^(.+?)\s+(?:disappears|closes|disappeared|closed|goes\s+away|went\s+away)$/i, (m, v) => popup(m[1]!, v, false)],
  // "Guest details is the current step", "The active tab is Pricing", "The stepper shows Payment as
  // the current step": the one marked current or selected among its kind (aria-current, aria-selected).
  [
    new RegExp(`^(.+?)\\s+${IS}\\s+(?:now\\s+|still\\s+)?(?:the|an?)\\s+${MARKED}\\s+(${PLACE_NOUN})$`, 'i'),
    (m, v) => current(m[1]!, m[2]!, v),
  ],
  [
    new RegExp(`^the\\s+${MARKED}\\s+(${PLACE_NOUN})\\s+${IS}\\s+(?:now\\s+|still\\s+)?(.+)$`, 'i'),
    (m, v) => current(m[2]!, m[1]!, v),
  ],
  [
    new RegExp(`^.+?\\s+(?:shows|marks|highlights)\\s+(.+?)\\s+as\\s+(?:the\\s+)?${MARKED}\\s+(${PLACE_NOUN})$`, 'i'),
    (m, v) => current(m[1]!, m[2]!, v),
  ],
  // "The 'Remember me' checkbox is checked", "Dark mode is on", "The Submit button is not disabled"
  [
    new RegExp(
      `^(.+?)\\s+${IS}\\s+(?:now\\s+|still\\s+|currently\\s+)?${NOT}(?:(?:set|marked|shown)\\s+as\\s+)?(${STATE_WORD})$`,
      'i',
    ),
    (m, v) => state(m[1]!, v, m[3]!, Boolean(m[2])),
  ],
  [new RegExp(`^(.+?)\\s+(?:isn['’]t|aren['’]t)\\s+(${STATE_WORD})$`, 'i'), (m, v) => state(m[1]!, v, m[2]!, true)],
  [/^(.+?)\s+(?:is|are)\s+(?:not\s+selected)$/i, (m, v) => state(m[1]!, v, 'selected', true)],
  // A field's value: "The Country field contains Sweden", "The Email field shows ada@example.com".
  [
    /^(.+?)\s+(?:shows|displays|contains|reads|says|holds|has|is)\s+(.+)$/i,
    (m, v) => {
      const target = parseSubject(m[1]!, v);
      const text = unmask(m[2]!, v);
      if (
        !target ||
        !isFieldNoun(target.noun) ||
        /^(?:not\s+)?(?:shown|visible|displayed|hidden|present|required|focused|invalid|valid|gone|there)$/i.test(text)
      )
        return null;
      return { kind: 'value', target, text };
    },
  ],
];

/** Words before "page" that name no page of its own ("the next page"). */
const NOT_A_PAGE_NAME = new Set('home start main landing front index next previous same right correct new'.split(' '));

/** "I am on the checkout page" -> the URL contains "/checkout". */
function pageSlug(words: string, values: string[]): Expectation | null {
  const name = unmask(words, values).trim();
  if (!name || NOT_A_PAGE_NAME.has(name.toLowerCase())) return null;
  return { kind: 'urlContains', text: `/${name.toLowerCase().replace(/\s+/g, '-')}` };
}

function shownText(kind: 'visible' | 'notVisible', slot: string, values: string[]): Expectation | null {
  const s = slot.trim();
  const named = /^the\s+(.+?)\s+(?:item|todo|task|entry|row|product)$/i.exec(s);
  if (named) return { kind, text: unmask(named[1]!, values) };
  if (/^(?:the|a|an|it|this|that)\b/i.test(s) && !isQuoted(s)) return null;
  const text = unmask(s, values);
  return text ? { kind, text } : null;
}

/** Tried after the text clauses, which know better ("Milk shows up", "The list shows 3 items"). */
const TEXT_CLAUSES: [RegExp, Build][] = [
  [
    new RegExp(
      `^(.+?)\\s+${IS}\\s+(?:removed|deleted|cleared|taken\\s+out)(?:\\s+from\\s+(?:the\\s+|my\\s+)?(?:[\\w-]+\\s+)?(?:list|cart|basket|table|page|screen|todos|items))?$`,
      'i',
    ),
    (m, v) => shownText('notVisible', m[1]!, v),
  ],
  [
    /^(.+?)\s+(?:is|are)\s+(?:no\s+longer|not)\s+(?:in|on)\s+(?:the\s+|my\s+)?(?:[\w-]+\s+)?(?:list|cart|basket|table|page|screen)(?:\s+any\s*more)?$/i,
    (m, v) => shownText('notVisible', m[1]!, v),
  ],
  [
    /^(.+?)\s+(?:is|are)\s+(?:now\s+)?(?:in|on)\s+(?:the\s+|my\s+)?(?:[\w-]+\s+)?(?:list|cart|basket|table)$/i,
    (m, v) => shownText('visible', m[1]!, v),
  ],
  [
    /^(?:i\s+am|i'm|we\s+are|we're|the\s+user\s+is|you\s+are)\s+(?:now\s+)?(?:on|at|taken\s+to|redirected\s+to|sent\s+to|brought\s+to|navigated\s+to)\s+(?:the\s+)?(\/\S*|https?:\/\/\S+)$/i,
    (m, v) => ({ kind: 'urlContains', text: unmask(m[1]!, v) }),
  ],
  [
    /^(?:i\s+am|i'm|we\s+are|we're|the\s+user\s+is|you\s+are)\s+(?:now\s+)?(?:on|at|taken\s+to|redirected\s+to|sent\s+to|brought\s+to|navigated\s+to)\s+(?:the\s+|my\s+)?(.+?)\s+page$/i,
    (m, v) => pageSlug(m[1]!, v),
  ],
  // "The cart shows 1 item", "The heading says Welcome": the text is shown (anywhere on the page).
  [
    /^(?:the\s+|a\s+|an\s+)?(?:\S+\s+){0,3}?(?:shows|displays|says|reads|contains|lists|includes)\s+(.+)$/i,
    (m, v) => (shownWords(m[1]!, v) ? { kind: 'visible', text: shownWords(m[1]!, v) } : null),
  ],
];

/**
 * The words a claim says are shown, as the page writes them: "the Off-peak plan" is the plan the page
 * calls "Off-peak", "a membership number" the words "membership number", "the Welcome to the club
 * screen" the words on that screen. Quoted text is taken as written.
 */
export function shownWords(slot: string, values: string[]): string {
  const s = slot.trim();
  if (isQuoted(s) || !/^(?:the|a|an)\s/i.test(s)) return unmask(s, values);
  const bare = s.replace(/^(?:the|a|an)\s+/i, '');
  const named = /^(\p{Lu}[\p{L}\d'’-]*(?:\s+\p{Lu}[\p{L}\d'’-]*)*)\s+[a-z]{3,}$/u.exec(bare);
  const screen = /^(\p{Lu}.*?)\s+(?:screen|page|view)$/u.exec(bare);
  return unmask(named?.[1] ?? screen?.[1] ?? bare, values);
}

function firstMatch(clauses: [RegExp, Build][], clause: string, values: string[]): Expectation | null {
  for (const [pattern, build] of clauses) {
    const m = pattern.exec(clause);
    const expectation = m ? build(m, values) : null;
    if (expectation) return expectation;
  }
  return null;
}

export function stateClause(clause: string, values: string[]): Expectation | null {
  return firstMatch(STATE_CLAUSES, clause, values);
}

export function looseTextClause(clause: string, values: string[]): Expectation | null {
  return firstMatch(TEXT_CLAUSES, clause, values);
}

const NAME_IT =
  "it does not say what to look for on the page. Name what the page shows when it is true: a text (\"'Welcome, Ada' is shown\"), a control's state (\"The 'Remember me' checkbox is checked\") or the URL (\"The URL contains '/dashboard'\")";

/** Results that name nothing to look at. Quoted parts are never vague: they name a text. */
const VAGUE: [RegExp, string][] = [
  [
    new RegExp(
      `^(?:an?|the|some)\\s+(?:[\\w-]+\\s+){0,2}?${MESSAGE}s?\\s+(?:(?:is|are)\\s+(?:not\\s+)?${SHOWN}|appears|shows\\s+up|pops\\s+up)$`,
      'i',
    ),
    'it does not say which text the message shows. Name it: "\'Saved\' is shown" or "The \'Order placed\' message is shown"',
  ],
  [
    /^(?:the\s+)?(?:user|customer|visitor|admin|account|i|we|you|he|she|they)\s+(?:is|am|are|was|were|gets|got|has\s+been|have\s+been)\s+(?:now\s+|successfully\s+)*(?:logged\s+(?:in|out)|signed\s+(?:in|out|up)|authenticated|registered|subscribed|redirected)(?:\s+(?:successfully|as\s+.+))?$/i,
    'it does not say what on the page shows it. Name that, e.g. "\'Log out\' is shown" or "\'Welcome, Ada\' is shown"',
  ],
  [
    /^(?:it|this|that|everything|all|the\s+(?:app|application|site|website|page|feature|test))\s+(?:works|worked|is\s+working|succeeds|succeeded|passes|passed|is\s+fine|is\s+ok(?:ay)?|is\s+correct|loads|is\s+loaded)(?:\s+(?:fine|correctly|properly|as\s+expected|well|ok|successfully))?$/i,
    NAME_IT,
  ],
  [
    /^(?:the\s+)?(?:login|log-?in|sign[- ]?in|sign[- ]?up|registration|checkout|payment|order|form|submission|request|operation|action|purchase|upload|download|update|changes?|data|settings|profile|record|item)\s+(?:is\s+|was\s+|has\s+been\s+|have\s+been\s+|are\s+|were\s+)?(?:successful|successfully\s+\w+|succeeds|succeeded|works|worked|completed?|submitted|saved|sent|placed|processed|confirmed|accepted|created|updated|persisted|done)$/i,
    NAME_IT,
  ],
  [
    /^(?:i\s+am|i'm|we\s+are|the\s+user\s+is|you\s+are)\s+(?:now\s+)?(?:on|at|taken\s+to|redirected\s+to|sent\s+to|brought\s+to)\s+(?:the\s+)?(?:home|start|main|landing|front|index|next|previous|same|right|correct|new)\s+page$/i,
    'the URL does not say which page that is. Name a text only that page shows ("\'Welcome back\' is shown") or its path ("I am on /home")',
  ],
];

/** Why a sentence (skeleton) is too vague to check and how to write it; null when no clause of it is vague. */
export function vagueResult(skeleton: string): string | null {
  for (const clause of skeleton.split(/\s*,?\s+(?:and|but)\s+|\s*,\s+/i)) {
    if (/\uE000/.test(clause)) continue;
    const found = VAGUE.find(([pattern]) => pattern.test(clause.trim()));
    if (found) return found[1];
  }
  return null;
}
