// One POST to an address checked right before connecting: outbound webhooks and Teams messages go to
// URLs from project files, so each is a request Goalie makes on a stranger's behalf. The host is
// resolved here, every address it resolves to is put to `refuse`, and the socket connects to the
// checked address through `lookup`: a name whose DNS answer changes between the check and the
// connection (rebinding) cannot lead the request elsewhere. TLS still verifies the URL's host name.
// Redirects are answers like any other (never followed); the whole attempt is bounded in time.
import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { addressKind, hostKind, normaliseHost } from '../../domain/url-policy.js';

export interface ResolvedAddress {
  address: string;
  family: number;
}

export interface CheckedPostOptions {
  /** Connection to last byte kept. */
  timeoutMs: number;
  /** Why `address` (one the URL's host resolves to) may not be reached, as a whole sentence; null: it may. */
  refuse: (address: string) => string | null;
  /** How much of the answer is kept (the rest is not read). */
  keepBytes: number;
  /** Injected by tests; the system resolver otherwise. */
  resolve?: (host: string) => Promise<ResolvedAddress[]>;
}

/** The host resolves to an address `refuse` refused: trying again changes nothing. */
export class AddressRefused extends Error {}

/** Nothing (or not all of the answer) came within the time. */
export class NoAnswer extends Error {
  constructor(readonly seconds: number) {
    super(`no answer within ${seconds} s`);
  }
}

const systemResolve = (host: string) => dns.lookup(host, { all: true, verbatim: true });

/** The address to connect to for `url`: every address its host resolves to passed `refuse` (else AddressRefused). */
export async function checkedAddress(
  url: URL,
  options: Pick<CheckedPostOptions, 'refuse' | 'resolve'>,
): Promise<ResolvedAddress> {
  const host = normaliseHost(url.hostname);
  const kind = hostKind(host);
  // IP addresses as they are; localhost and metadata names by name, whatever a resolver says.
  const addresses = addressKind(host)
    ? [{ address: host, family: host.includes(':') ? 6 : 4 }]
    : kind === 'loopback'
      ? [{ address: '127.0.0.1', family: 4 }]
      : kind === 'metadata'
        ? [{ address: '169.254.169.254', family: 4 }]
        : await (options.resolve ?? systemResolve)(host).catch((error: NodeJS.ErrnoException) => {
            throw new Error(`${host} does not resolve (${error.code ?? error.message})`);
          });
  if (!addresses.length) throw new Error(`${host} does not resolve`);
  for (const { address } of addresses) {
    const why = options.refuse(address);
    if (why) throw new AddressRefused(why);
  }
  return addresses[0]!;
}

/** POSTs `body`; any HTTP answer (3xx, 4xx, 5xx included) resolves with its status and first bytes. */
export async function checkedPost(
  url: URL,
  headers: Record<string, string>,
  body: string,
  options: CheckedPostOptions,
): Promise<{ status: number; body: string }> {
  const target = await checkedAddress(url, options);
  const pinned: LookupFunction = (_host, opts, callback) => {
    if ((opts as { all?: boolean }).all) (callback as (e: null, a: unknown[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  const seconds = options.timeoutMs / 1000;
  return await new Promise((resolvePost, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': Buffer.byteLength(body) },
        lookup: pinned,
        agent: false,
        timeout: options.timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        const finish = () => {
          clearTimeout(deadline);
          resolvePost({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).subarray(0, options.keepBytes).toString('utf8'),
          });
          response.destroy();
        };
        response.on('data', (chunk: Buffer) => {
          if (kept >= options.keepBytes) return;
          chunks.push(chunk);
          kept += chunk.length;
          if (kept >= options.keepBytes) finish();
        });
        response.on('end', finish);
        response.on('error', reject);
      },
    );
    // `timeout` above is for an idle socket; this bounds the whole attempt.
    const deadline = setTimeout(() => request.destroy(new NoAnswer(seconds)), options.timeoutMs);
    request.on('timeout', () => request.destroy(new NoAnswer(seconds)));
    request.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(deadline);
      reject(
        error instanceof NoAnswer || !error.code || error.message.includes(error.code)
          ? error
          : new Error(`${error.code}: ${error.message}`),
      );
    });
    request.end(body);
  });
}
