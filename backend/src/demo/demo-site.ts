// The demo shop that `goalie serve` runs beside the service, so a first run has a real site to
// test: sign-in, products, a localStorage cart, checkout, a sessionStorage todo list, a contact
// form and a shadow-DOM banner. Plain server-rendered HTML over node:http; no dependencies.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleRequest } from './handle-request.js';
import { ROUTES } from './routes.js';
import { createDemoState } from './state.js';

export interface DemoSiteOptions {
  /** 0 picks a free port. */
  port: number;
  /** Default 127.0.0.1. */
  host?: string;
}

export interface DemoSite {
  /** Where it listens, e.g. http://127.0.0.1:8090 (no trailing slash). */
  url: string;
  /** Stops listening and ends open connections. Calling it again does nothing. */
  close(): Promise<void>;
}

function urlHost(host: string): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return reachable.includes(':') ? `[${reachable}]` : reachable;
}

export async function startDemoSite(options: DemoSiteOptions): Promise<DemoSite> {
  const host = options.host ?? '127.0.0.1';
  if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535) {
    throw new RangeError(
      `The demo site's port must be a whole number from 0 to 65535 (0 picks a free one), not ${options.port}.`,
    );
  }
  const state = createDemoState();
  const server = http.createServer((req, res) => {
    void handleRequest(req, res, ROUTES, state);
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      const why =
        error.code === 'EADDRINUSE' ? 'the port is in use; stop what uses it or choose another port' : error.message;
      reject(new Error(`The demo site cannot listen on ${host}:${options.port}: ${why}.`, { cause: error }));
    };
    server.once('error', failed);
    server.listen(options.port, host, () => {
      server.off('error', failed);
      resolve();
    });
  });

  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | null = null;
  return {
    url: `http://${urlHost(host)}:${port}`,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
