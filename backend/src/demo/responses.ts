// What a handler answers: a plain value that handle-request.ts writes to the socket.
import type { SafeHtml } from './html.js';
import type { Session } from './sessions.js';
import type { DemoUser } from './users.js';

export interface DemoRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The urlencoded body of a POST; empty otherwise. */
  form: URLSearchParams;
  /** Named segments of the route (`/orders/:number`). */
  params: Record<string, string>;
  session: Session | null;
  user: DemoUser | null;
}

export interface DemoResponse {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
}

export function htmlResponse(
  page: SafeHtml,
  status = 200,
  headers: Record<string, string | string[]> = {},
): DemoResponse {
  return { status, headers: { 'content-type': 'text/html; charset=utf-8', ...headers }, body: page.value };
}

/** 303 See Other: after a form post the browser follows with a GET. */
export function redirect(location: string, headers: Record<string, string | string[]> = {}): DemoResponse {
  return { status: 303, headers: { location, ...headers }, body: '' };
}

/** Where to go after signing in: a path on this site only (never `//elsewhere`). */
export function safeNext(next: string | null): string | null {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : null;
}

/** The sign-in page, coming back to `path` afterwards. */
export function signInFirst(path: string): DemoResponse {
  return redirect(`/login?next=${encodeURIComponent(path)}`);
}
