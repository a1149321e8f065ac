// Signing in with an account on GitHub or GitLab (OAuth 2.0, authorization code with PKCE), in
// neutral words: the browser goes to the host, the person allows Goalie to read their account, the
// host sends them back with a code, and Goalie exchanges it for the account. One implementation per
// host in platforms/; the token never leaves the adapter.
import type { IdentityProvider } from './accounts.js';

/** Someone's account on the host, as the host says once they allowed Goalie to read it. */
export interface HostAccount {
  /** The host's own, stable id (a username can change, the id never does). */
  id: string;
  username: string;
  /** As the person wrote it on the host; '' when they did not. */
  name: string;
  /** Addresses the host verified, the primary one first; empty when it shows none. */
  verifiedEmails: string[];
}

export interface SignInHost {
  readonly provider: IdentityProvider;
  /** For people: "GitHub", "GitLab". */
  readonly label: string;
  /** The host's web address, the one identities are kept under: https://github.com, https://example.com/gitlab */
  readonly url: string;
  /** Where the browser goes to allow Goalie to read the account; the host comes back with `state`. */
  authorizeUrl(request: { state: string; codeChallenge: string }): string;
  /** Exchanges the code (with the PKCE verifier) for a token and reads the account with it. Throws SignInHostError. */
  account(grant: { code: string; codeVerifier: string }): Promise<HostAccount>;
}

/**
 * The host refused (a code it does not know, wrong client credentials), could not be reached, did not
 * answer in time, or answered what Goalie does not understand. The message names no secret: it is
 * logged and shown.
 */
export class SignInHostError extends Error {
  constructor(
    readonly reason: 'refused' | 'unreachable' | 'timeout' | 'unexpected',
    message: string,
  ) {
    super(message);
    this.name = 'SignInHostError';
  }
}
