// What both GitHub Actions need to read their `with:` inputs: the error that lists every bad input
// at once, the reader's type, and the URL check.

/** Reads one input by its name in action.yml; '' when not given. */
export type InputReader = (name: string) => string;

/** Every problem with the inputs, so one failed run tells the user all of them. */
export class InputError extends Error {
  constructor(readonly problems: string[]) {
    super(
      problems.length === 1
        ? `Invalid input: ${problems[0]}`
        : `${problems.length} invalid inputs:\n${problems.map((problem) => `- ${problem}`).join('\n')}`,
    );
    this.name = 'InputError';
  }
}

/** An absolute http or https URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
