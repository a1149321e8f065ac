// A tiny real web site on 127.0.0.1 for browser tests: serves the given HTML pages by path (query
// strings ignored), lets a test change a page between burn-in and replay (healing tests), and hold
// a path unanswered until released (so that a test case on it stays RUNNING as long as a test needs).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Site {
  /** The site's base URL, without a trailing slash: http://127.0.0.1:PORT */
  url: string;
  setPage(path: string, html: string): void;
  /** Requests of `path` get no answer until `release()`. */
  hold(path: string): void;
  /** Answers every held request, and holds nothing any more. */
  release(): void;
  /** Paths requested so far (GET and HEAD), in order. */
  hits: string[];
  close(): Promise<void>;
}

export async function startSite(pages: Record<string, string>): Promise<Site> {
  const current = new Map(Object.entries(pages));
  const heldPaths = new Set<string>();
  let waiting: (() => void)[] = [];
  const hits: string[] = [];
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    hits.push(path);
    const answer = () => {
      if (response.destroyed) return;
      const html = current.get(path);
      response.writeHead(html === undefined ? 404 : 200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
      });
      response.end(
        request.method === 'HEAD'
          ? undefined
          : (html ?? `<!doctype html><title>Not found</title><h1>Not found: ${path}</h1>`),
      );
    };
    if (heldPaths.has(path)) waiting.push(answer);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const release = () => {
    heldPaths.clear();
    const answers = waiting;
    waiting = [];
    answers.forEach((answer) => answer());
  };
  return {
    url: `http://127.0.0.1:${port}`,
    setPage: (path, html) => void current.set(path, html),
    hold: (path) => void heldPaths.add(path),
    release,
    hits,
    close: () =>
      new Promise<void>((resolve, reject) => {
        release();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A whole HTML document around a body, with a title. */
export function html(title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>${body}</body></html>`;
}
