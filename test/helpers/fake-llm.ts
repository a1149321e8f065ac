// A scripted OpenAI-compatible chat-completions server on 127.0.0.1 (real HTTP): each
// POST /v1/chat/completions takes the next reply of the test's script and is recorded (body and
// headers), so a test can assert what Goalie sent and that it sent nothing at all.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The raw body as sent. */
  raw: string;
  body: {
    model: string;
    messages: { role: string; content: string }[];
    tools?: { type: string; function: { name: string; description?: string; parameters: Record<string, unknown> } }[];
    tool_choice?: unknown;
  };
}

export type Reply =
  /** Any status and JSON body, e.g. an error; `headers` such as retry-after-ms. */
  | { status: number; body: unknown; headers?: Record<string, string> }
  /** Never answer (a timeout); the connection is closed when the server closes. */
  | { hang: true };

export interface FakeLlm {
  /** The base URL to configure: http://127.0.0.1:PORT/v1 */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Replies for the next requests, in order; a request with none left gets a 500 saying so. */
  script(...replies: Reply[]): void;
  close(): Promise<void>;
}

const USAGE = { prompt_tokens: 1200, completion_tokens: 40, total_tokens: 1240 };

/** A completion whose answer is a call of the tool the request forced. */
export function toolCall(name: string, args: unknown, usage = USAGE): Reply {
  return {
    status: 200,
    body: {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      created: 1,
      model: 'scripted',
      choices: [
        {
          index: 0,
          finish_reason: 'tool_calls',
          message: {
            role: 'assistant',
            content: null,
            refusal: null,
            tool_calls: [
              {
                id: 'call_1',
                type: 'function',
                function: { name, arguments: typeof args === 'string' ? args : JSON.stringify(args) },
              },
            ],
          },
        },
      ],
      usage,
    },
  };
}

/** A completion that answers in the message text instead (servers that ignore tools). */
export function textAnswer(content: string, usage = USAGE): Reply {
  return {
    status: 200,
    body: {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      created: 1,
      model: 'scripted',
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content, refusal: null } }],
      usage,
    },
  };
}

export function refusal(text: string): Reply {
  return {
    status: 200,
    body: {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      created: 1,
      model: 'scripted',
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: null, refusal: text } }],
      usage: USAGE,
    },
  };
}

export function httpError(status: number, message: string, headers?: Record<string, string>): Reply {
  return {
    status,
    body: { error: { message, type: status === 401 ? 'invalid_request_error' : 'server_error', code: null } },
    ...(headers ? { headers } : {}),
  };
}

export async function startFakeLlm(): Promise<FakeLlm> {
  const requests: RecordedRequest[] = [];
  let queue: Reply[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: `no route ${request.method} ${request.url}` } }));
        return;
      }
      requests.push({
        path: request.url,
        headers: request.headers,
        raw,
        body: JSON.parse(raw) as RecordedRequest['body'],
      });
      const reply =
        queue.shift() ??
        httpError(500, `the test scripted no reply for request ${requests.length}`, { 'x-should-retry': 'false' });
      if ('hang' in reply) {
        hanging.add(response);
        return;
      }
      response
        .writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers })
        .end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...replies) => void (queue = [...replies]),
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
