// Tool answers: text for the agent, and an API refusal as an error result carrying the API's own
// message (so the agent can fix its argument) instead of a protocol error.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ApiError } from '../client/api-error.js';

export function textResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }] };
}

export function errorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/** An argument the tool itself refuses (a plan name that names no plan): an error result with the message. */
export class ToolRefusal extends Error {}

/** Runs one call of the API; an ApiError becomes an error result with the API's message and status. */
export async function apiCall(work: () => Promise<string>): Promise<CallToolResult> {
  try {
    return textResult(await work());
  } catch (error) {
    if (error instanceof ApiError) return errorResult(describeApiError(error));
    if (error instanceof ToolRefusal) return errorResult(error.message);
    throw error;
  }
}

export function describeApiError(error: ApiError): string {
  // Status 0: nothing came back (the message says whether the server was unreachable or the request
  // was never sent).
  const status = error.status ? ` (HTTP ${error.status})` : '';
  const hint =
    error.status === 401
      ? ' The API token is missing, wrong or revoked: create one with `goalie token create --project <name>`.'
      : error.status === 404
        ? ' (IDs of another project are not found either: the token sees its own project only.)'
        : '';
  return `Goalie API error${status}: ${error.message}${hint}`;
}
