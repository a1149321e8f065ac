// Keeps a browser context from reaching what its project may not reach (domain/url-policy.ts):
// every request is checked against the addresses its host resolves to, before it leaves.
//
// Two mechanisms, one policy:
//
// - A local Chromium (the default): the context is created with a proxy of its own on 127.0.0.1
//   (guard-proxy.ts) and the browser sends everything through it — every page, frame, worker and
//   service worker, each hop of a redirect, WebSockets, preconnects — loopback and link-local
//   included (`<-loopback>`: Chromium otherwise sends those directly). The proxy resolves each
//   name itself and connects to the addresses it checked, so a name whose DNS answer changes
//   cannot lead the browser elsewhere. It costs a few Node socket operations per connection and
//   nothing in the browser.
//
// - A remote browser (GOALIE_BROWSER_WS_ENDPOINT) cannot reach a proxy on this machine: there,
//   three hooks do it, because none sees everything alone. Playwright's context.route sees every
//   request of every page, frame and worker of the context but not the hops of a redirect; a CDP
//   Fetch session per page sees those hops; context.routeWebSocket sees WebSockets. They cost the
//   browser a pause per request, a second DevTools session and a script in every document, and
//   turn off its HTTP cache (Playwright does so while routing); what they miss is in
//   docs/security.md (a redirect of a popup's first request or inside a frame of another site,
//   DNS rebinding).
//
// Goalie's own ports (its API, database, metrics, these proxies) are not refused but answered as
// closed ports are: the browser gets the very error a port where nothing listens gives, and nothing
// is recorded, so no page, test case or review can tell them from closed ones (a port scanner
// learns nothing of Goalie from them).
//
// Requests made from Node through context.request do not pass the hooks: their callers ask
// `requestRefusal` first (exploratory/check-links).
import dns from 'node:dns/promises';
import os from 'node:os';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { ProjectNetworkSettings } from '../app/ports/test-executor.js';
import {
  addressKind,
  destinationRefusal,
  hostKind,
  isOwnPort,
  normaliseHost,
  ownAddressCheck,
  portOf,
  type NetworkAccess,
  type OwnPorts,
} from '../domain/url-policy.js';
import { proxyPorts, startGuardProxy, type GuardProxy, type ProxyDecision } from './guard-proxy.js';

/** Every address a host name resolves to. */
export type Lookup = (host: string) => Promise<string[]>;

export const systemLookup: Lookup = async (host) =>
  (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** Server-wide settings: what a project may reach when it does not say, and Goalie's own ports. */
export interface BrowserNetworkOptions {
  defaults: NetworkAccess;
  /** Goalie's API port and its embedded PostgreSQL's: never reachable on this machine. */
  ownPorts: number[];
  /** Whether an address is this machine's; its interfaces' addresses (read once per guard) unless given. */
  isOwnAddress?: (address: string) => boolean;
  /** Injected by tests; the system resolver otherwise. */
  lookup?: Lookup;
  /**
   * How requests are checked: 'proxy' (the default) for a local Chromium, 'hooks' for a remote
   * browser, which cannot reach a proxy on this machine (see above).
   */
  mechanism?: 'proxy' | 'hooks';
}

export const PERMISSIVE_DEFAULTS: BrowserNetworkOptions = {
  defaults: { allowLoopback: true, allowPrivate: true },
  ownPorts: [],
};

export function effectiveAccess(
  server: BrowserNetworkOptions,
  project: ProjectNetworkSettings | null | undefined,
): NetworkAccess {
  return {
    allowLoopback: project?.allowLoopback ?? server.defaults.allowLoopback,
    allowPrivate: project?.allowPrivate ?? server.defaults.allowPrivate,
  };
}

/** Whether an address is one of this machine's interfaces' (read once per guard). */
const ownAddresses = () =>
  ownAddressCheck(
    Object.values(os.networkInterfaces())
      .flatMap((list) => list ?? [])
      .map((i) => i.address),
  );

/** Chromium's names for the network errors Node reports, as a browser connecting itself would give them. */
const NET_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'ERR_CONNECTION_REFUSED',
  ENOTFOUND: 'ERR_NAME_NOT_RESOLVED',
  EAI_AGAIN: 'ERR_NAME_NOT_RESOLVED',
  ETIMEDOUT: 'ERR_CONNECTION_TIMED_OUT',
  ECONNRESET: 'ERR_CONNECTION_RESET',
  EPIPE: 'ERR_CONNECTION_RESET',
  ECONNABORTED: 'ERR_CONNECTION_ABORTED',
  EHOSTUNREACH: 'ERR_ADDRESS_UNREACHABLE',
  ENETUNREACH: 'ERR_ADDRESS_UNREACHABLE',
};

