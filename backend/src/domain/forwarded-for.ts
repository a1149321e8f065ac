// Who sent a request when proxies stand in front of Goalie. Each proxy appends the address it was
// reached from to X-Forwarded-For, so the list is read from its right end, and only as far as
// proxies Goalie trusts wrote it: anything further left may have been written by the client itself.
// X-Forwarded-Host and -Proto are believed only from a trusted proxy. GOALIE_TRUST_PROXY says which
// (config-trust-proxy.ts); by default none, and the connection's own address is the client.
import { parseIpv4, parseIpv6 } from './url-policy.js';

/** An address and the number of leading bits a match shares with it: 10.0.0.0/8, ::1/128. */
export interface AddressRange {
  /** 4 bytes for IPv4, 16 for IPv6. */
  bytes: number[];
  bits: number;
}

export type ProxyTrust =
  | { kind: 'none' }
  /** This many proxies in front of Goalie, each appending to X-Forwarded-For. */
  | { kind: 'hops'; hops: number }
  /** Proxies at these addresses. */
  | { kind: 'addresses'; ranges: AddressRange[] };

/** Named ranges, as Express's `trust proxy` knows them. */
export const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** The bytes of an IP address as a socket or a proxy writes it (an IPv4-mapped IPv6 address as IPv4); null otherwise. */
export function addressBytes(text: string): number[] | null {
  const address = text.trim();
  // Only the dotted form a socket or a proxy writes: "10.1" is no one's address here.
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(address)) return parseIpv4(address);
  const v6 = parseIpv6(address);
  if (!v6) return null;
  const mapped = v6.slice(0, 5).every((g) => g === 0) && v6[5] === 0xffff;
  const bytes = v6.flatMap((g) => [g >> 8, g & 255]);
  return mapped ? bytes.slice(12) : bytes;
}

/** `10.0.0.0/8`, `fd00::/8`, or one address (all its bits); null when it is neither. */
export function parseAddressRange(text: string): AddressRange | null {
  const [address, bits, ...rest] = text.trim().split('/');
  if (rest.length || address === undefined) return null;
  const bytes = addressBytes(address);
  if (!bytes) return null;
  const max = bytes.length * 8;
  if (bits === undefined) return { bytes, bits: max };
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > max) return null;
  return { bytes, bits: Number(bits) };
}

export function inRange(address: string, range: AddressRange): boolean {
  const bytes = addressBytes(address);
  if (!bytes || bytes.length !== range.bytes.length) return false;
  for (let bit = 0; bit < range.bits; bit += 8) {
    const mask = (0xff << (8 - Math.min(8, range.bits - bit))) & 0xff;
    if ((bytes[bit / 8]! & mask) !== (range.bytes[bit / 8]! & mask)) return false;
  }
  return true;
}

export interface ForwardedClient {
  /** The client: the first address, from the right, that no trusted proxy wrote. */
  ip: string;
  /** The addresses of X-Forwarded-For that are believed, the client first. */
  ips: string[];
  /** The connection comes from a trusted proxy: its X-Forwarded-Host and -Proto are believed. */
  peerTrusted: boolean;
}

/** `peer`: the connection's address; `forwardedFor`: the X-Forwarded-For header ('' without one). */
export function forwardedClient(trust: ProxyTrust, peer: string, forwardedFor: string): ForwardedClient {
  const trusted = (address: string, hop: number): boolean =>
    trust.kind === 'hops'
      ? hop < trust.hops
      : trust.kind === 'addresses' && trust.ranges.some((range) => inRange(address, range));
  // The connection is hop 0; X-Forwarded-For's entries follow from its right end.
  const chain = [peer, ...forwardedFor.split(',').map(withoutPort).filter(Boolean).reverse()];
  let client = 0;
  while (client < chain.length - 1 && trusted(chain[client]!, client)) client++;
  return {
    ip: chain[client]!,
    ips: chain.slice(1, client + 1).reverse(),
    peerTrusted: trusted(peer, 0),
  };
}

/** An entry's address without the port some proxies add (Azure: 203.0.113.7:51234, [2001:db8::7]:51234). */
function withoutPort(entry: string): string {
  const text = entry.trim();
  const match = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(text) ?? /^\[([0-9a-f:.]+)\](?::\d{1,5})?$/i.exec(text);
  return match ? match[1]! : text;
}

/** X-Forwarded-Host's first value when it is a host (and port): nothing else becomes Goalie's address. */
export function forwardedHost(header: string): string | null {
  const host = header.split(',')[0]!.trim();
  const name = /^[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*\.?$/i;
  const [, hostname, port] = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i.exec(host) ?? [];
  if (!hostname || !(hostname.startsWith('[') ? parseIpv6(hostname) : name.test(hostname))) return null;
  if (port !== undefined && Number(port) > 65535) return null;
  return host;
}

/** X-Forwarded-Proto's first value when it is http or https. */
export function forwardedProto(header: string): 'http' | 'https' | null {
  const proto = header.split(',')[0]!.trim().toLowerCase();
  return proto === 'http' || proto === 'https' ? proto : null;
}
