// ctx.ip, ctx.ips, ctx.host and ctx.protocol — and what Koa derives from them: ctx.hostname,
// ctx.href, ctx.secure — believe X-Forwarded-For, -Host and -Proto only as far as GOALIE_TRUST_PROXY
// says (domain/forwarded-for.ts). Koa's own `proxy` is all or nothing: with it on, any client could
// pick its address (and so its sign-in limit), its log line and the OpenAPI document's server.
import type Koa from 'koa';
import {
  forwardedClient,
  forwardedHost,
  forwardedProto,
  type ForwardedClient,
  type ProxyTrust,
} from '../domain/forwarded-for.js';
import type { AppState } from './state.js';

/**
 * `secureCookies`: GOALIE_PUBLIC_URL is https, so browsers reach Goalie over https even where the
 * proxy in front speaks http to it; Koa's cookies refuse the Secure flag unless ctx.secure says so.
 */
export function believeForwardedHeaders(
  koa: Koa<AppState>,
  trust: ProxyTrust,
  options: { secureCookies: boolean },
): void {
  koa.proxy = false; // Koa's own getters read only the connection and the Host header
  const koaRequest = Object.getPrototypeOf(koa.request) as object;
  const seen = new WeakMap<object, ForwardedClient>();
  const client = (request: Koa.Request): ForwardedClient => {
    let found = seen.get(request);
    if (!found) {
      found = forwardedClient(trust, request.socket.remoteAddress ?? '', request.get('X-Forwarded-For'));
      seen.set(request, found);
    }
    return found;
  };
  const fromProxy = <T>(request: Koa.Request, read: (header: string) => T | null, header: string): T | null =>
    client(request).peerTrusted ? read(request.get(header)) : null;

  Object.defineProperties(koa.request, {
    ip: {
      get(this: Koa.Request) {
        return client(this).ip;
      },
    },
    ips: {
      get(this: Koa.Request) {
        return client(this).ips;
      },
    },
    host: {
      get(this: Koa.Request): string {
        return fromProxy(this, forwardedHost, 'X-Forwarded-Host') ?? (Reflect.get(koaRequest, 'host', this) as string);
      },
    },
    protocol: {
      get(this: Koa.Request): string {
        if ((this.socket as { encrypted?: boolean }).encrypted) return 'https';
        return fromProxy(this, forwardedProto, 'X-Forwarded-Proto') ?? 'http';
      },
    },
    secure: {
      get(this: Koa.Request): boolean {
        return options.secureCookies || this.protocol === 'https';
      },
    },
  });
}
