// A tiny real web site on 127.0.0.1 for browser tests: serves the given HTML pages by path (query
// strings ignored), and lets a test change a page between burn-in and replay (healing tests).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Site {
  /** The site's base URL, without a trailing slash: http://127.0.0.1:PORT */
  url: string;
  setPage(path: string, html: string): void;
  close(): Promise<void>;
}

export async function startSite(pages: Record<string, string>): Promise<Site> {
  const current = new Map(Object.entries(pages));
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const html = current.get(path);
    response.writeHead(html === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(html ?? `<!doctype html><title>Not found</title><h1>Not found: ${path}</h1>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setPage: (path, html) => void current.set(path, html),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A whole HTML document around a body, with a title. */
export function html(title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>${body}</body></html>`;
}
