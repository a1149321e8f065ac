// How targets and elements read in messages and in Target.description: `the "Sign in" button`.
import type { TargetPhrase } from '../domain/goal-language/intents.js';
import type { ElementFacts } from './element-facts.js';

const ROLE_NOUNS: Record<string, string> = {
  button: 'button',
  link: 'link',
  textbox: 'field',
  searchbox: 'search field',
  combobox: 'dropdown',
  listbox: 'list',
  checkbox: 'checkbox',
  radio: 'radio button',
  switch: 'switch',
  tab: 'tab',
  menuitem: 'menu item',
  menuitemcheckbox: 'menu item',
  menuitemradio: 'menu item',
  option: 'option',
  heading: 'heading',
  img: 'image',
  listitem: 'item',
  row: 'row',
  cell: 'cell',
  spinbutton: 'number field',
  slider: 'slider',
  treeitem: 'tree item',
};

export function roleNoun(role: string | null): string | null {
  return role ? (ROLE_NOUNS[role] ?? role) : null;
}

export function describeElement(facts: ElementFacts, phrase: TargetPhrase): string {
  const noun = roleNoun(facts.role);
  const label = facts.name || (noun ? null : facts.text.slice(0, 60)) || phrase.name;
  let text = label
    ? noun
      ? `the ${JSON.stringify(label)} ${noun}`
      : `the text ${JSON.stringify(label)}`
    : `the ${noun ?? phrase.noun ?? 'element'}`;
  if (phrase.near) text += ` ${phrase.near.relation} ${JSON.stringify(phrase.near.text)}`;
  return text;
}

/** "a button, link or other clickable element" style words for what a purpose looks for. */
export function wantedWords(purpose: string, noun: string | null): string {
  if (noun) return noun;
  switch (purpose) {
    case 'click':
      return 'button, link or other clickable element';
    case 'open':
      return 'link, tab or button';
    case 'choose':
      return 'option, radio button or other choice';
    case 'fill':
      return 'text field';
    case 'select':
      return 'dropdown or list';
    case 'check':
      return 'checkbox, radio button or switch';
    default:
      return 'element';
  }
}
