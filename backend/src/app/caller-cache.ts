// The caller of an API token, kept in this process for a few seconds so an API request does not read
// the token, project and organization rows every time. What it means for revocation and suspension
// (they take effect within the time to live) is in docs/configuration.md, GOALIE_TOKEN_CACHE_SECONDS.
import type { Caller } from './records.js';

export type TokenCaller = Caller & { revoked: boolean };

/** last_used_at is written at most this often per token (per process). */
export const TOUCH_INTERVAL_MS = 60_000;

/** Tokens remembered at most: a few thousand callers are a few megabytes. */
export const CALLER_CACHE_MAX = 5000;

interface Entry {
  caller: TokenCaller;
  fetchedAt: number;
  /** When this process last wrote last_used_at for the token (null: not yet). */
  touchedAt: number | null;
}

export interface CallerCache {
  /** The caller read less than the time to live ago, or undefined. */
  fresh(tokenHash: string, now: number): TokenCaller | undefined;
  /**
   * Remembers a caller just read from the database. Only tokens that exist are remembered: a flood
   * of made-up tokens never reaches the cache (and the cache is bounded besides).
   */
  remember(tokenHash: string, caller: TokenCaller, now: number): void;
  /** Whether last_used_at is due for this token; if so, it counts as written now. */
  touchDue(tokenHash: string, now: number): boolean;
  /** A token revoked by this process: refused from the next request on. */
  forgetToken(tokenId: string): void;
  /** Projects or organizations changed by this process (an apply): read everything afresh. */
  clear(): void;
  /** Tokens remembered now (at most `max`). */
  size(): number;
}

/** `ttlMs` 0: nothing is kept, every request reads the database (last_used_at is still throttled). */
export function callerCache(options: { ttlMs: number; max?: number }): CallerCache {
  const max = options.max ?? CALLER_CACHE_MAX;
  // A Map iterates in insertion order: re-inserting on use makes its first key the least recently used.
  const entries = new Map<string, Entry>();
  const use = (key: string, entry: Entry) => {
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > max) entries.delete(entries.keys().next().value!);
  };
  return {
    fresh(tokenHash, now) {
      const entry = entries.get(tokenHash);
      if (!entry || now - entry.fetchedAt >= options.ttlMs) return undefined;
      use(tokenHash, entry);
      return entry.caller;
    },
    remember(tokenHash, caller, now) {
      const previous = entries.get(tokenHash);
      // The touch time outlives the caller's time to live, so a stale entry keeps it.
      use(tokenHash, {
        caller,
        fetchedAt: now,
        touchedAt: previous?.caller.tokenId === caller.tokenId ? previous.touchedAt : null,
      });
    },
    touchDue(tokenHash, now) {
      const entry = entries.get(tokenHash);
      if (!entry) return true;
      if (entry.touchedAt !== null && now - entry.touchedAt < TOUCH_INTERVAL_MS) return false;
      entry.touchedAt = now;
      return true;
    },
    forgetToken(tokenId) {
      for (const [key, entry] of entries) if (entry.caller.tokenId === tokenId) entries.delete(key);
    },
    clear() {
      entries.clear();
    },
    size: () => entries.size,
  };
}
