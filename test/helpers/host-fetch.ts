// The platforms' fetch as main.ts builds it (every request checked after DNS and pinned), for tests
// whose fake GitHub or GitLab listens on 127.0.0.1: the connection's project allows loopback.
import type { NetworkAccess } from '../../backend/src/domain/url-policy.js';
import { repositoryHostFetch } from '../../backend/src/integrations/http/checked-fetch.js';

/** A project that lets its requests reach loopback (the fakes), not private ranges. */
export const allowLoopback = async (): Promise<NetworkAccess> => ({ allowLoopback: true, allowPrivate: false });

/** The checked fetch for a connection with `allowLoopback`, with no own ports of Goalie's in the way. */
export const loopbackHostFetch = repositoryHostFetch({ ownPorts: [] })({ network: allowLoopback });
