// Everything the client commands touch outside themselves, injected so tests need no real process.

export interface ClientIo {
  env: Record<string, string | undefined>;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Reads a UTF-8 file; throws when it cannot. */
  readFile: (path: string) => string;
  writeFile: (path: string, text: string) => void;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** The HTTP client's fetch (default: the global one). */
  fetch?: typeof fetch;
  /** Shown by `goalie --version` and sent in the User-Agent. */
  version?: string;
}
