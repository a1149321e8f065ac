// Delivers webhooks over node:http(s). The host is resolved here, every address it resolves to is
// checked (domain/webhooks.ts), and the socket connects to the checked address through `lookup`:
// a name whose DNS answer changes between the check and the connection (rebinding) cannot lead the
// request elsewhere. TLS still verifies the certificate against the URL's host name.
import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import os from 'node:os';
import type { WebhookResponse, WebhookSender } from '../../app/ports/webhooks.js';
import { webhookAddressRefusal } from '../../domain/webhooks.js';
import { addressKind, hostKind, normaliseHost, type NetworkAccess, type OwnPorts } from '../../domain/url-policy.js';

/** How much of a response is kept for the record. */
export const WEBHOOK_RESPONSE_BYTES = 1024;

export interface HttpWebhookSenderOptions {
  /** Per attempt, connection to last byte; default 10 s. */
  timeoutMs?: number;
  /** Goalie's API and database ports: never a webhook's destination on this machine. */
  ownPorts: number[];
  /** Injected by tests; the system resolver otherwise. */
  lookup?: (host: string) => Promise<{ address: string; family: number }[]>;
}

const systemLookup = (host: string) => dns.lookup(host, { all: true, verbatim: true });

export function httpWebhookSender(options: HttpWebhookSenderOptions): WebhookSender {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const resolve = options.lookup ?? systemLookup;
  const interfaces = new Set(
    Object.values(os.networkInterfaces())
      .flatMap((list) => list ?? [])
      .map((i) => normaliseHost(i.address)),
  );
  const own: OwnPorts = { ports: options.ownPorts, isOwnAddress: (a) => interfaces.has(normaliseHost(a)) };

  async function checkedAddress(url: URL, access: NetworkAccess): Promise<{ address: string; family: number }> {
    const host = normaliseHost(url.hostname);
    const literal = addressKind(host);
    const kind = hostKind(host);
    // IP addresses as they are; localhost and metadata names by name, whatever a resolver says.
    const addresses = literal
      ? [{ address: host, family: host.includes(':') ? 6 : 4 }]
      : kind === 'loopback'
        ? [{ address: '127.0.0.1', family: 4 }]
        : kind === 'metadata'
          ? [{ address: '169.254.169.254', family: 4 }]
          : await resolve(host).catch((error: NodeJS.ErrnoException) => {
              throw new Error(`${host} does not resolve (${error.code ?? error.message})`);
            });
    if (!addresses.length) throw new Error(`${host} does not resolve`);
    for (const { address } of addresses) {
      const why = webhookAddressRefusal(url, address, access, own);
      if (why) throw new Error(`refused: ${why}`);
    }
    return addresses[0]!;
  }

  return {
    async post(raw, headers, body, access) {
      const url = new URL(raw);
      const target = await checkedAddress(url, access);
      const pinned: LookupFunction = (_host, opts, callback) => {
        if ((opts as { all?: boolean }).all) (callback as (e: null, a: unknown[]) => void)(null, [target]);
        else callback(null, target.address, target.family);
      };
      const client = url.protocol === 'https:' ? https : http;
      return await new Promise<WebhookResponse>((resolvePost, reject) => {
        const request = client.request(
          url,
          {
            method: 'POST',
            headers: { ...headers, 'Content-Length': Buffer.byteLength(body) },
            lookup: pinned,
            agent: false,
            timeout: timeoutMs,
          },
          (response) => {
            // Redirects are answers like any other: a 3xx is not a 2xx, and its Location is not followed.
            const chunks: Buffer[] = [];
            let kept = 0;
            response.on('data', (chunk: Buffer) => {
              if (kept >= WEBHOOK_RESPONSE_BYTES) return;
              chunks.push(chunk);
              kept += chunk.length;
              // Enough for the record: the rest of a large body is not read.
              if (kept >= WEBHOOK_RESPONSE_BYTES) finish();
            });
            const finish = () => {
              clearTimeout(deadline);
              resolvePost({
                status: response.statusCode ?? 0,
                body: Buffer.concat(chunks).subarray(0, WEBHOOK_RESPONSE_BYTES).toString('utf8'),
              });
              response.destroy();
            };
            response.on('end', finish);
            response.on('error', (error) => reject(error));
          },
        );
        // `timeout` above is for an idle socket; this bounds the whole attempt.
        const deadline = setTimeout(
          () => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)),
          timeoutMs,
        );
        request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
        request.on('error', (error: NodeJS.ErrnoException) => {
          clearTimeout(deadline);
          reject(
            new Error(
              error.code && !error.message.includes(error.code) ? `${error.code}: ${error.message}` : error.message,
            ),
          );
        });
        request.end(body);
      });
    },
  };
}
