// One layer of encoding taken off the characters encodings are written with (`%`, `&`, `#`, `;`,
// `\`, `+`), remembering where each character came from. A value encoded inside another encoding
// (JSON in a form field: `%5C%22`; a form body percent-encoded again: `%2521`; HTML references in
// a form body: `%26%2333%3B`; HTML in JSON: `&amp;#33;`) has the outer encoding on those characters
// of the inner one, so decoding them once turns it into an encoding secret-encodings.ts recognises
// (`\%22`, `%21`, `&#33;`). Everything else stays as it is. Pure.
import { legacyNames } from './html-named-characters.js';
import { characterForms } from './secret-encodings.js';

export interface Decoded {
  text: string;
  /** Where the character at `index` of `text` (or the end, at `text.length`) begins in the original. */
  origin(index: number): number;
}

/** The characters encodings are written with. */
const SYNTAX = ['#', '%', '&', '+', ';', '\\'];

/**
 * What must follow `%` and `&` for them to begin the form of a character: a `&amp;` between query
 * parameters, or a `%25` before anything but hex digits, is left as it is (as the value's own
 * character it is recognised encoded, and decoding it would only cost time).
 */
const BEGINS_FORM: Record<string, string> = {
  '%': '(?=[0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4})',
  // A reference, or one whose own characters are encoded too (`&%2333%3B`).
  '&': `(?=[#%&\\\\]|[A-Za-z]{2,32};|${legacyNames().join('|')})`,
};

/**
 * Each character of SYNTAX in any of its encoded forms, where it matters: one group per form, the
 * forms grouped by their first character (`%`, `&`, `\\`) so that most positions fail at once.
 */
function unitPattern(): { regex: RegExp; charOfGroup: string[] } {
  const forms = SYNTAX.flatMap((char) =>
    characterForms(char)
      .slice(1)
      .map((form) => {
        const start = form.startsWith('\\\\') ? '\\\\' : form[0]!;
        return { start, rest: `${form.slice(start.length)}${BEGINS_FORM[char] ?? ''}`, char };
      }),
  );
  const starts = [...new Set(forms.map((form) => form.start))];
  // Groups are numbered left to right, so charOfGroup follows the same order.
  const grouped = starts.map((start) => forms.filter((form) => form.start === start));
  const alternatives = grouped.map((group, i) => `${starts[i]}(?:${group.map((form) => `(${form.rest})`).join('|')})`);
  return { regex: new RegExp(alternatives.join('|'), 'g'), charOfGroup: grouped.flat().map((form) => form.char) };
}

const { regex: UNIT, charOfGroup: CHAR_OF_GROUP } = unitPattern();

/** The text with each encoded character of SYNTAX decoded once, where it matters; null when there is none. */
export function decodeOuterEncoding(text: string): Decoded | null {
  // Anchors: decoded index → original index, at both ends of each decoded character.
  const decodedAt: number[] = [];
  const originalAt: number[] = [];
  let shift = 0;
  const decoded = text.replace(UNIT, (unit: string, ...groups: unknown[]) => {
    const at = groups[CHAR_OF_GROUP.length] as number;
    const char = CHAR_OF_GROUP[groups.findIndex((group) => group !== undefined)]!;
    decodedAt.push(at + shift, at + shift + 1);
    originalAt.push(at, at + unit.length);
    shift += 1 - unit.length;
    return char;
  });
  if (!decodedAt.length) return null;
  return {
    text: decoded,
    origin(index) {
      // The last anchor at or before `index`.
      if (index < decodedAt[0]!) return index;
      let low = 0;
      let high = decodedAt.length - 1;
      while (low < high) {
        const mid = (low + high + 1) >> 1;
        if (decodedAt[mid]! <= index) low = mid;
        else high = mid - 1;
      }
      return originalAt[low]! + (index - decodedAt[low]!);
    },
  };
}