/** What the browser reports for a request the proxy did not complete (an empty response, a failed tunnel). */
const PROXY_FAILURE = /net::ERR_(?:EMPTY_RESPONSE|TUNNEL_CONNECTION_FAILED)\b/;

/** `host:port` of a URL, as a tunnel names its destination. */
function hostPort(raw: string): string | null {
  try {
    const url = new URL(raw);
    return `${url.hostname}:${portOf(url)}`;
  } catch {
    return null;
  }
}

// Lookups are shared by every guard of the process for a short while: a run replays many test
// cases against the same few hosts, and a lookup costs a thread-pool round trip.
const CACHE_MS = 30_000;
const caches = new WeakMap<Lookup, Map<string, { at: number; addresses: Promise<string[]> }>>();

function cachedLookup(lookup: Lookup, host: string): Promise<string[]> {
  let cache = caches.get(lookup);
  if (!cache) caches.set(lookup, (cache = new Map()));
  const hit = cache.get(host);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.addresses;
  // A name that does not resolve has no address to refuse: the connection fails as it would in the
  // browser (not resolved). The failure is not kept: the next request asks again.
  const addresses = lookup(host).catch(() => {
    if (cache.get(host)?.addresses === addresses) cache.delete(host);
    return [] as string[];
  });
  cache.set(host, { at: Date.now(), addresses });
  return addresses;
}

/** `check`'s answer for one of Goalie's own ports. */
const CLOSED = Symbol('closed');

export interface Refusal {
  url: string;
  reason: string;
}

export class NetworkGuard {
  private readonly recorded: Refusal[] = [];
  private readonly access: NetworkAccess;
  private readonly own: OwnPorts;
  private readonly lookup: Lookup;
  private readonly mechanism: 'proxy' | 'hooks';
  private proxy: Promise<GuardProxy> | null = null;
  /** Destinations the proxy could not reach (a URL, or host:port of a tunnel), with Node's error code. */
  private readonly unreachable = new Map<string, string>();
  /** URLs the browser reported for tunnels (HTTPS, WebSockets), which the proxy knows by host and port only. */
  private readonly tunnelUrls = new Map<string, string>();

  constructor(server: BrowserNetworkOptions, project?: ProjectNetworkSettings | null) {
    this.access = effectiveAccess(server, project);
    this.own = { ports: server.ownPorts, isOwnAddress: server.isOwnAddress ?? ownAddresses() };
    this.lookup = server.lookup ?? systemLookup;
    this.mechanism = server.mechanism ?? 'proxy';
  }

  /** What was refused, each URL once, in order. */
  get refusals(): readonly Refusal[] {
    // A tunnel is recorded as host:port; the URL the browser asked for names it better.
    return this.recorded.map((r) =>
      /^[a-z]+:\/\//.test(r.url) ? r : { ...r, url: this.tunnelUrls.get(r.url) ?? r.url },
    );
  }

  /**
   * Why `address` may not be reached on `port` (the project's settings, the addresses never
   * reachable), or CLOSED for Goalie's own ports and its guards' proxies, or null when it may.
   */
  private check(address: string, port: number): string | typeof CLOSED | null {
    const why = destinationRefusal(address, this.access, this.own);
    if (why) return why;
    const ports = proxyPorts.has(port) ? [...this.own.ports, port] : this.own.ports;
    return isOwnPort(address, port, { ports, isOwnAddress: this.own.isOwnAddress }) ? CLOSED : null;
  }

