// The network guard's proxy (network-guard.ts): a browser context of a local Chromium is created
// with it as its HTTP proxy, so every connection the context opens — documents, frames of any site,
// subresources, fetch/XHR, workers and service workers, each hop of a redirect (a new request to
// the proxy), WebSockets and preconnects (CONNECT) — reaches the network only through here. Each
// destination is checked after DNS, and the connection goes to the very addresses that were
// checked: the browser resolves nothing itself.
//
// Plain HTTP arrives as absolute-form requests, forwarded one by one over kept-alive connections;
// HTTPS, WebSockets and anything else arrive as CONNECT tunnels (host and port only), piped as they
// are. It listens on 127.0.0.1 only, and answers nothing but proxy requests.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { LookupAddress } from 'node:dns';

/**
 * Whether the browser may reach `url`, and if so where to connect. `closed`: one of Goalie's own
 * ports, answered as a port where nothing listens (see `closedPortError`).
 */
export type ProxyDecision = { refusal: string; closed?: never } | { refusal: null; addresses: string[]; closed?: true };

export interface ProxyHooks {
  decide(url: URL): Promise<ProxyDecision>;
  /** A refused request: the full URL of plain HTTP, `host:port` of a tunnel. */
  refused(target: string, reason: string): void;
  /** A destination that could not be reached: Node's error code (ECONNREFUSED, ENOTFOUND, ...). */
  unreachable(target: string, code: string): void;
}

export interface GuardProxy {
  /** For the context's `proxy.server`. */
  server: string;
  port: number;
  close(): Promise<void>;
}

/** Ports of this process's proxies while they listen: the browser may not use one as a destination. */
export const proxyPorts = new Set<number>();

// Hop-by-hop headers belong to one connection (RFC 9110, 7.6.1): never forwarded.
const HOP_BY_HOP = new Set([
  'connection',
  'proxy-connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Chromium accepts response headers up to 256 KB; Node's default of 16 KB would break sites it loads. */
const MAX_HEADER_SIZE = 256 * 1024;

function forwardable(raw: string[]): string[] {
  const named = new Set<string>();
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.toLowerCase() === 'connection')
      for (const token of raw[i + 1]!.split(',')) named.add(token.trim().toLowerCase());
  }
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (!HOP_BY_HOP.has(name) && !named.has(name)) out.push(raw[i]!, raw[i + 1]!);
  }
  return out;
}

/** A lookup that answers with the addresses already checked, so a connection goes nowhere else. */
function pinned(addresses: string[]): net.LookupFunction {
  const all: LookupAddress[] = addresses.map((address) => ({ address, family: net.isIPv6(address) ? 6 : 4 }));
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, all);
    else callback(null, all[0]!.address, all[0]!.family);
  }) as unknown as net.LookupFunction;
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException)?.code ?? 'ECONNRESET';
}

/**
 * How a connection to `host` (at the checked `addresses`) fails where nothing listens: port 0 of the
 * same addresses is asked instead, where nothing can listen. Goalie's own ports are answered with
 * this, so they fail exactly as a closed port of that address would (refused, unreachable, ...):
 * no page and no outcome can tell them from one. Given up when the browser's socket `from` closes.
 */
function closedPortError(host: string, addresses: string[], from: net.Socket): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: host.replace(/^\[|\]$/g, ''), port: 0, lookup: pinned(addresses) });
    const end = (code: string) => {
      socket.destroy();
      from.off('close', gone);
      resolve(code);
    };
    const gone = () => end('ECONNRESET');
    from.once('close', gone);
    socket.once('connect', () => end('ECONNREFUSED'));
    socket.once('error', (error) => end(errorCode(error)));
  });
}

