// What in a Markdown text (GitHub's and GitLab's flavour) becomes a link, an image or HTML, read as
// CommonMark reads it: a backslash-escaped character and the inside of a code span are plain text.
// Then what the hosts find in the rendered text (backslashes gone): bare URLs they link, @-mentions
// and references, and the lines GitLab runs as quick actions. For tests that check what a comment
// Goalie writes can do; no renderer is needed.

const ESCAPABLE = /[!-/:-@[-`{-~]/;

/** The text with escaped characters and code spans blanked out: what is left can still be markup. */
export function activeMarkdown(text: string, escapes: 'blank' | 'undo' = 'blank'): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\' && ESCAPABLE.test(text[i + 1] ?? '')) {
      out += escapes === 'blank' ? '··' : text[i + 1];
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

/** The text as it reads once rendered: escapes undone, zero-width spaces unseen (code spans are left as they are). */
export function unescapeMarkdown(text: string): string {
  return text.replace(/\\([!-/:-@[-`{-~])/g, '$1').replace(/\u200b/g, '');
}

/**
 * The text nodes the hosts search once Markdown is rendered, where a backslash no longer counts:
 * escapes undone, code spans blanked (mentions, references and bare URLs in code do nothing).
 */
export function renderedText(text: string): string {
  return activeMarkdown(text, 'undo');
}

/** Bare URLs and addresses GitHub and GitLab link by themselves: any scheme://, www., an email address. */
export function autolinks(rendered: string): string[] {
  const found = rendered.match(/[a-z][a-z0-9+.-]*:\/\/[^\s<>]*|\bwww\.[^\s<>]*|[\w.+-]+@[\w-]+(?:\.[\w-]+)+/gi) ?? [];
  // As GFM does, trailing punctuation and an unbalanced ")" are not part of the URL.
  return found.map((url) => url.replace(/[?!.,:;*_~'")]+$/, ''));
}

/**
 * @-mentions (people, teams) and references (GitHub: #1, owner/repo#1; GitLab also !1, ~label,
 * %milestone, $snippet, &epic) in rendered text, live URLs taken out (see autolinks).
 */
export function mentionsAndReferences(rendered: string): string[] {
  const text = rendered.replace(/[a-z][a-z0-9+.-]*:\/\/[^\s<>)]*/gi, ' ');
  return text.match(/[\w./-]*[@#!~%$&][\w"][\w./-]*/g) ?? [];
}

/** Lines GitLab runs as quick actions (/approve, /merge, /assign …) when a note is created. */
export function quickActions(markdown: string): string[] {
  return markdown.match(/^[ \t]*\/[a-z_]+.*$/gim) ?? [];
}
