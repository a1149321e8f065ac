// From Node's request to a DemoRequest (path, query, form body, session) and from the handler's
// DemoResponse back to the socket. Bad requests get a page that says what is wrong; a failing
// handler gets a 500 page, never a crashed process.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseCookies, SESSION_COOKIE } from './cookies.js';
import { notFoundPage, problemPage } from './pages/not-found.js';
import { htmlResponse, type DemoRequest, type DemoResponse } from './responses.js';
import { matchRoute, type Route } from './router.js';
import type { DemoState } from './state.js';
import { findUser } from './users.js';

const MAX_BODY_BYTES = 64 * 1024;

class BadRequest extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    message: string,
  ) {
    super(message);
  }
}

function requestPath(url: string | undefined): { path: string; query: URLSearchParams } {
  try {
    // Prefixing keeps `//elsewhere` a path instead of a host.
    const parsed = new URL(url?.startsWith('/') ? `http://demo${url}` : (url ?? '/'));
    return { path: decodeURIComponent(parsed.pathname), query: parsed.searchParams };
  } catch {
    throw new BadRequest(400, 'Bad request', 'The address of this request cannot be read.');
  }
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type && type !== 'application/x-www-form-urlencoded') {
    req.resume();
    throw new BadRequest(
      415,
      'Unsupported form',
      'Forms of the demo shop are sent as application/x-www-form-urlencoded.',
    );
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES)
      throw new BadRequest(413, 'Form too large', `A form may hold at most ${MAX_BODY_BYTES / 1024} KiB.`);
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

async function respond(req: IncomingMessage, routes: readonly Route[], state: DemoState): Promise<DemoResponse> {
  const method = req.method ?? 'GET';
  const { path, query } = requestPath(req.url);
  const session = state.sessions.get(parseCookies(req.headers.cookie)[SESSION_COOKIE]);
  const user = session ? findUser(session.email) : null;
  const match = matchRoute(routes, method, path);
  if (match.kind === 'not-found') {
    req.resume();
    return htmlResponse(notFoundPage(path, user !== null), 404);
  }
  if (match.kind === 'wrong-method') {
    req.resume();
    return htmlResponse(
      problemPage(path, 'Method not allowed', `${path} answers ${match.allow.join(', ')}, not ${method}.`),
      405,
      { allow: match.allow.join(', ') },
    );
  }
  const form = method === 'POST' ? await readForm(req) : (req.resume(), new URLSearchParams());
  const request: DemoRequest = { method, path, query, form, params: match.params, session, user };
  return match.handler(request, state);
}

function write(res: ServerResponse, response: DemoResponse): void {
  res.writeHead(response.status, {
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...response.headers,
  });
  res.end(response.body);
}

export async function handleRequest(
  req: IncomingMessage,
  res: ServerResponse,
  routes: readonly Route[],
  state: DemoState,
): Promise<void> {
  let response: DemoResponse;
  try {
    response = await respond(req, routes, state);
  } catch (error) {
    if (error instanceof BadRequest) {
      response = htmlResponse(problemPage('/', error.title, error.message), error.status, { connection: 'close' });
    } else {
      response = htmlResponse(
        problemPage('/', 'Something went wrong', 'The demo shop failed to answer this request. Try again.'),
        500,
      );
    }
  }
  if (!res.headersSent && !res.destroyed) write(res, response);
}
