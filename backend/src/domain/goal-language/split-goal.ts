// A goal is split into sentences on new lines, '.', '!' and ';', numbered or bulleted list items and
// "then". Quoted text never splits, and neither does a dot that a space does not follow, so URLs
// (https://x.com/a.b) and paths stay whole. "... and press Enter" stays in its sentence; the sentence
// parser turns it into two actions.
import { ABBREVIATIONS } from './lexicon.js';
import { quotedMask } from './quotes.js';

const LIST_MARKER = /^\s*(?:\d{1,3}[.)]|[-*•])\s+/;
// "Pick 15 December as check-in, then 12 December as check-out": a value after "then" is the same
// sentence with its verb left out (compound.ts reads the gap), not a sentence of its own.
const THEN = /^,?\s+(?:(?:and|but)\s+)?then\s+(?!\d)/i;
const INLINE_NUMBER = /^\s\d{1,3}[.)]\s+/;
// "First name is shown" keeps its "First": words other than "then" are fillers only before a comma.
const LEADING_FILLER = /^(?:(?:and\s+)?then\b,?|(?:next|after that|afterwards|finally|first|firstly|lastly),)\s*/i;

export function splitGoal(goal: string): string[] {
  const text = goal.replace(/\r\n?/g, '\n');
  const quoted = quotedMask(text);
  // "1. Open ... 2. Click ..." on one line: numbers start items only when the goal is such a list.
  const numbered = /^\s*1[.)]\s/.test(text);
  const pieces: string[] = [];
  let current = '';
  const cut = () => {
    pieces.push(current);
    current = '';
  };
  let lineStart = true;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted[i]) {
      current += ch;
      lineStart = false;
      continue;
    }
    if (lineStart) {
      const marker = LIST_MARKER.exec(text.slice(i));
      if (marker && !quoted[i + marker[0].length - 1]) {
        i += marker[0].length - 1;
        lineStart = false;
        continue;
      }
    }
    if (ch === '\n') {
      cut();
      lineStart = true;
      continue;
    }
    if (!/\s/.test(ch)) lineStart = false;
    if (ch === ';') {
      cut();
      continue;
    }
    if (ch === '.' && abbreviationAt(text, i)) {
      current += ch;
      continue;
    }
    // "Type Sunshine2026! as the password": a "!" ending a word that the sentence goes on after
    // (a word in lower case follows) belongs to the word.
    if (ch === '!' && /\S/.test(text[i - 1] ?? ' ') && /^\s+[a-z]/.test(text.slice(i + 1))) {
      current += ch;
      continue;
    }
    if ((ch === '.' || ch === '!') && (i + 1 === text.length || /\s/.test(text[i + 1]!))) {
      // "... with password SuperSecretPassword!": the "!" belongs to the password.
      if (ch === '!' && PASSWORD_WORD.test(current)) current += ch;
      cut();
      continue;
    }
    const rest = text.slice(i);
    if (ch === ',' || /\s/.test(ch)) {
      const then = THEN.exec(rest);
      if (then && current.trim()) {
        cut();
        i += then[0].length - 1;
        continue;
      }
      if (numbered) {
        const number = INLINE_NUMBER.exec(rest);
        if (number) {
          cut();
          i += number[0].length - 1;
          continue;
        }
      }
    }
    current += ch;
  }
  cut();
  return pieces.map(clean).filter((sentence) => sentence.length > 0);
}

/** "Dr. Smith", "No. 5", "e.g. milk": the dot at `dot` ends an abbreviation that what follows completes. */
/** Words that continue a sentence and never start one. */
const GOES_ON = /^(?:from|as|in|into|for|to|or|with|on|at|is|are|was|were|of)\b/;

function abbreviationAt(text: string, dot: number): boolean {
  let start = dot;
  while (start > 0 && /[\p{L}.]/u.test(text[start - 1]!)) start--;
  const word = text.slice(start, dot).toLowerCase();
  const next = text.slice(dot + 1).trimStart()[0];
  const abbreviation = ABBREVIATIONS.find((a) => a.word === word);
  if (!abbreviation || next === undefined || !/^\s/.test(text.slice(dot + 1))) return false;
  // "Dr. Watson", and "Select Dr. from the Title dropdown": a word that starts no sentence goes on.
  if (abbreviation.before === 'name')
    return /[\p{Lu}'"‘“]/u.test(next) || GOES_ON.test(text.slice(dot + 1).trimStart());
  if (abbreviation.before === 'number') return /\d/.test(next);
  return true;
}

const PASSWORD_WORD = /\b(?:password|pwd|passcode)\s+\S*[^\s.!;,]!*$/i;
const PASSWORD_END = /\b(?:password|pwd|passcode)\s+\S*[^\s.!;,]!+$/i;

function clean(piece: string): string {
  let sentence = piece.trim();
  for (let previous = ''; previous !== sentence;) {
    previous = sentence;
    sentence = sentence.replace(LEADING_FILLER, '').trim();
  }
  return sentence.replace(PASSWORD_END.test(sentence) ? /[\s,.;:]+$/ : /[\s,.!;:]+$/, '').trim();
}
