// What a project may reach besides public addresses: its own settings (`project.network` in its
// YAML), else the server's defaults (docs/security.md). Used for run URLs, webhooks and Teams channels.
import type { NetworkAccess } from '../domain/url-policy.js';
import type { AppContext } from './context.js';

/** `network`: as stored (null: unset) or as a project file gives it (absent: unset). */
export function networkAccess(
  ctx: AppContext,
  network: { allowLoopback?: boolean | null; allowPrivate?: boolean | null } | null,
): NetworkAccess {
  const defaults = ctx.browserNetwork?.defaults ?? { allowLoopback: true, allowPrivate: true };
  return {
    allowLoopback: network?.allowLoopback ?? defaults.allowLoopback,
    allowPrivate: network?.allowPrivate ?? defaults.allowPrivate,
  };
}

export async function projectNetworkAccess(ctx: AppContext, projectId: string): Promise<NetworkAccess> {
  return networkAccess(ctx, (await ctx.store.projects.browserAccess(projectId)).network);
}
