// The dashboard's forms only accept a POST that a browser sent from Goalie's own pages: another site
// must not be able to act by making a visitor's browser submit a form. In front of the CSRF token.
import type { Context } from 'koa';
import { Forbidden } from '../../app/errors.js';

/** `instead`: where the form is and what else does the same, for the refusal's message. */
export function requireSameOrigin(ctx: Pick<Context, 'get' | 'host'>, instead: FormPlace): void {
  // Browsers tell where a request comes from in Sec-Fetch-Site, whatever proxy sits in front of
  // Goalie; older ones only send Origin, compared with the Host Goalie sees. Other clients (curl)
  // send neither and pass.
  const site = ctx.get('sec-fetch-site');
  if (site) {
    if (site !== 'same-origin' && site !== 'none') throw new Forbidden(crossSite(`Sec-Fetch-Site: ${site}`, instead));
    return;
  }
  const origin = ctx.get('origin');
  if (origin && hostOf(origin) !== ctx.host) throw new Forbidden(crossSite(`Origin: ${origin}`, instead));
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null; // "null" (sandboxed frames, some redirects) or garbage: no origin to trust
  }
}

export interface FormPlace {
  page: string;
  alternative: string;
}

function crossSite(what: string, instead: FormPlace): string {
  return `This form only works from Goalie's own ${instead.page} (the request came with ${what}). ${instead.alternative}`;
}
