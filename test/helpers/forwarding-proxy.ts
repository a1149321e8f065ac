// A reverse proxy on 127.0.0.1 in front of a service, doing what nginx or a load balancer does with
// the usual settings: it appends the address it was reached from to X-Forwarded-For, sets
// X-Forwarded-Host to the Host it was asked for and X-Forwarded-Proto to the scheme it terminates,
// and asks the service under the service's own Host. And requests from a chosen loopback address
// (127.0.0.2, 127.0.0.3, ...), so that two clients on this machine differ as two machines would.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ForwardingProxy {
  /** http://127.0.0.1:PORT */
  url: string;
  close(): Promise<void>;
}

export async function startForwardingProxy(target: string, proto: 'http' | 'https'): Promise<ForwardingProxy> {
  const server = http.createServer((request, response) => {
    const { host, ...headers } = request.headers;
    const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request(
      new URL(request.url ?? '/', target),
      {
        method: request.method,
        headers: { ...headers, 'x-forwarded-for': forwardedFor, 'x-forwarded-host': host, 'x-forwarded-proto': proto },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One request sent from `localAddress` (fetch cannot choose it), following no redirect. */
export function requestFrom(
  localAddress: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: init.method ?? 'GET', headers: init.headers, localAddress, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, text: Buffer.concat(chunks).toString() }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}
