// Headers on every answer: nothing of Goalie's may be framed by another site (a click in a hidden
// frame would act as the signed-in member), read as another type than it says, or named in the
// Referer header other sites receive; pages run only Goalie's own script and style files.
import type { Middleware } from 'koa';
import type { AppState } from '../state.js';

/**
 * Pages: scripts, styles, images and fetches from Goalie's own origin only, nothing inline (the
 * dashboard has no inline script, style or handler). Forms post to Goalie, or to `formTargets`:
 * the sign-in hosts a form's redirect leads to (Chromium checks form-action on each redirect).
 */
export function pagePolicy(formTargets: readonly string[]): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    "connect-src 'self'",
    ["form-action 'self'", ...formTargets].join(' '),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/**
 * Content Goalie keeps but did not write (evidence): shown at most, never run, never framed. Inline
 * style only for the page Chromium builds around an image; it can load nothing.
 */
export const INERT_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

/** Sets the headers before the routes run, so error pages get them too; a route may set a stricter policy. */
export function securityHeaders(options: { formTargets: readonly string[] }): Middleware<AppState> {
  const headers = {
    'Content-Security-Policy': pagePolicy(options.formTargets),
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'same-origin',
  };
  return (ctx, next) => {
    ctx.set(headers);
    return next();
  };
}
