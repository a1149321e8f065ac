// `goalie mcp`: the MCP server over stdio, for clients that launch a command (Claude Code, Cursor,
// VS Code, Windsurf). A client of the REST API like `goalie run`: --api-url / --token, else
// GOALIE_API_URL / GOALIE_API_TOKEN. stdout carries the protocol, so messages go to stderr.
import { parseArgs } from 'node:util';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { UsageError } from '../cli/args.js';
import { connect, runPageUrl } from '../cli/connection.js';
import { EXIT_OK, EXIT_USAGE } from '../cli/exit-codes.js';
import type { ClientIo } from '../cli/io.js';
import { createGoalieMcpServer } from './server.js';

export const MCP_USAGE = `Usage: goalie mcp [--api-url URL] [--token TOKEN]

Serves Goalie's MCP tools, resources and prompts over stdio for a coding agent (Claude Code, Cursor,
VS Code, Windsurf) that launches this command. Every call goes to the REST API with the token, so it
sees and changes that token's project only. See docs/mcp.md.

  --api-url URL        the Goalie server (default: GOALIE_API_URL), e.g. https://goalie.example.com
  --token TOKEN        a project API token (default: GOALIE_API_TOKEN)
`;

/** Serves until the client closes stdin; resolves with the exit code. */
export async function mcpCommand(args: string[], io: ClientIo): Promise<number> {
  let flags: { 'api-url'?: string; token?: string; help?: boolean };
  try {
    flags = parseArgs({
      args,
      options: { 'api-url': { type: 'string' }, token: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    io.stderr(`goalie mcp: ${(error as Error).message}\n\n${MCP_USAGE}`);
    return EXIT_USAGE;
  }
  if (flags.help) {
    io.stdout(MCP_USAGE);
    return EXIT_OK;
  }
  let client;
  try {
    client = connect('mcp', flags, io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`goalie mcp: ${error.message}\n`);
    return EXIT_USAGE;
  }
  const server = createGoalieMcpServer(
    { client, runPage: (shortId) => runPageUrl(client, shortId) },
    io.version ?? 'dev',
  );
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = resolve;
  });
  await server.connect(transport);
  // The client closed its end: nothing more will come.
  process.stdin.once('end', () => void server.close());
  io.stderr(`goalie mcp: serving ${client.apiUrl} over stdio\n`);
  await closed;
  return EXIT_OK;
}
