// Readable resources: goalie://runs/{shortId} (a run's summary with its test cases) and
// goalie://test-cases/{id} (a test case with its recorded steps), read through the API as the tools are.
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { ApiError } from '../client/api-error.js';
import type { McpContext } from './context.js';
import { formatRun, formatTestCase } from './format.js';
import { describeApiError } from './results.js';

function one(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

async function read(uri: URL, work: () => Promise<string>): Promise<ReadResourceResult> {
  try {
    return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: await work() }] };
  } catch (error) {
    // A resource has no error result: the API's message becomes the protocol error's.
    if (error instanceof ApiError) throw new Error(describeApiError(error), { cause: error });
    throw error;
  }
}

export function registerResources(server: McpServer, ctx: McpContext): void {
  server.registerResource(
    'run',
    new ResourceTemplate('goalie://runs/{shortId}', { list: undefined }),
    {
      title: 'Run summary',
      description: "A run's status, result and test cases with what went wrong and links to the evidence.",
      mimeType: 'text/plain',
    },
    (uri, { shortId }) =>
      read(uri, async () => formatRun(await ctx.client.getRun(one(shortId), 'all'), ctx.runPage(one(shortId)))),
  );
  server.registerResource(
    'test-case',
    new ResourceTemplate('goalie://test-cases/{id}', { list: undefined }),
    {
      title: 'Test case steps',
      description: "A test case's goal, burn-in state and recorded steps.",
      mimeType: 'text/plain',
    },
    (uri, { id }) => read(uri, async () => formatTestCase(await ctx.client.getTestCase(one(id)))),
  );
}
