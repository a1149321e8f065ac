// Where the browser may go: what kind of address a host is, and whether a project's network
// settings let the browser reach it. Pure: DNS lookups happen in the adapters, which classify each
// address they get back with `addressKind`.
//
// Hosts are read the way browsers read them (WHATWG URL): 2130706433, 0x7f.1 and 0177.0.0.1 are all
// 127.0.0.1; ::ffff:127.0.0.1, ::ffff:0:7f00:1 and 64:ff9b::7f00:1 are IPv4 addresses in IPv6
// clothing, judged as the IPv4 address they lead to.

export type AddressKind = 'public' | 'loopback' | 'private' | 'link-local' | 'metadata' | 'unspecified' | 'reserved';

/** What a project lets its browser reach besides public addresses. */
export interface NetworkAccess {
  /** 127.0.0.0/8, ::1, localhost. */
  allowLoopback: boolean;
  /** 10/8, 172.16/12, 192.168/16, 100.64/10 (carrier-grade NAT), fc00::/7, fec0::/10. */
  allowPrivate: boolean;
}

/** Cloud instance metadata services, by name (their addresses are classified below). */
const METADATA_NAMES = new Set([
  'metadata.google.internal',
  'metadata.goog',
  'metadata',
  'metadata.azure.internal',
  'instance-data',
  'instance-data.ec2.internal',
]);

/** IPv4 metadata addresses: AWS/GCP/Azure/OpenStack, Azure's wire server, Alibaba Cloud. */
const METADATA_V4 = new Set(['169.254.169.254', '169.254.170.2', '168.63.129.16', '100.100.100.200']);

/** The four bytes of an IPv4 host as a browser reads it, or null when it is not one. */
export function parseIpv4(host: string): [number, number, number, number] | null {
  const parts = host.split('.');
  if (parts.at(-1) === '' && parts.length > 1) parts.pop(); // "127.0.0.1." is 127.0.0.1
  if (parts.length === 0 || parts.length > 4) return null;
  const numbers: number[] = [];
  for (const part of parts) {
    const n = parseIpv4Number(part);
    if (n === null) return null;
    numbers.push(n);
  }
  // All but the last part are one byte each; the last fills the remaining bytes.
  const last = numbers.pop()!;
  if (numbers.some((n) => n > 255) || last >= 256 ** (4 - numbers.length)) return null;
  let value = last;
  numbers.forEach((n, i) => (value += n * 256 ** (3 - i)));
  return [
    Math.floor(value / 2 ** 24) % 256,
    Math.floor(value / 2 ** 16) % 256,
    Math.floor(value / 2 ** 8) % 256,
    value % 256,
  ];
}

function parseIpv4Number(part: string): number | null {
  if (part === '') return null;
  let text = part;
  let radix = 10;
  if (/^0x/i.test(text)) {
    text = text.slice(2);
    radix = 16;
  } else if (text.length > 1 && text.startsWith('0')) {
    text = text.slice(1);
    radix = 8;
  }
  if (text === '') return 0; // "0x" is 0
  const digits = radix === 16 ? /^[0-9a-f]+$/i : radix === 8 ? /^[0-7]+$/ : /^[0-9]+$/;
  if (!digits.test(text)) return null;
  const value = parseInt(text, radix);
  return Number.isSafeInteger(value) ? value : null;
}

/** The eight 16-bit groups of an IPv6 address (brackets and a zone allowed), or null. */
export function parseIpv6(host: string): number[] | null {
  let text = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  text = text.replace(/%.*$/, ''); // fe80::1%eth0
  if (!text.includes(':')) return null;
  // A dotted IPv4 tail stands for the last two groups.
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  let tail: number[] = [];
  if (dotted) {
    const v4 = dotted[2]!.split('.').map(Number);
    if (v4.some((b) => b > 255)) return null;
    tail = [v4[0]! * 256 + v4[1]!, v4[2]! * 256 + v4[3]!];
    text = dotted[1]!.endsWith('::') ? dotted[1]! : dotted[1]!.slice(0, -1);
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  if ([...head, ...rest].some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return null;
  const known = head.length + rest.length + tail.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return null;
  const zeros = new Array(8 - known).fill(0);
  return [...head.map((g) => parseInt(g, 16)), ...zeros, ...rest.map((g) => parseInt(g, 16)), ...tail];
}

/** Lower case, without trailing dots (`name..` resolves as `name` on some resolvers) or IPv6 brackets. */
export function normaliseHost(host: string): string {
  const lower = host.trim().toLowerCase();
  const unbracketed = lower.startsWith('[') && lower.endsWith(']') ? lower.slice(1, -1) : lower;
  return unbracketed.length > 1 ? unbracketed.replace(/(?<=[^.])\.+$/, '') : unbracketed;
}

type Ipv4 = [number, number, number, number];

function v4Kind([a, b, c, d]: Ipv4): AddressKind {
  if (METADATA_V4.has(`${a}.${b}.${c}.${d}`)) return 'metadata';
  if (a === 0) return 'unspecified';
  if (a === 127) return 'loopback';
  if (a === 169 && b === 254) return 'link-local';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127))
    return 'private';
  if (a >= 224) return 'reserved'; // multicast, 240/4, broadcast
  if ((a === 192 && b === 0 && c === 0) || (a === 198 && (b === 18 || b === 19))) return 'reserved'; // IETF, benchmarking
  return 'public';
}

