// A comment that asks for a review: it mentions the service (case-insensitive) and contains the
// preview deployment's URL in the same comment. Goalie's own comments never count.
import { GOALIE_MARKER_PREFIX } from './comment-marker.js';

// An IPv6 host keeps its brackets (`http://[::1]:8080/`); elsewhere `]` and `)` end the URL, as in
// Markdown links.
const URL_PATTERN = /https?:\/\/(?:\[[0-9a-f:.%]+\][^\s<>"'`)\]]*|[^\s<>"'`)\]]+)/i;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The preview URL asked for, or null when the comment is not a review request. */
export function findReviewRequest(body: string, mention: string): { url: string } | null {
  if (!body || body.includes(GOALIE_MARKER_PREFIX)) return null;
  // The mention must stand as a word: "@goalie" but not "@goalie-bot" or "me@goalie.dev".
  const pattern = new RegExp(`(^|[^\\w@.-])${escapeRegExp(mention)}(?![\\w-])`, 'i');
  if (!pattern.test(body)) return null;
  const match = URL_PATTERN.exec(body);
  if (!match) return null;
  // Trailing punctuation belongs to the sentence, not the URL.
  return { url: match[0].replace(/[.,;:!?]+$/, '') };
}
