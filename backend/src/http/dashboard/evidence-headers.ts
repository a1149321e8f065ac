// Evidence is content from the tested sites (their console, a trace's snapshots of their pages) served
// from Goalie's origin: it is shown, never run. Screenshots and plain text open in the browser; any
// other type is a download, so nothing a test case kept can become a page of Goalie's origin.
import type { Context } from 'koa';
import { INERT_POLICY } from '../middlewares/security-headers.js';

/** Types a browser shows without running anything in them (an SVG can hold script: not one of them). */
const SHOWN = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'text/plain']);

/** `contentType`: the file's, or null on an answer without the file (304, 416). */
export function setEvidenceHeaders(ctx: Context, key: string, contentType: string | null): void {
  ctx.set('Content-Security-Policy', INERT_POLICY);
  const type = contentType?.split(';')[0]!.trim().toLowerCase();
  if (type !== undefined && !SHOWN.has(type))
    ctx.set('Content-Disposition', `attachment; filename="${downloadName(key)}"`);
}

/** The key's last part, in characters any browser takes in a quoted file name. */
function downloadName(key: string): string {
  const name = key.slice(key.lastIndexOf('/') + 1);
  return name.replace(/[^\w.-]/g, '_') || 'evidence';
}