const v4Of = (high: number, low: number): Ipv4 => [high >> 8, high & 255, low >> 8, low & 255];

/**
 * The IPv4 addresses a connection to an IPv6 address may reach, or null when it carries none:
 * ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d (translated), ::a.b.c.d (compatible), NAT64's
 * 64:ff9b::/96 and 64:ff9b:1::/48, 6to4's 2002:a.b.c.d::/48 and ISATAP's …:0:5efe:a.b.c.d. Not for
 * :: and ::1, which are IPv6's own. Teredo hides its address and is refused as reserved instead.
 */
function carriedIpv4(g: number[]): Ipv4[] | null {
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  const tail = v4Of(g[6]!, g[7]!);
  if (zeroUpTo(5) && g[5] === 0xffff) return [tail];
  if (zeroUpTo(4) && g[4] === 0xffff && g[5] === 0) return [tail];
  if (zeroUpTo(6) && !(g[6] === 0 && (g[7] === 0 || g[7] === 1))) return [tail];
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return [tail];
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return nat64LocalUse(g);
  if (g[0] === 0x2002) return [v4Of(g[1]!, g[2]!)];
  // ISATAP's interface identifier: 0000:5efe or 0200:5efe (the universal/local bit), then the address.
  if ((g[4]! & 0xfdff) === 0 && g[5] === 0x5efe) return [tail];
  return null;
}

/**
 * A local-use NAT64 address (RFC 8215) puts the IPv4 address where its network's prefix length says
 * (RFC 6052: /48, /56, /64 or /96 inside 64:ff9b:1::/48), which the address does not tell: every
 * layout the address fits (bits 64-71 and the suffix zero) is a place it may lead. None: [].
 */
function nat64LocalUse(g: number[]): Ipv4[] {
  const bytes = g.flatMap((x) => [x >> 8, x & 255]);
  const zero = (from: number, to = 16) => bytes.slice(from, to).every((b) => b === 0);
  const at = (...i: number[]) => i.map((n) => bytes[n]!) as Ipv4;
  const layouts: [boolean, Ipv4][] = [
    [zero(8, 9) && zero(11), at(6, 7, 9, 10)], // /48
    [zero(8, 9) && zero(12), at(7, 9, 10, 11)], // /56
    [zero(8, 9) && zero(13), at(9, 10, 11, 12)], // /64
    [zero(8, 9), at(12, 13, 14, 15)], // /96
  ];
  return layouts.filter(([fits]) => fits).map(([, v4]) => v4);
}

/** Kinds from the one the browser may never reach to the one it always may. */
const STRICTNESS: AddressKind[] = [
  'metadata',
  'link-local',
  'unspecified',
  'reserved',
  'loopback',
  'private',
  'public',
];

/**
 * The kind of an address that may lead to any of `kinds`: the strictest; loopback or private is
 * unsure (a project may allow one and not the other), so reserved.
 */
function strictest(kinds: AddressKind[]): AddressKind {
  const sorted = [...new Set(kinds)].sort((a, b) => STRICTNESS.indexOf(a) - STRICTNESS.indexOf(b));
  const [first, second] = sorted;
  return first === 'loopback' && second === 'private' ? 'reserved' : first!;
}

/** The kind of an IPv6 address by its own ranges, whatever IPv4 address it may carry. */
function v6RangeKind(g: number[]): AddressKind {
  // Teredo (2001::/32, its IPv4 address hidden), documentation (2001:db8::/32), discard-only (100::/64).
  const teredoOrDocumentation = g[0] === 0x2001 && (g[1] === 0 || g[1] === 0xdb8);
  if (teredoOrDocumentation || (g[0] === 0x100 && g.slice(1, 4).every((x) => x === 0))) return 'reserved';
  if ((g[0]! & 0xffc0) === 0xfe80) return 'link-local';
  if ((g[0]! & 0xfe00) === 0xfc00 || (g[0]! & 0xffc0) === 0xfec0) return 'private';
  if ((g[0]! & 0xff00) === 0xff00) return 'reserved'; // multicast
  return 'public';
}

