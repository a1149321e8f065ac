// What every email Goalie writes needs: text escaped for its HTML part, and subjects on one line.

export const html = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Subject lines are one line: a commit message or plan name never adds headers. */
export const oneLine = (text: string): string => text.replace(/[\r\n\t]+/g, ' ').trim();
