// Whether a field holds the value a step set: a page may format what it was given (a phone mask
// adds brackets, a field upper-cases a code) and still hold it; a field that was cleared, kept its
// old value or dropped characters does not.

function letters(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

export function holdsValue(held: string, value: string): boolean {
  if (held === value || held.trim() === value.trim()) return true;
  // "3.0" holds 3 in a number field.
  const number = /^\s*-?\d+(?:\.\d+)?\s*$/;
  if (number.test(held) && number.test(value) && Number(held) === Number(value)) return true;
  const wanted = letters(value);
  return wanted !== '' && letters(held) === wanted;
}
