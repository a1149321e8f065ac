// The MCP SDK's own client against Goalie: over Streamable HTTP at /mcp, and over stdio by launching
// `node bin/goalie.js mcp` as a coding agent would.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type McpTransportKind = 'http' | 'stdio';

export interface McpTestClient {
  client: Client;
  /** The stdio server's standard error (empty over HTTP). */
  stderr(): string;
  close(): Promise<void>;
}

export async function connectMcp(kind: McpTransportKind, baseUrl: string, token: string): Promise<McpTestClient> {
  const client = new Client({ name: 'goalie-tests', version: '1.0.0' });
  let stderr = '';
  if (kind === 'http') {
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
  } else {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [path.join(ROOT, 'bin/goalie.js'), 'mcp', '--api-url', baseUrl, '--token', token],
      env: { PATH: process.env.PATH ?? '' },
      cwd: ROOT,
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk) => (stderr += String(chunk)));
    await client.connect(transport);
  }
  return { client, stderr: () => stderr, close: () => client.close() };
}

/** The text of a tool result (every Goalie tool answers one text block). */
export function resultText(result: CallToolResult | Record<string, unknown>): string {
  const content = (result as CallToolResult).content ?? [];
  return content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}
