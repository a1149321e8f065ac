// A site whose pages answer after `?wait=` ms (at most 2 s), so that a cancel, a kill or a newer
// commit often finds a navigation still waiting for the server. Every page says "Loaded".
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SlowSite {
  url: string;
  close(): Promise<void>;
}

export async function startSlowSite(): Promise<SlowSite> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const wait = Math.min(Number(url.searchParams.get('wait') ?? 0), 2000);
    setTimeout(() => {
      if (response.destroyed) return;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(
        `<!doctype html><html lang="en"><head><title>${url.pathname}</title></head><body><main><h1>Page ${url.pathname}</h1><p>Loaded</p></main></body></html>`,
      );
    }, wait);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** mulberry32: a seeded random sequence, so a storm lands on the same moments on every run. */
export function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