  /**
   * Whether the browser may reach `url` and, if so, the addresses its host resolves to (none: it
   * does not resolve); `closed` for one of Goalie's own ports, answered as a closed port.
   */
  async decide(url: URL): Promise<ProxyDecision> {
    const host = normaliseHost(url.hostname);
    const port = portOf(url);
    const known = hostKind(host);
    // An IP address as it is; localhost and metadata names by name, whatever they resolve to.
    const addresses = !known
      ? await cachedLookup(this.lookup, host)
      : addressKind(host)
        ? [host]
        : known === 'loopback'
          ? ['127.0.0.1', '::1']
          : ['169.254.169.254'];
    let closed = false;
    for (const address of known ? addresses.slice(0, 1) : addresses) {
      const why = this.check(address, port);
      if (why === CLOSED) closed = true;
      else if (why) return { refusal: known ? `${url.host} is ${why}` : `${url.host} resolves to ${address}, ${why}` };
    }
    return closed ? { refusal: null, addresses, closed: true } : { refusal: null, addresses };
  }

  private async decideRaw(raw: string): Promise<ProxyDecision | null> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return null;
    }
    if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) return null;
    return this.decide(url);
  }

  /**
   * Why the browser may not request `raw`, or null when it may. Only network schemes are checked.
   * Goalie's own ports are not refused: the browser finds them closed.
   */
  async refusal(raw: string): Promise<string | null> {
    return (await this.decideRaw(raw))?.refusal ?? null;
  }

  /**
   * The same for a request made from Node through context.request: through the proxy, which answers
   * Goalie's own ports as closed; with hooks, which do not see it, an own port is not requested but
   * reported as the refused connection a closed port gives.
   */
  async requestRefusal(raw: string): Promise<string | null> {
    const decision = await this.decideRaw(raw);
    if (decision?.refusal) return decision.refusal;
    return decision?.closed && this.mechanism === 'hooks' ? 'net::ERR_CONNECTION_REFUSED' : null;
  }

  private record(url: string, reason: string): void {
    if (!this.recorded.some((r) => r.url === url)) this.recorded.push({ url, reason });
  }

  /**
   * What the context must be created with: its proxy (started here) for a local Chromium, nothing
   * for a remote browser. `protect` refuses a context created without it.
   */
  async contextOptions(): Promise<Pick<BrowserContextOptions, 'proxy'>> {
    if (this.mechanism === 'hooks') return {};
    this.proxy ??= startGuardProxy({
      decide: (url) => this.decide(url),
      refused: (target, reason) => this.record(target, reason),
      unreachable: (target, code) => void this.unreachable.set(target, code),
    });
    const proxy = await this.proxy;
    // `<-loopback>` sends loopback and link-local addresses through the proxy too (Chromium
    // otherwise connects to them directly); nothing is left to go around it.
    return { proxy: { server: proxy.server, bypass: '<-loopback>' } };
  }

  /** Checks every request, redirect hop and WebSocket of `context` from now on. */
  async protect(context: BrowserContext): Promise<void> {
    if (this.mechanism === 'proxy') {
      if (!this.proxy)
        throw new Error(
          'The network guard has no proxy for this context: create the context with guard.contextOptions().',
        );
      await this.proxy;
      // The URLs of tunnels, for the refusals' messages: failed requests (HTTPS) and WebSockets.
      context.on('requestfailed', (request) => this.tunnelUrl(request.url()));
      const onPage = (page: Page) => page.on('websocket', (ws) => this.tunnelUrl(ws.url()));
      context.on('page', onPage);
      context.pages().forEach(onPage);
      return;
    }
    await context.route('**/*', async (route) => {
      const url = route.request().url();
      const decision = await this.decideRaw(url);
      if (decision?.closed) return route.abort('connectionrefused');
      if (!decision?.refusal) return route.fallback();
      this.record(url, decision.refusal);
      return route.abort('blockedbyclient');
    });
    await context.routeWebSocket(/.*/, async (ws) => {
      const decision = await this.decideRaw(ws.url());
      // 1006, as a port where nothing listens gives; the page still sees a clean close without an
      // error first, which it could tell apart (docs/security.md lists it).
      if (decision?.closed) return ws.close({ code: 1006 });
      if (!decision?.refusal) return ws.connectToServer();
      this.record(ws.url(), decision.refusal);
      await ws.close({ code: 1008, reason: 'Refused by Goalie' });
    });
    context.on('page', (page) => void this.ready(page));
    await Promise.all(context.pages().map((page) => this.ready(page)));
  }

  private tunnelUrl(url: string): void {
    if (/^(https|wss?):/.test(url)) {
      const target = hostPort(url);
      if (target && !this.tunnelUrls.has(target)) this.tunnelUrls.set(target, url);
    }
  }

  /** The proxy's end: once the context is closed. */
  async close(): Promise<void> {
    const proxy = await this.proxy?.catch(() => null);
    await proxy?.close();
  }

  /**
   * A browser error message as it would read without the proxy: a request the proxy could not
   * complete shows in the browser as an empty response or a failed tunnel; this names the cause
   * (net::ERR_CONNECTION_REFUSED, ..._NAME_NOT_RESOLVED, or ..._BLOCKED_BY_CLIENT for a refusal).
   */
  explain(message: string): string {
    if (!PROXY_FAILURE.test(message)) return message;
    const urls = message.match(/\b(?:https?|wss?):\/\/[^\s"'<>]+/g) ?? [];
    let cause: string | null = null;
    for (const raw of urls) {
      const url = raw.replace(/[.,;:)]+$/, '');
      const target = hostPort(url);
      const code = this.unreachable.get(url) ?? (target ? this.unreachable.get(target) : undefined);
      if (code) cause = NET_ERRORS[code] ?? 'ERR_CONNECTION_FAILED';
      else if (this.recorded.some((r) => r.url === url || r.url === target)) cause = 'ERR_BLOCKED_BY_CLIENT';
      if (cause) break;
    }
    return cause ? message.replace(new RegExp(PROXY_FAILURE.source, 'g'), `net::${cause}`) : message;
  }

  private readonly watching = new WeakMap<Page, Promise<void>>();

  /** Resolves once `page`'s redirect hops are checked: await it before the first navigation. */
  ready(page: Page): Promise<void> {
    if (this.mechanism === 'proxy') return Promise.resolve();
    let watching = this.watching.get(page);
    if (!watching) {
      watching = this.watchRedirects(page.context(), page).catch(() => {
        // A page closed while attaching has nothing left to load.
      });
      this.watching.set(page, watching);
    }
    return watching;
  }

  /** Redirect hops of a page's requests: Playwright's routes let them through unseen. */
  private async watchRedirects(context: BrowserContext, page: Page): Promise<void> {
    const session = await context.newCDPSession(page);
    session.on('Fetch.requestPaused', (event) => {
      void (async () => {
        // Only hops of a redirect: the first request of each was checked by the route above.
        const decision = event.redirectedRequestId ? await this.decideRaw(event.request.url) : null;
        if (decision?.closed) {
          await session.send('Fetch.failRequest', { requestId: event.requestId, errorReason: 'ConnectionRefused' });
        } else if (decision?.refusal) {
          this.record(event.request.url, decision.refusal);
          await session.send('Fetch.failRequest', { requestId: event.requestId, errorReason: 'BlockedByClient' });
        } else {
          await session.send('Fetch.continueRequest', { requestId: event.requestId });
        }
      })().catch(() => {
        // The page or its request went away meanwhile.
      });
    });
    await session.send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }] });
  }

  /** One sentence for a verdict: what was refused and why. */
  describe(): string | null {
    const refusals = this.refusals;
    if (!refusals.length) return null;
    return refusals.map((r) => `The browser was not allowed to request ${r.url}: ${r.reason}.`).join('\n');
  }
}
