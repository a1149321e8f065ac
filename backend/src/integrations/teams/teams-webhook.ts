// Posting Adaptive Card messages to a Teams Workflows webhook URL. The address the host resolves to
// is checked right before connecting (and that address is the one connected to), so a name cannot
// point somewhere else between the check and the request. Redirects are not followed. No retries
// here: the queue retries 5xx, 408, 429, timeouts and network errors; other answers are definite.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { PermanentDeliveryFailure, type TeamsPoster } from '../../app/ports/notifiers.js';
import { portOf } from '../../domain/url-policy.js';

type LookupCallback = (error: Error | null, address: string | dns.LookupAddress[], family?: number) => void;

export function teamsWebhook(options: { timeoutMs?: number } = {}): TeamsPoster {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    post(rawUrl, message, refuse) {
      const url = new URL(rawUrl);
      const port = portOf(url);
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (net.isIP(host)) {
        const why = refuse(host, port);
        if (why) return Promise.reject(new PermanentDeliveryFailure(`${url.host} is ${why}`));
      }
      const lookup = (hostname: string, opts: dns.LookupOptions, callback: LookupCallback) => {
        dns.lookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
          if (error) return callback(error, '');
          for (const a of addresses) {
            const why = refuse(a.address, port);
            if (why) return callback(new PermanentDeliveryFailure(`${url.host} resolves to ${a.address}, ${why}`), '');
          }
          if (opts.all) return callback(null, addresses);
          callback(null, addresses[0]!.address, addresses[0]!.family);
        });
      };
      const body = JSON.stringify(message);
      const client = url.protocol === 'https:' ? https : http;
      return new Promise<void>((resolve, reject) => {
        const request = client.request(
          url,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
            lookup: lookup,
            timeout: timeoutMs,
          },
          (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              if (text.length < 500) text += chunk;
            });
            response.on('end', () => {
              const status = response.statusCode ?? 0;
              if (status >= 200 && status < 300) return resolve();
              const what = `${url.host} answered ${status}${text ? `: ${text.slice(0, 200)}` : ''}`;
              if (status >= 500 || status === 408 || status === 429) return reject(new Error(what));
              reject(
                new PermanentDeliveryFailure(
                  status >= 300 && status < 400 ? `${what} (redirects are not followed)` : what,
                ),
              );
            });
            response.on('error', reject);
          },
        );
        request.on('timeout', () =>
          request.destroy(new Error(`${url.host} did not answer within ${timeoutMs / 1000} s`)),
        );
        request.on('error', reject);
        request.end(body);
      });
    },
  };
}
