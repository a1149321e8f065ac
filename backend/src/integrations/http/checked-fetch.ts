// The fetch the repository hosts' API clients (Octokit, gitbeaker) send the repository's token with,
// to an API URL a project file chose. Like checked-post.ts, each request's host is resolved here,
// every address it resolves to is checked, and the socket connects to the checked address: a name
// whose DNS answer changes in between (rebinding) cannot lead the token elsewhere. A redirect is
// followed only within the same origin, each hop checked again; one to another origin is refused,
// since the token would go with it. Nothing is decompressed (no Accept-Encoding is sent).
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import { HostAddressRefused, type PlatformConnection } from '../../app/ports/change-request-platform.js';
import { hostApiAddressRefusal } from '../../domain/host-api-url.js';
import { AddressRefused, checkedAddress, type ResolvedAddress } from './checked-post.js';
import { machineOwnPorts } from './own-ports.js';

export interface CheckedFetchOptions {
  /** Why a request for `url` may not go to `address` (one its host resolves to), as a sentence; null: it may. */
  refuse: (url: URL, address: string) => string | null;
  /** Injected by tests; the system resolver otherwise. */
  resolve?: (host: string) => Promise<ResolvedAddress[]>;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;
const NULL_BODY = new Set([101, 204, 205, 304]);

export function checkedFetch(options: CheckedFetchOptions): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    let method = request.method;
    let body = request.body ? Buffer.from(await request.arrayBuffer()) : null;
    let url = new URL(request.url);
    for (let hop = 0; ; hop++) {
      const response = await send(url, method, request.headers, body, request.signal, options);
      const location = response.headers.get('location');
      if (request.redirect === 'manual' || !REDIRECTS.has(response.status) || location === null) return response;
      await response.body?.cancel();
      const next = new URL(location, url);
      if (request.redirect === 'error' || hop >= MAX_REDIRECTS)
        throw new TypeError('fetch failed', { cause: new Error(`${url.host} redirected (${response.status})`) });
      if (next.origin !== url.origin)
        throw new AddressRefused(
          `${url.host} redirected to ${next.origin}, another origin, where Goalie does not follow with the credentials`,
        );
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
        method = 'GET';
        body = null;
      }
      url = next;
    }
  };
}

/** One request to the checked address of `url`; the answer as a fetch Response, its body streamed. */
async function send(
  url: URL,
  method: string,
  headers: Headers,
  body: Buffer | null,
  signal: AbortSignal,
  options: CheckedFetchOptions,
): Promise<Response> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TypeError('fetch failed', { cause: new Error(`${url.protocol} is not http or https`) });
  signal.throwIfAborted();
  const target = await checkedAddress(url, {
    refuse: (address) => options.refuse(url, address),
    ...(options.resolve ? { resolve: options.resolve } : {}),
  });
  const pinned: LookupFunction = (_host, opts, callback) => {
    if ((opts as { all?: boolean }).all) (callback as (e: null, a: unknown[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
  const outgoing: Record<string, string> = {};
  headers.forEach((value, name) => (outgoing[name] = value));
  if (body) outgoing['content-length'] = String(body.length);
  const client = url.protocol === 'https:' ? https : http;
  return await new Promise<Response>((resolve, reject) => {
    const req = client.request(url, { method, headers: outgoing, lookup: pinned, agent: false });
    // As fetch does: an aborted request (or body) fails with the signal's reason, a TimeoutError for a timeout.
    const abort = () => req.destroy(signal.reason as Error);
    signal.addEventListener('abort', abort, { once: true });
    req.on('close', () => signal.removeEventListener('abort', abort));
    req.on('error', (error: NodeJS.ErrnoException) =>
      reject(signal.aborted ? signal.reason : new TypeError('fetch failed', { cause: error })),
    );
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      const answer = new Headers();
      for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) answer.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
      const empty = method === 'HEAD' || NULL_BODY.has(status);
      if (empty) res.resume();
      try {
        const stream = empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
        resolve(new Response(stream, { status, statusText: res.statusMessage ?? '', headers: answer }));
      } catch (error) {
        res.destroy();
        reject(new TypeError('fetch failed', { cause: error }));
      }
    });
    req.end(body ?? undefined);
  });
}

/**
 * The fetch of one repository connection: every request checked after DNS against the API URL rules
 * (domain/host-api-url.ts) with the project's network settings and Goalie's own ports on this machine.
 */
export function repositoryHostFetch(options: {
  ownPorts: readonly number[];
  resolve?: (host: string) => Promise<ResolvedAddress[]>;
}): (connection: Pick<PlatformConnection, 'network'>) => typeof fetch {
  const own = machineOwnPorts(options.ownPorts);
  return (connection) => async (input, init) => {
    const access = await connection.network();
    const fetchChecked = checkedFetch({
      refuse: (url, address) => hostApiAddressRefusal(url, address, access, own),
      ...(options.resolve ? { resolve: options.resolve } : {}),
    });
    try {
      return await fetchChecked(input, init);
    } catch (error) {
      throw error instanceof AddressRefused ? new HostAddressRefused(error.message) : error;
    }
  };
}
