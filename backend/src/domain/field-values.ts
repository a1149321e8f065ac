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

/**
 * The number an amount of money is, as a number field takes it: "€109.00" -> "109.00", "92.00 EUR"
 * -> "92.00", "236,00 EUR" -> "236.00", "$1,234.56" -> "1234.56", "1.234,56 €" -> "1234.56"; null
 * when the value is no amount with a currency (a plain number is typed as it is).
 */
export function amountNumber(value: string): string | null {
  const m = /^\s*(?:([€$£¥])\s*|[A-Z]{3}\s+)?(\d[\d.,\s]*?)(?:\s*([€$£¥])|\s+[A-Z]{3})?\s*$/.exec(value);
  if (!m || (!m[1] && !m[3] && !/[A-Z]{3}/.test(value))) return null;
  let digits = m[2]!.replace(/\s/g, '');
  // The last separator before one or two digits is the decimal one; the others group thousands.
  const decimal = /[.,](\d{1,2})$/.exec(digits);
  const whole = (decimal ? digits.slice(0, -decimal[0].length) : digits).replace(/[.,]/g, '');
  digits = decimal ? `${whole}.${decimal[1]}` : whole;
  return /^\d+(?:\.\d{1,2})?$/.test(digits) ? digits : null;
}
