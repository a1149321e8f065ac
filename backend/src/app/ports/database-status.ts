// The database as the HTTP layer sees it: does it answer, and did a request fail because it did not.

export interface DatabaseStatus {
  /** null when a trivial query answers within `timeoutMs`; otherwise what is wrong and what to do, for the caller. */
  check(timeoutMs: number): Promise<string | null>;
  /**
   * When `error` means the database could not be reached (refused, gone, shutting down): what to
   * tell the caller, and the process logs once that the database went away. Otherwise null.
   */
  unreachable(error: unknown): string | null;
}
