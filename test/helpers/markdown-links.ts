// What in a Markdown text (GitHub's and GitLab's flavour) becomes a link, an image or HTML, read as
// CommonMark reads it: a backslash-escaped character and the inside of a code span are plain text.
// For tests that check which links a comment Goalie writes can hold; no renderer is needed.

const ESCAPABLE = /[!-/:-@[-`{-~]/;

/** The text with escaped characters and code spans blanked out: what is left can still be markup. */
export function activeMarkdown(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\' && ESCAPABLE.test(text[i + 1] ?? '')) {
      out += '··';
      i += 2;
      continue;
    }
    if (c === '`') {
      const run = /^`+/.exec(text.slice(i))![0].length;
      // A code span ends at the next run of exactly as many backticks.
      const closing = new RegExp(`(?<!\`)\`{${run}}(?!\`)`, 'g');
      closing.lastIndex = i + run;
      const end = closing.exec(text);
      const length = end ? end.index + run - i : run;
      out += end ? '·'.repeat(length) : '`'.repeat(run);
      i += length;
      continue;
    }
    out += c;
    i += 1;
  }
  return out;
}

/** Where each link, image, autolink and HTML tag of the text leads (a tag without one counts as its name). */
export function markdownLinks(text: string): string[] {
  const active = activeMarkdown(text);
  const found: string[] = [];
  // [text](destination) and ![alt](source)
  for (const m of active.matchAll(/\]\(\s*<?([^)\s>]*)/g)) found.push(m[1]!);
  // [label]: destination
  for (const m of active.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S*?)>?(?:\s|$)/gm)) found.push(m[1]!);
  // <scheme:...>
  for (const m of active.matchAll(/<([a-z][a-z0-9+.-]{1,31}:[^<>\s]*)>/gi)) found.push(m[1]!);
  // HTML: <a href=...>, <img src=...>, and any other tag but the comment's own <details> and <summary>.
  for (const m of active.matchAll(/<\/?([a-z][a-z0-9-]*)(?=[\s/>])([^>]*)>?/gi)) {
    if (/^(details|summary)$/i.test(m[1]!)) continue;
    const target = /\b(?:href|src|action|formaction)\s*=\s*["']?([^"'\s>]*)/i.exec(m[2] ?? '');
    found.push(target ? target[1]! : `<${m[1]}>`);
  }
  return found;
}

/** The text as it reads once rendered: escapes undone (code spans are left as they are). */
export function unescapeMarkdown(text: string): string {
  return text.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}
