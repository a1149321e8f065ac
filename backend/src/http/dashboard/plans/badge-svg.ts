// A status badge in the shape shields.io made common: a grey label and a coloured message, with an
// accessible name (role="img", aria-label and <title>) that says both. Pure; every text escaped.
import type { PlanBadge } from '../../../app/ports/plan-queries.js';

export type BadgeMessage = 'passed' | 'failed' | 'skipped' | 'no runs';

const COLOURS: Record<BadgeMessage, string> = {
  passed: '#116329',
  failed: '#b3261e',
  skipped: '#6b5300',
  'no runs': '#555b66',
};
const LABEL_COLOUR = '#3d424b';
const MAX_LABEL = 40;

/** What the badge says about the plan's last finished run. */
export function badgeMessage(lastFinished: PlanBadge['lastFinished']): BadgeMessage {
  if (!lastFinished) return 'no runs';
  if (lastFinished.status === 'ERROR' || lastFinished.result === 'FAILED') return 'failed';
  if (lastFinished.result === 'PASSED') return 'passed';
  return 'skipped';
}

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

/** Width of a text in 11px Verdana, near enough: narrow, wide and average letters. */
export function textWidth(text: string): number {
  let width = 0;
  for (const c of text)
    width += /[iljtf.,:;'|!I ]/.test(c) ? 3.6 : /[mwMW@%]/.test(c) ? 10 : /[A-Z0-9#&]/.test(c) ? 7.6 : 6.6;
  return Math.ceil(width);
}

export function badgeSvg(planName: string, message: BadgeMessage): string {
  const name = planName.length > MAX_LABEL ? `${planName.slice(0, MAX_LABEL - 1)}…` : planName;
  const label = `Goalie: ${name}`;
  const left = textWidth(label) + 12;
  const right = textWidth(message) + 12;
  const width = left + right;
  const title = escapeXml(`${label}: ${message}`);
  const text = (x: number, value: string) =>
    `<text x="${x}" y="15" fill="#010101" fill-opacity=".3">${escapeXml(value)}</text><text x="${x}" y="14">${escapeXml(value)}</text>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" aria-label="${title}">` +
    `<title>${title}</title>` +
    `<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>` +
    `<clipPath id="r"><rect width="${width}" height="20" rx="3" fill="#fff"/></clipPath>` +
    `<g clip-path="url(#r)"><rect width="${left}" height="20" fill="${LABEL_COLOUR}"/><rect x="${left}" width="${right}" height="20" fill="${COLOURS[message]}"/><rect width="${width}" height="20" fill="url(#s)"/></g>` +
    `<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">${text(left / 2, label)}${text(left + right / 2, message)}</g>` +
    `</svg>`
  );
}
