// GOALIE_TRUST_PROXY: which proxies in front of Goalie may say who the client is (X-Forwarded-For)
// and where the browser reached Goalie (X-Forwarded-Host, -Proto). Unset, none may: anyone who
// reaches Goalie can send those headers.
import { NAMED_RANGES, parseAddressRange, type AddressRange, type ProxyTrust } from './domain/forwarded-for.js';

type Env = Record<string, string | undefined>;

const MAX_HOPS = 10;

const HOW =
  'Set it to the number of proxies in front of Goalie (1 for one load balancer or nginx), or to their addresses, such as 10.0.0.0/8,127.0.0.1 (loopback, linklocal and uniquelocal name those ranges); see docs/deploy.md';

export function parseTrustProxy(env: Env): ProxyTrust {
  const raw = env.GOALIE_TRUST_PROXY?.trim() ?? '';
  if (raw === '' || raw === '0' || raw.toLowerCase() === 'false') return { kind: 'none' };
  if (/^\d+$/.test(raw)) {
    // No real chain of proxies is longer; a huge count would believe every address a client writes.
    if (Number(raw) > MAX_HOPS)
      throw new Error(
        `GOALIE_TRUST_PROXY=${raw.length > 40 ? `${raw.slice(0, 40)}…` : raw} proxies is more than ${MAX_HOPS}: a count beyond the proxies really in front of Goalie lets a client claim any address. ${HOW}.`,
      );
    return { kind: 'hops', hops: Number(raw) };
  }
  if (raw.toLowerCase() === 'true')
    throw new Error(
      `GOALIE_TRUST_PROXY=true would believe X-Forwarded-For from anyone who reaches Goalie, so a client could claim any address. ${HOW}.`,
    );
  const ranges: AddressRange[] = [];
  for (const item of raw.split(',').map((part) => part.trim())) {
    const named = NAMED_RANGES[item.toLowerCase()];
    const range = named ? null : parseAddressRange(item);
    if (named) ranges.push(...named.map((text) => parseAddressRange(text)!));
    else if (!range)
      throw new Error(
        `GOALIE_TRUST_PROXY: ${JSON.stringify(item)} is not an IP address or a range such as 10.0.0.0/8 or fd00::/8${/^[a-z][\w.-]*$/i.test(item) ? " (host names are not resolved: give the proxies' addresses)" : ''}. ${HOW}.`,
      );
    else if (range.bits === 0)
      throw new Error(`GOALIE_TRUST_PROXY: ${item} is every address, so a client could claim any address. ${HOW}.`);
    else ranges.push(range);
  }
  return { kind: 'addresses', ranges };
}
