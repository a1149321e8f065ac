// A webhook receiver on 127.0.0.1, checking each request the way docs/webhooks.md tells receivers
// to (written here independently of Goalie's signing code, so a wrong signature fails the tests).
// Paths choose the answer: /ok 200; /flaky 500 to the first request of each delivery, then 200;
// /silent never answers; /gone 410; /wrong-secret checks with another secret (401 when it fails);
// /redirect 302 to /ok and /big 200 with 100 KB, whatever the signature.
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  payload: { id: string; event: string; createdAt: string; project: { id: string; slug: string }; data: any };
  /** Whether the signature matched the secret of the path and the timestamp was within 5 minutes. */
  verified: boolean;
  status: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  close(): Promise<void>;
}

/** The check a receiver makes (docs/webhooks.md): HMAC-SHA256 of `${timestamp}.${body}`, timestamp within 5 minutes. */
export function verifyGoalieSignature(
  secret: string,
  headers: http.IncomingHttpHeaders,
  body: string,
  nowSeconds = Date.now() / 1000,
): boolean {
  const timestamp = String(headers['x-goalie-timestamp'] ?? '');
  const signature = String(headers['x-goalie-signature-256'] ?? '');
  if (!/^\d+$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > 300) return false;
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`);
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function startWebhookReceiver(secret: string): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      const verified = verifyGoalieSignature(
        path === '/wrong-secret' ? 'not-the-secret-of-this-hook' : secret,
        req.headers,
        body,
      );
      let payload: ReceivedWebhook['payload'];
      try {
        payload = JSON.parse(body);
      } catch {
        payload = { id: '', event: '', createdAt: '', project: { id: '', slug: '' }, data: null };
      }
      const earlier = received.filter((r) => r.path === path && r.payload.id === payload.id).length;
      const status = !verified ? 401 : path === '/flaky' && earlier === 0 ? 500 : path === '/gone' ? 410 : 200;
      received.push({ path, headers: req.headers, body, payload, verified, status });
      if (path === '/silent') return; // never answers: the sender's timeout ends the attempt
      if (path === '/redirect') return void res.writeHead(302, { location: '/ok' }).end();
      if (path === '/big') return void res.writeHead(200).end('x'.repeat(100_000));
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status === 200 ? 'ok' : status === 401 ? 'bad signature' : `answer ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
