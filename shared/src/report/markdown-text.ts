// Text from outside (a page's words in a result, a branch, a name) in the Markdown Goalie writes:
// merge request comments and job summaries. Written as text, so it can make no link, image, HTML or
// code span of its own, ping nobody and refer to nothing: the only links there are Goalie's.

/** Invisible, and breaks what GitHub and GitLab look for in rendered text, where escapes are gone. */
const ZERO_WIDTH_SPACE = '\u200b';

/**
 * Markdown's characters that start markup (links, images, HTML, code, emphasis, entities, math),
 * escaped. The hosts find mentions (`@team`), references (`#1`, `!1`, `~label`, `%milestone`,
 * `$snippet`, `&epic`) and bare URLs (`https://`, `www.`, an address) after rendering, so a zero-width
 * space after the sigil, the scheme's colon and `www` keeps them from forming. At a line's start,
 * `/` would be a GitLab quick action (`/approve`, `/merge`) and `-` `+` `=` `1.` a list or heading.
 */
export function markdownText(text: string): string {
  return text
    .replace(/[@#!~%$&]|:(?=\/\/)|\bwww(?=\.)/gi, `$&${ZERO_WIDTH_SPACE}`)
    .replace(/[\\`*_~[\]<>!&$]/g, '\\$&')
    .replace(/^([ \t]*)([-+=/])/gm, '$1\\$2')
    .replace(/^([ \t]*\d+)([.)])/gm, '$1\\$2');
}

/** Text for one Markdown table cell: escaped, on one line, its pipes kept in the cell. */
export function markdownCell(text: string | null | undefined): string {
  return markdownText(text ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\r?\n/g, ' ')
    .trim();
}

/** Text as one code span, whatever backticks it holds (a fence longer than any run of them inside). */
export function markdownCode(text: string): string {
  const flat = text.replace(/\r?\n/g, ' ');
  if (!flat) return '';
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  // A span's first and last space are dropped: one on each side lets it begin or end with a backtick.
  const pad = /^[` ]|[` ]$/.test(flat) ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}
