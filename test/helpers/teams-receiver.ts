// A stand-in for a Teams Workflows webhook on 127.0.0.1: keeps every JSON body POSTed to it, and
// can answer the next requests with an error status.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TeamsReceiver {
  /** A webhook URL of it, with a secret-looking query like the real ones. */
  url(path?: string): string;
  /** Every request: path with query, and the body parsed (answered or not). */
  requests: { path: string; contentType: string | undefined; body: any; status: number }[];
  /** The bodies it answered 202 to. */
  messages(path?: string): any[];
  failNext(times: number, status?: number): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startTeamsReceiver(): Promise<TeamsReceiver> {
  const requests: TeamsReceiver['requests'] = [];
  let failures = { times: 0, status: 500 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const status = failures.times > 0 ? failures.status : 202;
      if (failures.times > 0) failures.times--;
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
      requests.push({ path: req.url ?? '/', contentType: req.headers['content-type'], body, status });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    url: (path = '/workflows/team') => `${base}${path}?api-version=1&sig=s3cr3t-signature`,
    requests,
    messages: (path) =>
      requests.filter((r) => r.status === 202 && (!path || r.path.startsWith(path))).map((r) => r.body),
    failNext: (times, status = 500) => void (failures = { times, status }),
    reset: () => void requests.splice(0),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
