// The short-lived state of one sign-in with GitHub or GitLab, kept in the browser that started it:
// a random `state` the host sends back (so a callback that this browser did not start is refused),
// the PKCE verifier (so a code caught on its way back is useless without it), where to go afterwards
// and why it was started. The cookie is HttpOnly, SameSite=Lax (the host's redirect back is a
// top-level navigation, which carries it), scoped to /auth/<host>/, and used once.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import type { SignInIntent } from '../../../app/accounts/host-sign-in.js';
import type { IdentityProvider } from '../../../app/ports/accounts.js';

export const SIGN_IN_STATE_MINUTES = 10;

export interface SignInState {
  provider: IdentityProvider;
  state: string;
  codeVerifier: string;
  /** A local path (already checked with safeNext). */
  next: string;
  intent: SignInIntent;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/** Why a callback's state is refused: no flow started here (or finished already), another flow's, or too old. */
export type StateProblem = 'missing' | 'mismatch' | 'expired';

const random = () => randomBytes(32).toString('base64url');

/** RFC 7636 4.2: BASE64URL(SHA256(verifier)). */
export function codeChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export function newSignInState(provider: IdentityProvider, next: string, intent: SignInIntent, now: Date): SignInState {
  return {
    provider,
    state: random(),
    codeVerifier: random(),
    next,
    intent,
    expiresAt: now.getTime() + SIGN_IN_STATE_MINUTES * 60_000,
  };
}

export const encodeState = (state: SignInState): string => Buffer.from(JSON.stringify(state)).toString('base64url');

function decodeState(cookie: string): Partial<SignInState> | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cookie, 'base64url').toString('utf8'));
    return parsed && typeof parsed === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

function validIntent(intent: unknown): intent is SignInIntent {
  const i = intent as { kind?: unknown; token?: unknown; userId?: unknown } | null;
  if (!i || typeof i !== 'object') return false;
  if (i.kind === 'sign-in') return true;
  if (i.kind === 'invitation') return typeof i.token === 'string' && i.token !== '';
  return i.kind === 'link' && typeof i.userId === 'string' && i.userId !== '';
}

/** The state the cookie holds, when the host sent back the same `state` in time; else why not. */
export function checkSignInState(
  provider: IdentityProvider,
  cookie: string | undefined,
  returned: string | undefined,
  now: Date,
): SignInState | { problem: StateProblem } {
  if (!cookie || !returned) return { problem: 'missing' };
  const saved = decodeState(cookie);
  if (
    !saved ||
    saved.provider !== provider ||
    typeof saved.state !== 'string' ||
    typeof saved.codeVerifier !== 'string' ||
    typeof saved.next !== 'string' ||
    typeof saved.expiresAt !== 'number' ||
    !validIntent(saved.intent)
  ) {
    return { problem: 'mismatch' };
  }
  const a = Buffer.from(saved.state);
  const b = Buffer.from(returned);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return { problem: 'mismatch' };
  if (saved.expiresAt <= now.getTime()) return { problem: 'expired' };
  return saved as SignInState;
}

const cookieName = (provider: IdentityProvider) => `goalie_sign_in_${provider}`;
const cookiePath = (provider: IdentityProvider) => `/auth/${provider}/`;

export function setStateCookie(ctx: Context, state: SignInState): void {
  ctx.cookies.set(cookieName(state.provider), encodeState(state), {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.state.secureCookies === true,
    path: cookiePath(state.provider),
    maxAge: SIGN_IN_STATE_MINUTES * 60_000,
    overwrite: true,
  });
}

/** The cookie's value, and the cookie gone: a state is used once, whatever comes of it. */
export function takeStateCookie(ctx: Context, provider: IdentityProvider): string | undefined {
  const value = ctx.cookies.get(cookieName(provider));
  if (value !== undefined) {
    ctx.cookies.set(cookieName(provider), '', {
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.state.secureCookies === true,
      path: cookiePath(provider),
      maxAge: 0,
      overwrite: true,
    });
  }
  return value;
}
