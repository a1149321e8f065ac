// Keeps a browser context from reaching what its project may not reach (domain/url-policy.ts):
// every request is checked against the addresses its host resolves to, before it leaves.
//
// Three hooks, because none sees everything alone: Playwright's context.route sees every request of
// every page, frame and worker of the context but not the hops of a redirect; a CDP Fetch session
// per page sees those hops; context.routeWebSocket sees WebSockets. Requests made from Node through
// context.request do not pass any of them: their callers ask `refusal` first (exploratory/check-links).
//
// What remains (docs/security.md): the browser resolves names again after the check, so a name
// whose DNS answer changes between the two (DNS rebinding) can slip through; so can a redirect of a
// popup's very first request, before its CDP session is attached.
import dns from 'node:dns/promises';
import os from 'node:os';
import type { BrowserContext, Page } from 'playwright-core';
import type { ProjectNetworkSettings } from '../app/ports/test-executor.js';
import { addressKind, addressRefusal, hostKind, normaliseHost, portOf, type NetworkAccess, type OwnPorts } from '../domain/url-policy.js';

/** Every address a host name resolves to. */
export type Lookup = (host: string) => Promise<string[]>;

export const systemLookup: Lookup = async (host) => (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** Server-wide settings: what a project may reach when it does not say, and Goalie's own ports. */
export interface BrowserNetworkOptions {
  defaults: NetworkAccess;
  /** Goalie's API port and its embedded PostgreSQL's: never reachable on this machine. */
  ownPorts: number[];
  /** Injected by tests; the system resolver otherwise. */
  lookup?: Lookup;
}

export const PERMISSIVE_DEFAULTS: BrowserNetworkOptions = { defaults: { allowLoopback: true, allowPrivate: true }, ownPorts: [] };

export function effectiveAccess(server: BrowserNetworkOptions, project: ProjectNetworkSettings | null | undefined): NetworkAccess {
  return {
    allowLoopback: project?.allowLoopback ?? server.defaults.allowLoopback,
    allowPrivate: project?.allowPrivate ?? server.defaults.allowPrivate,
  };
}

/** This machine's own addresses (loopback and every interface), read once. */
function ownPorts(ports: readonly number[]): OwnPorts | null {
  if (!ports.length) return null;
  const addresses = new Set(
    Object.values(os.networkInterfaces())
      .flatMap((list) => list ?? [])
      .map((i) => normaliseHost(i.address)),
  );
  return { ports, isOwnAddress: (address) => addresses.has(normaliseHost(address)) };
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
  // A name that does not resolve is left to the browser, which then fails with its own error.
  const addresses = lookup(host).catch(() => [] as string[]);
  cache.set(host, { at: Date.now(), addresses });
  return addresses;
}

export interface Refusal {
  url: string;
  reason: string;
}

export class NetworkGuard {
  /** What was refused, each URL once, in order. */
  readonly refusals: Refusal[] = [];
  private readonly access: NetworkAccess;
  private readonly own: OwnPorts | null;
  private readonly lookup: Lookup;

  constructor(server: BrowserNetworkOptions, project?: ProjectNetworkSettings | null) {
    this.access = effectiveAccess(server, project);
    this.own = ownPorts(server.ownPorts);
    this.lookup = server.lookup ?? systemLookup;
  }

  /** Why the browser may not request `raw`, or null when it may. Only network schemes are checked. */
  async refusal(raw: string): Promise<string | null> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return null;
    }
    if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) return null;
    const host = normaliseHost(url.hostname);
    const port = portOf(url);
    const known = hostKind(host);
    if (known) {
      // An IP address as it is; localhost and metadata names by name, whatever they resolve to.
      const address = addressKind(host) ? host : known === 'loopback' ? '127.0.0.1' : '169.254.169.254';
      const why = addressRefusal(address, port, this.access, this.own);
      return why ? `${url.host} is ${why}` : null;
    }
    for (const address of await cachedLookup(this.lookup, host)) {
      const why = addressRefusal(address, port, this.access, this.own);
      if (why) return `${url.host} resolves to ${address}, ${why}`;
    }
    return null;
  }

  private record(url: string, reason: string): void {
    if (!this.refusals.some((r) => r.url === url)) this.refusals.push({ url, reason });
  }

  /** Checks every request, redirect hop and WebSocket of `context` from now on. */
  async protect(context: BrowserContext): Promise<void> {
    await context.route('**/*', async (route) => {
      const url = route.request().url();
      const why = await this.refusal(url);
      if (!why) return route.fallback();
      this.record(url, why);
      return route.abort('blockedbyclient');
    });
    await context.routeWebSocket(/.*/, async (ws) => {
      const why = await this.refusal(ws.url());
      if (!why) return ws.connectToServer();
      this.record(ws.url(), why);
      await ws.close({ code: 1008, reason: 'Refused by Goalie' });
    });
    context.on('page', (page) => void this.ready(page));
    await Promise.all(context.pages().map((page) => this.ready(page)));
  }

  private readonly watching = new WeakMap<Page, Promise<void>>();

  /** Resolves once `page`'s redirect hops are checked: await it before the first navigation. */
  ready(page: Page): Promise<void> {
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
        const why = event.redirectedRequestId ? await this.refusal(event.request.url) : null;
        if (why) {
          this.record(event.request.url, why);
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
    if (!this.refusals.length) return null;
    return this.refusals.map((r) => `The browser was not allowed to request ${r.url}: ${r.reason}.`).join('\n');
  }
}
