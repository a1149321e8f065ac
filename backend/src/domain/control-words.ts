// Controls the accessibility tree does not name (an icon button with only `class="destroy"`, a
// `title`, a test id, an icon font's ligature): their identifiers read as words, and the words a
// goal uses ("Delete", "Remove") matched against them through synonyms.

/** Words that mean the same on a control. The first of each group is only a label. */
const GROUPS: string[][] = [
  ['delete', 'remove', 'destroy', 'trash', 'bin', 'erase', 'discard', 'del', 'rubbish', 'garbage', 'wastebasket'],
  ['close', 'dismiss', 'x', 'times', 'cross', 'exit', 'hide'],
  ['cancel', 'abort'],
  ['edit', 'pencil', 'modify', 'rename', 'pen', 'write'],
  ['add', 'plus', 'create', 'new', 'insert'],
  ['search', 'magnify', 'magnifier', 'magnifying', 'find', 'lookup', 'loupe'],
  ['menu', 'hamburger', 'burger', 'bars', 'navicon', 'nav'],
  ['more', 'dots', 'ellipsis', 'kebab', 'overflow', 'options', 'actions'],
  ['settings', 'gear', 'cog', 'preferences', 'config', 'configure', 'setup'],
  ['next', 'forward', 'right', 'chevron-right'],
  ['previous', 'prev', 'back', 'left', 'chevron-left'],
  ['expand', 'chevron', 'caret', 'down', 'open', 'unfold', 'arrow-down'],
  ['collapse', 'up', 'fold', 'arrow-up'],
  ['like', 'heart', 'favorite', 'favourite', 'fav', 'star', 'love'],
  ['cart', 'basket', 'bag', 'trolley', 'shopping'],
  ['account', 'user', 'profile', 'avatar', 'person', 'me'],
  ['save', 'floppy', 'disk', 'store'],
  ['copy', 'duplicate', 'clone', 'clipboard'],
  ['refresh', 'reload', 'sync', 'retry'],
  ['increment', 'increase', 'plus', 'up', 'more', 'inc'],
  ['decrement', 'decrease', 'minus', 'down', 'less', 'dec'],
  ['done', 'complete', 'completed', 'check', 'tick', 'finish', 'toggle'],
  ['toggle', 'switch'],
  ['help', 'info', 'question', 'information'],
  ['logout', 'signout', 'exit'],
  ['share', 'send'],
  ['download', 'export'],
  ['upload', 'import', 'attach', 'attachment', 'paperclip'],
  ['filter', 'funnel'],
  ['home', 'house'],
  ['notifications', 'notification', 'bell', 'alerts'],
  ['play', 'start'],
  ['pause', 'stop'],
];

/** Words that say nothing about which control is meant. */
const FILLER = new Set([
  'the',
  'a',
  'an',
  'to',
  'of',
  'from',
  'in',
  'on',
  'for',
  'this',
  'that',
  'my',
  'your',
  'button',
  'btn',
  'icon',
  'link',
  'item',
  'control',
  'ico',
  'svg',
  'img',
  'fa',
  'fas',
  'far',
  'bi',
  'mdi',
  'material',
  'icons',
  'symbols',
  'outlined',
  'rounded',
  'sharp',
  'glyphicon',
  'glyph',
  'lg',
  'sm',
  'md',
  'xs',
  'js',
]);

/** "removeItemButton", "remove-item_btn", "icon-trash" -> ["remove", "item", "button", "icon", "trash"]. */
export function identifierWords(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

function synonymsOf(word: string): Set<string> {
  const out = new Set([word]);
  for (const group of GROUPS) if (group.includes(word)) for (const w of group) out.add(w);
  return out;
}

/** The words of a wanted name that say something ("Remove from cart" -> remove, cart). */
export function contentWords(name: string): string[] {
  return identifierWords(name).filter((w) => !FILLER.has(w));
}

/**
 * How well a control's identifier words fit a wanted name, 0..1: the share of the name's content
 * words that the control's words say (directly or through a synonym). A long word may begin or end
 * a compound identifier word ("trash" in "trashcan", not "close" in "closet").
 */
export function controlWordScore(wanted: string, controlWords: string[]): number {
  const needed = contentWords(wanted);
  if (!needed.length) return 0;
  const have = controlWords.map((w) => w.toLowerCase());
  let matched = 0;
  for (const word of needed) {
    const synonyms = synonymsOf(word);
    const hit = have.some(
      (w) =>
        synonyms.has(w) ||
        [...synonyms].some((s) => s.length >= 4 && w.length >= s.length + 3 && (w.startsWith(s) || w.endsWith(s))),
    );
    if (hit) matched++;
  }
  return matched / needed.length;
}

/** The control's words name something (a known action) other than `wanted`: "destroy" says delete, not edit. */
export function saysSomethingElse(wanted: string, controlWords: string[]): boolean {
  const known = controlWords.some((w) => GROUPS.some((group) => group.includes(w.toLowerCase())));
  return known && controlWordScore(wanted, controlWords) < 1;
}

/**
 * The control's words name an action `wanted` does not ask for: "add_shopping_cart" says add, so it
 * is not what "the cart" means, while "shopping_cart 1 item" is.
 */
export function saysMoreThan(wanted: string, controlWords: string[]): boolean {
  const asked = new Set(contentWords(wanted).flatMap((w) => [...synonymsOf(w)]));
  return controlWords.some((w) => {
    const word = w.toLowerCase();
    return !asked.has(word) && GROUPS.some((group) => group.includes(word) && !group.some((g) => asked.has(g)));
  });
}

const UP_SIGNS = /^(?:\+|＋|▲|▴|⏶|↑|˄|⌃)$/;
const DOWN_SIGNS = /^(?:-|−|–|▼|▾|⏷|↓|˅|⌄)$/;

/**
 * Which way a number field's arrow button goes, by its name or identifiers ("+", "Decrease guests",
 * class="qty-plus", an icon font's "add"/"remove"); null when they say nothing or both ways.
 */
export function arrowDirection(texts: string[]): 'up' | 'down' | null {
  let up = false;
  let down = false;
  for (const text of texts) {
    const words = identifierWords(text);
    if (UP_SIGNS.test(text.trim()) || controlWordScore('increment', words) === 1 || words.includes('add')) up = true;
    if (DOWN_SIGNS.test(text.trim()) || controlWordScore('decrement', words) === 1 || words.includes('remove'))
      down = true;
  }
  return up === down ? null : up ? 'up' : 'down';
}

const NEXT_SIGNS = /^(?:›|»|→|>|▶|▸|❯|⟩)$/;
const PREVIOUS_SIGNS = /^(?:‹|«|←|<|◀|◂|❮|⟨)$/;

/** Which way a calendar's control turns the month ("Next month", "›", class="ui-datepicker-prev"); null when it does not say. */
export function monthStep(texts: string[]): 'next' | 'previous' | null {
  let next = false;
  let previous = false;
  for (const text of texts) {
    const words = identifierWords(text);
    if (words.includes('year') || words.includes('years')) return null;
    if (NEXT_SIGNS.test(text.trim()) || controlWordScore('next', words) === 1) next = true;
    if (PREVIOUS_SIGNS.test(text.trim()) || controlWordScore('previous', words) === 1) previous = true;
  }
  return next === previous ? null : next ? 'next' : 'previous';
}
