// Whose failed sign-ins count, and when Goalie stops checking passwords (docs/security.md). A browser
// that signed in to the account before (it holds a device token for it) is judged by its own failures
// only, so a stranger's guesses never lock the owner out of a browser they use. Every other client
// shares the budget of the address it signs in to, wherever it connects from (guesses spread over
// many client addresses still add up), and has one of its own client address (one client cannot
// guess at many accounts).

export const SIGN_IN_WINDOW_MS = 15 * 60_000;
/** Failed attempts allowed in the window, per email address, from clients that never signed in to it. */
export const FAILURES_PER_EMAIL = 10;
/** ... per client address, from clients that never signed in to the account they try. */
export const FAILURES_PER_CLIENT = 50;
/** ... per browser that signed in to the account before. */
export const FAILURES_PER_DEVICE = 10;

export interface SignInClient {
  /** The address signed in to, in lower case. */
  email: string;
  /** The client's network address. */
  address: string;
  /** The browser's device id when it holds a valid device token for this account, else null. */
  device: string | null;
}

export interface SignInCounter {
  /** What the failures are stored under. */
  key: string;
  limit: number;
}

/** The counters that decide whether `client` may try, and that its failure adds to. */
export function signInCounters(client: SignInClient): SignInCounter[] {
  if (client.device) return [{ key: `device:${client.device}`, limit: FAILURES_PER_DEVICE }];
  return [
    { key: `email:${client.email}`, limit: FAILURES_PER_EMAIL },
    { key: `client:${client.address}`, limit: FAILURES_PER_CLIENT },
  ];
}

/** Whether any counter has reached its limit within the window. */
export function signInRefused(counted: readonly (SignInCounter & { failures: number })[]): boolean {
  return counted.some((c) => c.failures >= c.limit);
}
