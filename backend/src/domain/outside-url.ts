// URLs that come from outside — a repository host's payloads and answers (deployments, pull and
// merge requests), a review request's comment, a crawled page — are kept, and shown as links, only
// when they are http or https. Anyone who can create a deployment or open a pull request writes
// them, and a `javascript:` link on a page runs in Goalie's origin as whoever clicks it.
//
// Read by the WHATWG URL parser, as a browser reads an href: leading spaces and control characters,
// tabs and newlines inside and any letter case do not hide a scheme. A URL with a user name or
// password is refused too: `https://github.com@evil.example` shows one host and goes to another,
// and a password in a link is shown to every reader.

/** Why an outside URL may not be kept or shown as a link, or null when it may. */
export function outsideUrlRefusal(raw: unknown): string | null {
  if (typeof raw !== 'string') return 'it is not text';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'it is not an absolute URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `it is a ${url.protocol} URL, not http or https`;
  if (url.username || url.password) return 'it holds a user name or password';
  return null;
}

/**
 * The URL to keep, as it was given but without what every URL parser drops (leading and trailing
 * spaces and control characters, tabs and newlines); null when it may not be kept.
 */
export function outsideUrl(raw: unknown): string | null {
  if (outsideUrlRefusal(raw) !== null) return null;
  // eslint-disable-next-line no-control-regex -- the C0 controls are what the parser strips
  return (raw as string).replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
}
