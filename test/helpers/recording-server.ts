// An HTTP server on 127.0.0.1 that records every request it gets: where a test proves what reached
// an address, and what never did.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordingServer {
  url: string;
  port: number;
  requests: { method: string; url: string; headers: http.IncomingHttpHeaders }[];
  close(): Promise<void>;
}

/** Answers each request with `answer`; by default a JSON 404, which no API client retries. */
export async function startRecordingServer(answer?: (res: http.ServerResponse) => void): Promise<RecordingServer> {
  const requests: RecordingServer['requests'] = [];
  const server = http.createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    req.resume();
    if (answer) answer(res);
    else res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The message `promise` rejects with; fails the test when it resolves. */
export async function rejectionMessage(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a refusal, and it succeeded');
}
