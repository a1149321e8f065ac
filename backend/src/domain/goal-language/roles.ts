// Which ARIA roles fit an action or a noun of a sentence, best first.
import type { Purpose } from './intents.js';
import { SELECTABLE, TYPABLE, entryOf } from './lexicon.js';

/** The roles each purpose acts on: those of the lexicon family that asks for it. */
export const PURPOSE_ROLES: Record<Purpose, string[]> = {
  click: entryOf('click').roles,
  open: entryOf('open').roles,
  expand: entryOf('expand').roles,
  choose: entryOf('choose').roles,
  fill: entryOf('type').roles,
  select: SELECTABLE,
  check: entryOf('check').roles,
  toggle: entryOf('toggle').roles,
  hover: entryOf('hover').roles,
  press: entryOf('press').roles,
};

/** Elements a purpose acts on that no role names ("expand": anything with aria-expanded, a <summary>), as CSS. */
export const PURPOSE_ELEMENTS: Partial<Record<Purpose, string[]>> = { expand: entryOf('expand').elements ?? [] };

/** Nouns of a field to type into (state clauses read them too). */
export const TEXT_FIELD_NOUNS = [
  'input field',
  'text field',
  'textfield',
  'text box',
  'textbox',
  'text area',
  'textarea',
  'search box',
  'search field',
  'field',
  'input',
];
/** Nouns of a list to choose from. */
export const DROPDOWN_NOUNS = [
  'dropdown',
  'drop-down',
  'select box',
  'select',
  'list box',
  'listbox',
  'combo box',
  'combobox',
  'picker',
];

/** The nouns a sentence may name a kind of element by, with the roles each means. */
const NOUN_ROLES: [string[], string[]][] = [
  [['radio button', 'radio'], ['radio']],
  [['check box', 'checkbox', 'tick box', 'tickbox'], ['checkbox']],
  [
    ['switch', 'toggle'],
    ['switch', 'checkbox'],
  ],
  [['button'], ['button']],
  [['link'], ['link']],
  [['tab'], ['tab']],
  [['menu item'], ['menuitem', 'menuitemcheckbox', 'menuitemradio']],
  [['option'], ['option', 'radio', 'menuitemradio']],
  [[...TEXT_FIELD_NOUNS, 'searchbox'], TYPABLE],
  [
    [...DROPDOWN_NOUNS, 'menu'],
    ['combobox', 'listbox'],
  ],
  [
    ['icon', 'image', 'picture', 'logo'],
    ['img', 'button', 'link'],
  ],
  [['heading'], ['heading']],
  [['column header'], ['columnheader', 'button']],
  [
    ['page', 'section'],
    ['link', 'tab', 'menuitem', 'button', 'treeitem'],
  ],
  // A folder is a place to go to: a button of the same name (a row's "Starred" star) only when no
  // tree item or link is named so (the purpose's roles come after the noun's).
  [
    ['folder', 'file', 'node'],
    ['treeitem', 'link', 'tab'],
  ],
  [
    ['item', 'row', 'entry', 'list item'],
    ['listitem', 'row', 'option', 'treeitem'],
  ],
  [['box'], [...TYPABLE, 'checkbox']],
];
const ROLES_OF_NOUN = new Map(NOUN_ROLES.flatMap(([nouns, roles]) => nouns.map((noun) => [noun, roles] as const)));

/** Nouns a sentence may use to say what kind of element it means, longest first. */
export const NOUNS = [...NOUN_ROLES.flatMap(([nouns]) => nouns), 'text', 'label'].sort((a, b) => b.length - a.length);

/** Roles a noun asks for; [] for "text" or "label" (find it by its text), null for an unknown noun. */
export function rolesForNoun(noun: string): string[] | null {
  const lower = noun.toLowerCase().replace(/\s+/g, ' ');
  if (lower === 'text' || lower === 'label') return [];
  return ROLES_OF_NOUN.get(lower) ?? null;
}

/** Roles to try for a target: the noun's first (when it says one), then those of the purpose. */
export function fittingRoles(purpose: Purpose, noun: string | null): { preferred: string[]; fallback: string[] } {
  const fromPurpose = PURPOSE_ROLES[purpose];
  const fromNoun = noun ? rolesForNoun(noun) : null;
  if (!fromNoun) return { preferred: fromPurpose, fallback: [] };
  return { preferred: fromNoun, fallback: fromPurpose.filter((role) => !fromNoun.includes(role)) };
}
