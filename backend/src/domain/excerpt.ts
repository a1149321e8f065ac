// What another system answered, as much of it as Goalie repeats: on one line, at most 200
// characters. A repository host's error page — or whatever a wrong API URL answers: another
// service's page, a metadata document — is not Goalie's to copy onto a page or into a comment.
import { truncate } from '../../../shared/src/truncate.js';

/** How much of another system's words a message repeats. */
export const EXCERPT_CHARS = 200;
/** A whole message that holds such an excerpt (what Goalie tried, the excerpt, what to check), as kept and shown. */
export const MESSAGE_CHARS = 600;

/** `text` on one line (control characters and runs of white space as one space), cut to `max` characters with "…". */
export function excerpt(text: string, max = EXCERPT_CHARS): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is folded
  return truncate(text.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim(), max);
}
