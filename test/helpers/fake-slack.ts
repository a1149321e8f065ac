// A fake Slack Web API on 127.0.0.1: as much of it as Goalie calls, answering in Slack's shapes
// (HTTP 200 with `{ ok: false, error }` for API errors), and recording every request it received.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SlackRequest {
  method: string;
  /** Slack method name, e.g. `conversations.info`. */
  apiMethod: string;
  authorization: string | undefined;
  contentType: string | undefined;
  /** The form-encoded (or JSON) arguments. */
  args: Record<string, string>;
  /** Whether it was answered (false when failNext made it fail). */
  answered: boolean;
}

export interface FakeSlack {
  /** Base URL without the `/api/` part, e.g. http://127.0.0.1:1234 */
  url: string;
  requests: SlackRequest[];
  /** The bot token Slack accepts; anything else gets `invalid_auth`. */
  botToken: string;
  /** Channels the bot is a member of. */
  joined: Set<string>;
  /** Channels that exist but the bot is not in. */
  notJoined: Set<string>;
  /** The messages posted (chat.postMessage calls that were answered), with their blocks parsed. */
  messages(channel?: string): { channel: string; text: string; blocks: any[]; threadTs?: string }[];
  /** Answer the next `times` requests with HTTP `status` (default 500) instead of handling them. */
  failNext(times: number, status?: number): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeSlack(
  options: { botToken?: string; joined?: string[]; notJoined?: string[] } = {},
): Promise<FakeSlack> {
  const requests: SlackRequest[] = [];
  const joined = new Set(options.joined ?? []);
  const notJoined = new Set(options.notJoined ?? []);
  let failures: { times: number; status: number } = { times: 0, status: 500 };
  let messageCount = 0;
  const botToken = options.botToken ?? 'xoxb-test-token';

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const contentType = req.headers['content-type'];
      const url = new URL(req.url ?? '/', 'http://fake-slack');
      let args: Record<string, string> = Object.fromEntries(url.searchParams);
      if (contentType?.includes('application/json') && text)
        args = { ...args, ...(JSON.parse(text) as Record<string, string>) };
      else if (text) args = { ...args, ...Object.fromEntries(new URLSearchParams(text)) };
      const apiMethod = url.pathname.replace(/^\/api\//, '');
      const record: SlackRequest = {
        method: req.method ?? '',
        apiMethod,
        authorization: req.headers.authorization,
        contentType,
        args,
        answered: true,
      };
      requests.push(record);

      if (failures.times > 0) {
        failures.times--;
        record.answered = false;
        return send(res, failures.status, { ok: false, error: 'fatal_error' });
      }
      if (!url.pathname.startsWith('/api/')) return send(res, 404, { ok: false, error: 'unknown_method' });
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? args.token;
      if (!bearer) return send(res, 200, { ok: false, error: 'not_authed' });
      if (bearer !== botToken) return send(res, 200, { ok: false, error: 'invalid_auth' });

      switch (apiMethod) {
        case 'conversations.info': {
          const channel = args.channel;
          if (!channel) return send(res, 200, { ok: false, error: 'channel_not_found' });
          if (joined.has(channel) || notJoined.has(channel)) {
            return send(res, 200, {
              ok: true,
              channel: {
                id: channel,
                name: channel.toLowerCase(),
                is_channel: true,
                is_archived: false,
                is_member: joined.has(channel),
              },
            });
          }
          return send(res, 200, { ok: false, error: 'channel_not_found' });
        }
        case 'chat.postMessage': {
          const channel = args.channel;
          if (!channel || (!joined.has(channel) && !notJoined.has(channel)))
            return send(res, 200, { ok: false, error: 'channel_not_found' });
          if (!joined.has(channel)) return send(res, 200, { ok: false, error: 'not_in_channel' });
          if (!args.text && !args.blocks) return send(res, 200, { ok: false, error: 'no_text' });
          const ts = `${Math.floor(Date.now() / 1000)}.${String(++messageCount).padStart(6, '0')}`;
          return send(res, 200, { ok: true, channel, ts, message: { text: args.text, ts } });
        }
        default:
          return send(res, 404, { ok: false, error: 'unknown_method' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    botToken,
    joined,
    notJoined,
    messages(channel) {
      return requests
        .filter((r) => r.apiMethod === 'chat.postMessage' && r.answered && (!channel || r.args.channel === channel))
        .map((r) => ({
          channel: r.args.channel!,
          text: r.args.text ?? '',
          blocks: r.args.blocks ? (typeof r.args.blocks === 'string' ? JSON.parse(r.args.blocks) : r.args.blocks) : [],
          threadTs: r.args.thread_ts,
        }));
    },
    failNext(times, status = 500) {
      failures = { times, status };
    },
    reset() {
      requests.length = 0;
      failures = { times: 0, status: 500 };
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