export async function startGuardProxy(hooks: ProxyHooks): Promise<GuardProxy> {
  // Connections to the sites are kept alive for the context's later requests, and end with it.
  const agent = new http.Agent({ keepAlive: true });
  const tunnels = new Set<net.Socket>();

  // No timeouts of its own: the browser's connections stay as long as the browser keeps them (they
  // all end with the context), and a long download or upload is not cut off.
  const server = http.createServer({ maxHeaderSize: MAX_HEADER_SIZE, requestTimeout: 0 }, (request, response) => {
    // A browser that goes away mid-request ends that request, never the process.
    request.on('error', () => {});
    response.on('error', () => {});
    void (async () => {
      let url: URL;
      try {
        url = new URL(request.url ?? '');
        if (url.protocol !== 'http:') throw new Error('not http');
      } catch {
        // Only absolute http: URLs are proxy requests; a page sending its own request here gets nothing.
        response.writeHead(400, { 'content-type': 'text/plain' }).end('Not a proxy request\n');
        return;
      }
      const decision = await hooks.decide(url);
      if (decision.refusal !== null) {
        hooks.refused(url.href, decision.refusal);
        response
          .writeHead(403, { 'content-type': 'text/plain; charset=utf-8' })
          .end(`Goalie did not let the browser request ${url.href}: ${decision.refusal}.\n`);
        return;
      }
      if (decision.closed || !decision.addresses.length) {
        // As a failed connection below: the browser sees a network error, named by its cause.
        hooks.unreachable(
          url.href,
          decision.closed ? await closedPortError(url.hostname, decision.addresses, request.socket) : 'ENOTFOUND',
        );
        request.socket.destroy();
        return;
      }
      const headers = forwardable(request.rawHeaders);
      const bodiless = !request.headers['transfer-encoding'] && (request.headers['content-length'] ?? '0') === '0';
      const send = (mayRetry: boolean): http.ClientRequest => {
        const upstream = http.request({
          host: url.hostname.replace(/^\[|\]$/g, ''),
          port: url.port || 80,
          method: request.method,
          path: url.pathname + url.search,
          headers,
          agent,
          lookup: pinned(decision.addresses),
          maxHeaderSize: MAX_HEADER_SIZE,
          // Sites answer what browsers take, not always what Node's strict parser does.
          insecureHTTPParser: true,
        });
        upstream.on('response', (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.statusMessage, forwardable(answer.rawHeaders));
          answer.pipe(response);
          answer.on('error', () => response.destroy());
        });
        upstream.on('error', (error) => {
          if (response.headersSent) {
            request.socket.destroy(); // the response breaks off, as it did upstream
            return;
          }
          // A kept-alive connection the site closed meanwhile: once more on a new one, as browsers do.
          if (mayRetry && bodiless && upstream.reusedSocket) {
            current = send(false);
            return;
          }
          // The browser sees a network error (an empty response), which the guard names by its
          // real cause (NetworkGuard.explain).
          hooks.unreachable(url.href, errorCode(error));
          request.socket.destroy();
        });
        if (bodiless) upstream.end();
        else request.pipe(upstream);
        return upstream;
      };
      let current = send(true);
      response.on('close', () => {
        if (!response.writableFinished) current.destroy();
      });
    })().catch(() => request.socket.destroy());
  });

  server.on('connect', (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    void (async () => {
      tunnels.add(client);
      client.on('close', () => tunnels.delete(client));
      client.on('error', () => client.destroy());
      const target = request.url ?? '';
      let url: URL;
      try {
        url = new URL(`${/:443$/.test(target) ? 'https' : 'http'}://${target}`);
        if (!url.port && !/:(80|443)$/.test(target)) throw new Error('no port');
      } catch {
        client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
        return;
      }
      const decision = await hooks.decide(url);
      if (decision.refusal !== null) {
        hooks.refused(target, decision.refusal);
        client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
        return;
      }
      if (decision.closed || !decision.addresses.length) {
        // As a failed connection below: a failed tunnel, named by its cause.
        hooks.unreachable(
          target,
          decision.closed ? await closedPortError(url.hostname, decision.addresses, client) : 'ENOTFOUND',
        );
        client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
        return;
      }
      const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
      const upstream = net.connect({
        host: url.hostname.replace(/^\[|\]$/g, ''),
        port,
        lookup: pinned(decision.addresses),
      });
      let established = false;
      upstream.once('connect', () => {
        established = true;
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', (error) => {
        if (established) {
          client.destroy(); // the connection breaks off, as it did upstream
          return;
        }
        // The browser sees a failed tunnel, which the guard names by its real cause (NetworkGuard.explain).
        hooks.unreachable(target, errorCode(error));
        client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
      });
      client.on('close', () => upstream.destroy());
    })().catch(() => client.destroy());
  });
  server.keepAliveTimeout = 0;
  // A request upgraded without CONNECT is no proxy request.
  server.on('upgrade', (_request, socket: net.Socket) => socket.destroy());
  server.on('clientError', (_error, socket: net.Socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  server.on('error', () => {});
  const { port } = server.address() as AddressInfo;
  proxyPorts.add(port);
  let closing: Promise<void> | null = null;
  return {
    server: `http://127.0.0.1:${port}`,
    port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        proxyPorts.delete(port);
        for (const socket of tunnels) socket.destroy();
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      });
      return closing;
    },
  };
}
