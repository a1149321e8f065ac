// Which ARIA roles fit an action or a noun of a sentence, best first.
import type { Purpose } from './intents.js';

export const CLICKABLE = [
  'button',
  'link',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'tab',
  'option',
  'checkbox',
  'radio',
  'switch',
  'treeitem',
];
export const TYPABLE = ['textbox', 'searchbox', 'combobox', 'spinbutton'];
export const CHECKABLE = ['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio'];

export const PURPOSE_ROLES: Record<Purpose, string[]> = {
  click: CLICKABLE,
  open: ['link', 'tab', 'menuitem', 'button', 'treeitem'],
  expand: ['button', 'treeitem', 'link', 'tab', 'menuitem', 'row', 'combobox'],
  choose: ['radio', 'option', 'menuitemradio', 'tab', 'checkbox', 'button', 'link'],
  fill: TYPABLE,
  select: ['combobox', 'listbox'],
  check: CHECKABLE,
  toggle: [...CHECKABLE, 'button'],
  hover: [...CLICKABLE, 'img', 'heading', 'listitem', 'row', 'cell'],
  press: [...TYPABLE, ...CLICKABLE],
};

const NOUN_ROLES: [RegExp, string[]][] = [
  [/^(?:radio button|radio)$/, ['radio']],
  [/^(?:check ?box|tick ?box)$/, ['checkbox']],
  [/^(?:switch|toggle)$/, ['switch', 'checkbox']],
  [/^button$/, ['button']],
  [/^link$/, ['link']],
  [/^tab$/, ['tab']],
  [/^menu item$/, ['menuitem', 'menuitemcheckbox', 'menuitemradio']],
  [/^option$/, ['option', 'radio', 'menuitemradio']],
  [/^(?:field|input|input field|text ?field|text ?box|text ?area|search box|search field)$/, TYPABLE],
  [/^(?:dropdown|drop-down|select|select box|list ?box|menu|combo ?box|picker)$/, ['combobox', 'listbox']],
  [/^(?:icon|image|picture|logo)$/, ['img', 'button', 'link']],
  [/^heading$/, ['heading']],
  [/^(?:page|section)$/, ['link', 'tab', 'menuitem', 'button', 'treeitem']],
  [/^(?:folder|file|node)$/, ['treeitem', 'link', 'button']],
  [/^(?:item|row|entry|list item)$/, ['listitem', 'row', 'option', 'treeitem']],
  [/^box$/, [...TYPABLE, 'checkbox']],
];

/** Nouns a sentence may use to say what kind of element it means. */
export const NOUNS = [
  'radio button',
  'radio',
  'check box',
  'checkbox',
  'tick box',
  'tickbox',
  'switch',
  'toggle',
  'button',
  'link',
  'tab',
  'menu item',
  'option',
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
  'dropdown',
  'drop-down',
  'select box',
  'select',
  'list box',
  'listbox',
  'combo box',
  'combobox',
  'menu',
  'picker',
  'icon',
  'image',
  'picture',
  'logo',
  'heading',
  'page',
  'section',
  'list item',
  'item',
  'row',
  'entry',
  'box',
  'text',
  'label',
  'folder',
  'file',
  'node',
];

/** Roles a noun asks for; [] for "text" or "label" (find it by its text), null for an unknown noun. */
export function rolesForNoun(noun: string): string[] | null {
  const lower = noun.toLowerCase();
  if (lower === 'text' || lower === 'label') return [];
  for (const [pattern, roles] of NOUN_ROLES) if (pattern.test(lower)) return roles;
  return null;
}

/** Roles to try for a target: the noun's first (when it says one), then those of the purpose. */
export function fittingRoles(purpose: Purpose, noun: string | null): { preferred: string[]; fallback: string[] } {
  const fromPurpose = PURPOSE_ROLES[purpose];
  const fromNoun = noun ? rolesForNoun(noun) : null;
  if (!fromNoun) return { preferred: fromPurpose, fallback: [] };
  return { preferred: fromNoun, fallback: fromPurpose.filter((role) => !fromNoun.includes(role)) };
}
