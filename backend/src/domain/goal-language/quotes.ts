// Quoted text in goals: 'single', "double", ‘typographic’ and “typographic” quotes. An apostrophe
// inside a word ("Don't", "users' list") is not a quote: a quote opens only where no letter or digit
// precedes it and closes only where none follows it.

export interface QuotedSpan {
  /** Index of the opening quote. */
  start: number;
  /** Index just after the closing quote. */
  end: number;
  /** The text between the quotes. */
  text: string;
}

const CLOSING: Record<string, string> = { "'": "'", '"': '"', '‘': '’', '“': '”', '`': '`' };
const WORD_CHAR = /[\p{L}\p{N}]/u;

export function quotedSpans(text: string): QuotedSpan[] {
  const spans: QuotedSpan[] = [];
  for (let i = 0; i < text.length; i++) {
    const close = CLOSING[text[i]!];
    if (!close || (i > 0 && WORD_CHAR.test(text[i - 1]!))) continue;
    const end = findClose(text, i + 1, close);
    if (end < 0) continue;
    spans.push({ start: i, end: end + 1, text: text.slice(i + 1, end) });
    i = end;
  }
  return spans;
}

function findClose(text: string, from: number, close: string): number {
  for (let j = from; j < text.length; j++) {
    if (text[j] !== close) continue;
    const next = text[j + 1];
    if (next === undefined || !WORD_CHAR.test(next)) return j;
  }
  return -1;
}

/** For each character: is it inside a quoted span (quotes included)? */
export function quotedMask(text: string): boolean[] {
  const mask = new Array<boolean>(text.length).fill(false);
  for (const span of quotedSpans(text)) for (let i = span.start; i < span.end; i++) mask[i] = true;
  return mask;
}

// Private-use characters stand for quoted values while the skeleton of a sentence is matched, so a
// value never confuses the grammar ("Click 'Save and close'" has no "and" to split on).
const TOKEN = /\uE000(\d+)\uE001/g;
const ONLY_TOKEN = /^\uE000(\d+)\uE001$/;

export interface Masked {
  skeleton: string;
  values: string[];
}

export function maskQuotes(text: string): Masked {
  const values: string[] = [];
  let skeleton = '';
  let last = 0;
  for (const span of quotedSpans(text)) {
    skeleton += text.slice(last, span.start) + `\uE000${values.length}\uE001`;
    values.push(span.text);
    last = span.end;
  }
  return { skeleton: skeleton + text.slice(last), values };
}

/** A slot of the skeleton as a value: a lone quoted value as is; anything else trimmed, quotes restored as their text. */
export function unmask(slot: string, values: string[]): string {
  const trimmed = slot.trim();
  const only = ONLY_TOKEN.exec(trimmed);
  if (only) return values[Number(only[1])]!;
  return trimmed.replace(TOKEN, (_whole, i: string) => values[Number(i)]!);
}

/** Whether a slot is exactly one quoted value. */
export function isQuoted(slot: string): boolean {
  return ONLY_TOKEN.test(slot.trim());
}

/** Quotes a value for a sentence we write, with a quote character the value does not contain. */
export function quote(value: string): string {
  if (!value.includes("'")) return `'${value}'`;
  if (!value.includes('"')) return `"${value}"`;
  return `“${value}”`;
}
