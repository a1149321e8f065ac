// The pages have no sign-in (their IDs are unguessable), so the one form that changes something —
// cancelling a run — only accepts a POST that a browser sent from Goalie's own pages: another site
// must not be able to cancel a run by making a visitor's browser submit a form to it.
import type { Context } from 'koa';
import { Forbidden } from '../../app/errors.js';

export function requireSameOrigin(ctx: Pick<Context, 'get' | 'host'>): void {
  // Browsers tell where a request comes from in Sec-Fetch-Site, whatever proxy sits in front of
  // Goalie; older ones only send Origin, compared with the Host Goalie sees. Other clients (curl)
  // send neither and pass.
  const site = ctx.get('sec-fetch-site');
  if (site) {
    if (site !== 'same-origin' && site !== 'none') throw new Forbidden(crossSite(`Sec-Fetch-Site: ${site}`));
    return;
  }
  const origin = ctx.get('origin');
  if (origin && hostOf(origin) !== ctx.host) throw new Forbidden(crossSite(`Origin: ${origin}`));
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null; // "null" (sandboxed frames, some redirects) or garbage: no origin to trust
  }
}

function crossSite(what: string): string {
  return `This form only works from Goalie's own run page (the request came with ${what}). Open the run's page and press Cancel run there, or use POST /v1/run/{shortId}/cancel with an API token.`;
}
