// "Marco Rossi's message is starred", "The Q4 roadmap is not pinned": a mark a person sets on an item
// with a toggle of its own (a star, a pin, a flag). Read from the item's toggle: its pressed or
// checked state when it has one, else what its name says ("Unstar", "Starred" and "Following" are
// on, "Star" and "Not starred" are off); without a toggle, a "Pinned" text shown in the item is on. Anything else is
// unknown, which fails either way: a mark nobody can see is not a verdict.

/** The marks people say an item has, each with the word its toggle is named by. */
export const ITEM_MARKS: Record<string, string> = {
  starred: 'star',
  pinned: 'pin',
  flagged: 'flag',
  bookmarked: 'bookmark',
  liked: 'like',
  favorited: 'favorite',
  favourited: 'favourite',
  followed: 'follow',
  muted: 'mute',
  upvoted: 'upvote',
};

/** A button, checkbox or switch inside an item, as the page shows it. */
export interface ItemToggle {
  name: string;
  /** aria-pressed, aria-checked or checked; null when it has none. */
  on: boolean | null;
}

export interface MarkReading {
  /** null: the item shows nothing that tells. */
  on: boolean | null;
  /** What told it, for the verdict's line. */
  by: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether the item whose toggles and text these are has the mark (a key of ITEM_MARKS). */
export function readMark(mark: string, toggles: ItemToggle[], text: string): MarkReading {
  const stem = ITEM_MARKS[mark.toLowerCase()] ?? mark.toLowerCase();
  // "Star", "Starred", "Unstar", "Add star", "Remove star", "Not starred", "Following"; not "Start".
  const base = escape(stem);
  // star -> starred, starring; like -> liked, liking; follow -> followed, following.
  const grown = `(?:${base}${escape(stem.at(-1)!)}?(?:ed|ing)|${base}d|${escape(stem.replace(/e$/, ''))}ing)`;
  const forms = new RegExp(`(?:^|[^\\p{L}])(?:un)?(?:${grown}|${base}s?)(?![\\p{L}])`, 'iu');
  const toggle = toggles.find((t) => forms.test(t.name));
  const quoted = toggle && JSON.stringify(toggle.name);
  if (toggle && toggle.on !== null) return { on: toggle.on, by: `its toggle ${quoted} is ${toggle.on ? 'on' : 'off'}` };
  if (toggle) {
    const name = toggle.name.toLowerCase();
    const off =
      new RegExp(`\\bnot\\s+(?:\\p{L}+\\s+)?${escape(mark.toLowerCase())}`, 'u').test(name) ||
      !new RegExp(`(?:^|[^\\p{L}])(?:un${base}|remove\\b|${grown}\\b)`, 'u').test(name);
    return { on: !off, by: `its toggle is named ${quoted}` };
  }
  if (new RegExp(`(?:^|[^\\p{L}])${escape(mark)}(?![\\p{L}])`, 'iu').test(text))
    return { on: true, by: `it shows "${mark}"` };
  return { on: null, by: `it has no ${stem} toggle and does not show "${mark}"` };
}
