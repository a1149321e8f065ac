// Text from outside (a page's words in a result, a branch, a name) in the Markdown Goalie writes:
// merge request comments and job summaries. Written as text, so it can make no link, image, HTML or
// code span of its own: the only links there are Goalie's.

/** Markdown's characters that start markup (links, images, HTML, code, emphasis, entities), escaped. */
export function markdownText(text: string): string {
  return text.replace(/[\\`*_~[\]<>!&]/g, '\\$&');
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
