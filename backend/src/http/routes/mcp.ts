// POST /mcp: Goalie's MCP server over Streamable HTTP (stateless: a server per request), for coding
// agents. `guard` answers 401 for a missing, wrong or revoked project token and reads the body within
// the API's limit before any MCP handling. The tools then call this server's own REST API with the
// caller's token, so validation, errors, masking and the project scope are exactly the API's.
import type { IncomingMessage } from 'node:http';
import Router from '@koa/router';
import type { Middleware } from 'koa';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { GoalieClient } from '../../../../shared/src/client/api-client.js';
import { createGoalieMcpServer } from '../../../../shared/src/mcp/server.js';
import type { AppContext } from '../../app/context.js';
import { BadRequest } from '../../app/errors.js';
import type { AppState } from '../state.js';

/** Where this request reached us: the API answers at the same address. */
function ownApiUrl(req: IncomingMessage): string {
  const { localAddress = '127.0.0.1', localPort } = req.socket;
  const host = localAddress.includes(':') ? `[${localAddress}]` : localAddress;
  return `http://${host}:${localPort}/v1`;
}

export function mcpRoutes(app: AppContext, guard: Middleware<AppState>[], version: string): Router<AppState> {
  const router = new Router<AppState>();
  // Stateless: no session, so no GET stream and no DELETE; the router answers those 405 with Allow: POST.
  router.post('/mcp', ...guard, async (ctx) => {
    if (ctx.state.body === undefined)
      throw new BadRequest('POST /mcp takes a JSON-RPC message of the Model Context Protocol; the body was empty.');
    // The guard checked the header's form: `Bearer <token>`.
    const token = ctx.get('authorization').trim().split(/\s+/)[1]!;
    const client = new GoalieClient({ apiUrl: ownApiUrl(ctx.req), token, userAgent: `goalie-mcp/${version}` });
    const server = createGoalieMcpServer({ client, runPage: (shortId) => app.links.run(shortId) }, version);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    // The transport writes the answer (JSON, or an event stream for progress) itself.
    ctx.respond = false;
    ctx.res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(ctx.req, ctx.res, ctx.state.body);
  });
  return router;
}
