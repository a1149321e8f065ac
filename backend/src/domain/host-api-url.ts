// Where Goalie may send a repository connection's token: the API base of `repository.url` (GitHub,
// GitHub Enterprise, GitLab). A project writer chooses it, so it follows the address rules of
// outbound webhooks (docs/security.md): never link-local or metadata addresses nor Goalie's own ports,
// loopback and private ranges only where the project's `network` allows them, plain http only there.
// Checked without DNS when the URL is applied or used, and again for every address its host resolves
// to before each request (integrations/http/checked-fetch.ts).
import { urlRefusal, type NetworkAccess, type OwnPorts } from './url-policy.js';
import { webhookAddressRefusal, webhookUrlRefusal } from './webhooks.js';

const WHO = 'a repository connection';

/**
 * Why the API URL may not be used, told without DNS: its scheme, an IP address or a known name as its
 * host, or one of Goalie's own ports on loopback; null when it may (its host's addresses are checked
 * at each request).
 */
export function hostApiUrlRefusal(raw: string, access: NetworkAccess, ownPorts: readonly number[]): string | null {
  const why =
    webhookUrlRefusal(raw, access, WHO) ?? urlRefusal(raw, access, { ports: ownPorts, isOwnAddress: () => false });
  return why ? why.replace('the browser', WHO) : null;
}

/** Why a request for the API URL may not go to `address`, one its host resolves to; null when it may. */
export function hostApiAddressRefusal(
  url: URL,
  address: string,
  access: NetworkAccess,
  own: OwnPorts | null,
): string | null {
  return webhookAddressRefusal(url, address, access, own, WHO);
}