function v6Kind(g: number[]): AddressKind {
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (g.map((x) => x.toString(16)).join(':') === 'fd00:ec2:0:0:0:0:0:254') return 'metadata';
  if (zeroUpTo(8)) return 'unspecified';
  if (zeroUpTo(7) && g[7] === 1) return 'loopback';
  const own = v6RangeKind(g);
  const carried = carriedIpv4(g);
  if (!carried) return own;
  // An IPv4 address in IPv6 clothing: the IPv4 address decides (and the IPv6 range, when stricter).
  // One that fits no layout cannot be told: refused.
  return carried.length ? strictest([own, ...carried.map(v4Kind)]) : 'reserved';
}

/** The kind of an IP address (as DNS returns it, or a literal host); null when it is not an IP address. */
export function addressKind(address: string): AddressKind | null {
  const host = normaliseHost(address);
  const v6 = parseIpv6(host);
  if (v6) return v6Kind(v6);
  if (!/^[0-9a-fx.]+$/i.test(host)) return null;
  const v4 = parseIpv4(host);
  return v4 ? v4Kind(v4) : null;
}

/**
 * An address in the one form two spellings of it share, to compare it with this machine's: IPv4 as
 * a.b.c.d (also when it comes inside IPv6), IPv6 as its eight groups; any other host normalised.
 */
export function addressKey(address: string): string {
  return addressKeys(address)[0]!;
}

/**
 * Every address a connection to `address` may reach, each as `addressKey` writes it: the IPv4
 * addresses an IPv6 one carries (a local-use NAT64 address may carry several), then itself.
 */
export function addressKeys(address: string): string[] {
  const host = normaliseHost(address);
  const v6 = parseIpv6(host);
  if (v6) return [...(carriedIpv4(v6) ?? []).map((v4) => v4.join('.')), v6.map((x) => x.toString(16)).join(':')];
  const v4 = /^[0-9a-fx.]+$/i.test(host) ? parseIpv4(host) : null;
  return [v4 ? v4.join('.') : host];
}

/** OwnPorts.isOwnAddress for a machine whose interfaces have these addresses (in any spelling). */
export function ownAddressCheck(interfaceAddresses: readonly string[]): (address: string) => boolean {
  const own = new Set(interfaceAddresses.flatMap(addressKeys));
  return (address) => addressKeys(address).some((key) => own.has(key));
}

/**
 * The kind of a URL's host when it can be told without DNS (an IP address, localhost, a metadata
 * name); null for any other name, which must be resolved and each of its addresses classified.
 */
export function hostKind(host: string): AddressKind | null {
  const name = normaliseHost(host);
  const ip = addressKind(name);
  if (ip) return ip;
  if (name === 'localhost' || name.endsWith('.localhost')) return 'loopback';
  if (METADATA_NAMES.has(name)) return 'metadata';
  return null;
}

const NEVER: Partial<Record<AddressKind, string>> = {
  metadata: 'a cloud metadata address, which the browser may never reach',
  'link-local': 'a link-local address, which the browser may never reach',
  unspecified: 'an unspecified address (0.0.0.0 or ::), which the browser may never reach',
  reserved: 'a multicast or reserved address, which the browser may never reach',
};

/** Why the browser may not reach an address of this kind, or null when it may. */
export function kindRefusal(kind: AddressKind, access: NetworkAccess): string | null {
  const never = NEVER[kind];
  if (never) return never;
  if (kind === 'loopback' && !access.allowLoopback) {
    return 'a loopback address, which this project does not allow: set `network: { allowLoopback: true }` under `project:` in the project YAML (or GOALIE_BROWSER_ALLOW_LOOPBACK=true on the server)';
  }
  if (kind === 'private' && !access.allowPrivate) {
    return 'a private network address, which this project does not allow: set `network: { allowPrivate: true }` under `project:` in the project YAML (or GOALIE_BROWSER_ALLOW_PRIVATE=true on the server)';
  }
  return null;
}

/** Ports of Goalie itself on this machine (its API, its embedded PostgreSQL): never for the browser. */
export interface OwnPorts {
  ports: readonly number[];
  /** Whether an address is this machine's (loopback, or one of its interfaces' addresses). */
  isOwnAddress(address: string): boolean;
}

