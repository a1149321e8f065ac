// What every MCP tool, resource and prompt works with: the REST API client acting with the caller's
// token (so validation, errors, masking and the project scope are the API's own) and the page links.
import type { GoalieClient } from '../client/api-client.js';

export interface McpContext {
  client: GoalieClient;
  /** The run's page in the dashboard (evidence, screenshots, steps). */
  runPage(shortId: string): string;
}
