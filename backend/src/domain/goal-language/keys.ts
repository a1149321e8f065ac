// Key names as people write them ("enter", "Esc", "Ctrl+S", "up arrow") -> Playwright's names.

const NAMED: Record<string, string> = {
  enter: 'Enter',
  return: 'Enter',
  escape: 'Escape',
  esc: 'Escape',
  tab: 'Tab',
  space: 'Space',
  spacebar: 'Space',
  backspace: 'Backspace',
  delete: 'Delete',
  del: 'Delete',
  insert: 'Insert',
  home: 'Home',
  end: 'End',
  pageup: 'PageUp',
  'page up': 'PageUp',
  pagedown: 'PageDown',
  'page down': 'PageDown',
  arrowup: 'ArrowUp',
  arrowdown: 'ArrowDown',
  arrowleft: 'ArrowLeft',
  arrowright: 'ArrowRight',
  up: 'ArrowUp',
  down: 'ArrowDown',
  left: 'ArrowLeft',
  right: 'ArrowRight',
};
const MODIFIERS: Record<string, string> = {
  ctrl: 'Control',
  control: 'Control',
  cmd: 'Meta',
  command: 'Meta',
  meta: 'Meta',
  alt: 'Alt',
  option: 'Alt',
  shift: 'Shift',
  controlormeta: 'ControlOrMeta',
};

function singleKey(text: string, allowCharacter: boolean): string | null {
  const lower = text.toLowerCase().replace(/\s+/g, ' ').trim();
  const arrow = /^(?:(up|down|left|right) arrow|arrow (up|down|left|right))$/.exec(lower);
  if (arrow) return NAMED[arrow[1] ?? arrow[2]!]!;
  if (NAMED[lower]) return NAMED[lower];
  if (/^f([1-9]|1[0-2])$/.test(lower)) return lower.toUpperCase();
  if (allowCharacter && /^\S$/u.test(text.trim())) return text.trim();
  return null;
}

/**
 * The Playwright key for `text`, or null when it names no key. A lone character counts only when
 * `allowCharacter` (the sentence said "the 'a' key"), so "Press A" can still be a button.
 */
export function keyName(text: string, allowCharacter = false): string | null {
  const parts = text.trim().split(/\s*\+\s*/);
  if (parts.length === 1) return singleKey(parts[0]!, allowCharacter);
  const modifiers = parts.slice(0, -1).map((part) => MODIFIERS[part.toLowerCase()]);
  if (modifiers.some((m) => !m)) return null;
  const key = singleKey(parts.at(-1)!, true);
  return key ? [...modifiers, key].join('+') : null;
}
