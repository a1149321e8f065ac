// The review-request comment. Goalie's manual review trigger reads a comment that mentions it and
// contains the preview URL: both stand on the first line, the optional message below. The hidden
// tag tells Goalie the request came from CI (the review's event is then "CI", not "comment").
import { CI_REQUEST_TAG } from '../../../shared/src/ci/review-request-tag.js';
import type { ReviewRequestSettings } from './inputs.js';

export function reviewRequestComment(
  settings: Pick<ReviewRequestSettings, 'mention' | 'message'> & { previewUrl: string },
): string {
  const request = `${settings.mention} please review ${settings.previewUrl}`;
  return `${settings.message ? `${request}\n\n${settings.message}` : request}\n\n${CI_REQUEST_TAG}\n`;
}