/** An address of this machine that is not loopback, when the project does not allow loopback. */
const THIS_MACHINE =
  'an address of this machine, which this project does not allow: set `network: { allowLoopback: true }` under `project:` in the project YAML (or GOALIE_BROWSER_ALLOW_LOOPBACK=true on the server), as for loopback';

/**
 * Why the browser may not reach `address` on any port, or null when it may: its kind, and an address
 * of this machine's own interfaces (`own`), which leads to this machine as loopback does.
 */
export function destinationRefusal(address: string, access: NetworkAccess, own: OwnPorts | null): string | null {
  const kind = addressKind(address) ?? 'reserved';
  if (!NEVER[kind] && kind !== 'loopback' && own?.isOwnAddress(address))
    return access.allowLoopback ? null : THIS_MACHINE;
  return kindRefusal(kind, access);
}

/** Whether `port` of `address` is one where Goalie itself listens on this machine. */
export function isOwnPort(address: string, port: number, own: OwnPorts | null): boolean {
  return Boolean(own?.ports.includes(port) && (addressKind(address) === 'loopback' || own.isOwnAddress(address)));
}

/** Why the browser may not reach `address` on `port`, or null when it may. */
export function addressRefusal(
  address: string,
  port: number,
  access: NetworkAccess,
  own: OwnPorts | null,
): string | null {
  const refused = destinationRefusal(address, access, own);
  if (refused) return refused;
  if (isOwnPort(address, port, own)) {
    return `port ${port} of this machine, where Goalie itself listens (its API or its database), which the browser may never reach`;
  }
  return null;
}

/** The port a URL connects to. */
export function portOf(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === 'https:' || url.protocol === 'wss:' ? 443 : 80;
}

/**
 * Checks a URL without DNS: the scheme, and a host that is an IP address or a known name. A name
 * that needs resolving passes here (the browser's guard checks what it resolves to).
 */
export function urlRefusal(raw: string, access: NetworkAccess, own: OwnPorts | null = null): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `${JSON.stringify(raw)} is not an absolute URL; give one such as https://staging.example.com/`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${raw} is not an http(s) URL`;
  const kind = hostKind(url.hostname);
  if (!kind) return null;
  const ip = addressKind(url.hostname) ? normaliseHost(url.hostname) : kind === 'loopback' ? '127.0.0.1' : null;
  const why = ip ? addressRefusal(ip, portOf(url), access, own) : kindRefusal(kind, access);
  return why ? `${url.host} is ${why}` : null;
}

/**
 * Whether a host matches a preview origin pattern: `preview.example.com` (that host and its
 * subdomains), `*.vercel.app` (subdomains only), `pr-*.preview.example.com` (`*` within one label).
 * A pattern may carry a scheme and a port (`https://*.example.com:8443`), which must then match too.
 */
export function hostMatches(pattern: string, url: URL): boolean {
  let p = pattern.trim().toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//.exec(p);
  if (scheme) {
    if (`${scheme[1]}:` !== url.protocol) return false;
    p = p.slice(scheme[0].length);
  }
  p = p.replace(/\/.*$/, '');
  const portMatch = /^(.*?)(?::(\d+))?$/.exec(p)!;
  const hostPattern = normaliseHost(portMatch[1]!);
  if (portMatch[2] && Number(portMatch[2]) !== portOf(url)) return false;
  const host = normaliseHost(url.hostname);
  if (!hostPattern.includes('*')) return host === hostPattern || host.endsWith(`.${hostPattern}`);
  const labels = hostPattern.split('.');
  const hostLabels = host.split('.');
  if (labels.length !== hostLabels.length) return false;
  return labels.every(
    (label, i) =>
      new RegExp(`^${label.split('*').map(escapeRegExp).join('[a-z0-9-]*')}$`).test(hostLabels[i]!) &&
      hostLabels[i] !== '',
  );
}

/**
 * The preview origin pattern of an environment's URL: its host with its port (the scheme's when it
 * has none), which takes previews on that host and its subdomains on that port, and no other port
 * of the host (another service of the same machine). Null for what is not a URL.
 */
export function previewOriginOf(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  const host = normaliseHost(url.hostname);
  return `${host.includes(':') ? `[${host}]` : host}:${portOf(url)}`;
}

/** The first pattern `url` matches, or null. */
export function matchingPattern(patterns: readonly string[], raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  return patterns.find((p) => hostMatches(p, url)) ?? null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
