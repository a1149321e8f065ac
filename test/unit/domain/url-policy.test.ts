// Where the browser may go: address kinds (the tricky spellings included), the policy, preview origin patterns.
import { expect } from 'chai';
import {
  addressKind,
  addressRefusal,
  hostKind,
  hostMatches,
  kindRefusal,
  ownAddressCheck,
  parseIpv4,
  parseIpv6,
  previewOriginOf,
  urlRefusal,
  type AddressKind,
} from '../../../backend/src/domain/url-policy.js';

const none = { allowLoopback: false, allowPrivate: false };
const all = { allowLoopback: true, allowPrivate: true };

describe('url-policy', () => {
  describe('hostKind', () => {
    const rows: [string, AddressKind | null][] = [
      ['127.0.0.1', 'loopback'],
      ['127.255.255.254', 'loopback'],
      ['2130706433', 'loopback'],
      ['0x7f000001', 'loopback'],
      ['0x7f.1', 'loopback'],
      ['0177.0.0.1', 'loopback'],
      ['127.1', 'loopback'],
      ['127.0.0.1.', 'loopback'],
      ['localhost', 'loopback'],
      ['LOCALHOST.', 'loopback'],
      ['app.localhost', 'loopback'],
      ['::1', 'loopback'],
      ['[::1]', 'loopback'],
      ['0:0:0:0:0:0:0:1', 'loopback'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['[::ffff:7f00:1]', 'loopback'],
      ['::127.0.0.1', 'loopback'],
      ['64:ff9b::7f00:1', 'loopback'],
      ['0.0.0.0', 'unspecified'],
      ['0', 'unspecified'],
      ['0.1.2.3', 'unspecified'],
      ['::', 'unspecified'],
      ['[::]', 'unspecified'],
      ['169.254.169.254', 'metadata'],
      ['2852039166', 'metadata'],
      ['0xa9fea9fe', 'metadata'],
      ['0251.0376.0251.0376', 'metadata'],
      ['::ffff:169.254.169.254', 'metadata'],
      ['[::ffff:a9fe:a9fe]', 'metadata'],
      ['fd00:ec2::254', 'metadata'],
      ['[FD00:EC2:0:0:0:0:0:254]', 'metadata'],
      ['169.254.170.2', 'metadata'],
      ['168.63.129.16', 'metadata'],
      ['100.100.100.200', 'metadata'],
      ['metadata.google.internal', 'metadata'],
      ['metadata.google.internal.', 'metadata'],
      ['metadata.goog', 'metadata'],
      ['169.254.0.1', 'link-local'],
      ['169.254.255.255', 'link-local'],
      ['fe80::1', 'link-local'],
      ['fe80::1%eth0', 'link-local'],
      ['febf:ffff::1', 'link-local'],
      ['10.0.0.1', 'private'],
      ['10.255.255.255', 'private'],
      ['012.0.0.1', 'private'],
      ['172.16.0.1', 'private'],
      ['172.31.255.255', 'private'],
      ['192.168.1.10', 'private'],
      ['100.64.0.1', 'private'],
      ['100.127.255.255', 'private'],
      ['fc00::1', 'private'],
      ['fd12:3456::1', 'private'],
      ['fec0::1', 'private'],
      ['::ffff:10.1.2.3', 'private'],
      ['224.0.0.1', 'reserved'],
      ['255.255.255.255', 'reserved'],
      ['ff02::1', 'reserved'],
      ['metadata.google.internal..', 'metadata'],
      ['localhost...', 'loopback'],
      ['192.0.0.170', 'reserved'],
      ['198.18.0.1', 'reserved'],
      ['198.19.255.255', 'reserved'],
      ['198.20.0.1', 'public'],
      ['2001:db8::1', 'reserved'],
      ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
      ['100::1', 'reserved'],
      ['2002:a9fe:a9fe::1', 'metadata'],
      ['2002:a00:1::1', 'private'],
      ['2002:7f00:1::', 'loopback'],
      ['2002:808:808::1', 'public'],
      ['2001:4860:4860::8888', 'public'],
      ['172.15.255.255', 'public'],
      ['172.32.0.1', 'public'],
      ['100.63.255.255', 'public'],
      ['100.128.0.1', 'public'],
      ['169.253.255.255', 'public'],
      ['8.8.8.8', 'public'],
      ['134744072', 'public'],
      ['2001:4860:4860::8888', 'public'],
      ['fe7f::1', 'public'],
      ['::ffff:8.8.8.8', 'public'],
      ['example.com', null],
      ['deadbeef', null],
      ['cafe.be', null],
      ['metadata.example.com', null],
      ['127.0.0.1.nip.io', null],
      ['256.0.0.1', null],
      ['1.2.3.4.5', null],
      ['4294967296', null],
      ['1:2:3:4:5:6:7:8:9', null],
      ['1::2::3', null],
      ['::ffff:300.1.1.1', null],
    ];
    for (const [host, kind] of rows) {
      it(`${host} is ${kind ?? 'a name to resolve'}`, () => expect(hostKind(host)).to.equal(kind));
    }
  });

  describe('IPv6 addresses that carry an IPv4 address: the IPv4 address decides', () => {
    // Each form of IANA's special-purpose registry (and the older ones) that leads to an IPv4 address.
    const rows: [string, AddressKind][] = [
      // IPv4-translated, ::ffff:0:a.b.c.d (RFC 2765, SIIT)
      ['::ffff:0:7f00:1', 'loopback'],
      ['[::ffff:0:7f00:1]', 'loopback'],
      ['::ffff:0:127.0.0.1', 'loopback'],
      ['::ffff:0:a9fe:a9fe', 'metadata'],
      ['::ffff:0:a00:5', 'private'],
      ['::ffff:0:a9fe:1', 'link-local'],
      ['::ffff:0:808:808', 'public'],
      // IPv4-compatible, ::a.b.c.d (deprecated, still routed by some stacks)
      ['::a9fe:a9fe', 'metadata'],
      ['::c0a8:101', 'private'],
      // NAT64, the well-known prefix 64:ff9b::/96
      ['64:ff9b::a9fe:a9fe', 'metadata'],
      ['64:ff9b::10.0.0.5', 'private'],
      ['64:ff9b::808:808', 'public'],
      // NAT64, the local-use prefix 64:ff9b:1::/48, as a /96 and as RFC 6052's other prefix lengths
      ['64:ff9b:1::7f00:1', 'loopback'],
      ['64:ff9b:1::a9fe:a9fe', 'metadata'],
      ['64:ff9b:1::808:808', 'public'],
      ['64:ff9b:1:abcd:8:808:800:0', 'public'], // /64: 8.8.8.8 after the u-octet
      ['64:ff9b:1:abcd:a9:fea9:fe00:0', 'metadata'], // /64: 169.254.169.254
      ['64:ff9b:1:a9fe:a9:fe00::', 'metadata'], // /48: 169.254.169.254 around the u-octet
      ['64:ff9b:1:7f00:0:100::', 'unspecified'], // 127.0.0.1 as a /48, 0.0.0.0 as a /96: the strictest
      ['64:ff9b:1:ffff:ffff:ffff:ffff:ffff', 'reserved'], // no RFC 6052 layout fits: cannot be told
      // 6to4, 2002:a.b.c.d::/48
      ['2002:a00:5::1', 'private'],
      // ISATAP, an interface identifier of 0:5efe:a.b.c.d or 200:5efe:a.b.c.d under any prefix
      ['2001:4860::5efe:7f00:1', 'loopback'],
      ['2001:4860::200:5efe:a9fe:a9fe', 'metadata'],
      ['2001:4860::5efe:a00:5', 'private'],
      ['2001:4860::200:5efe:808:808', 'public'],
      ['fe80::5efe:808:808', 'link-local'], // the IPv6 prefix refuses it already
    ];
    for (const [host, kind] of rows) {
      it(`${host} is ${kind}`, () => expect(hostKind(host)).to.equal(kind));
    }
    it('reads them from a URL as the browser does', () => {
      expect(hostKind(new URL('http://[::ffff:0:7f00:1]:8080/').hostname)).to.equal('loopback');
      expect(urlRefusal('http://[::ffff:0:a9fe:a9fe]/latest/meta-data/', all)).to.match(/cloud metadata address/);
      expect(urlRefusal('http://[64:ff9b:1::7f00:1]/', none)).to.match(/loopback address, which this project/);
    });
  });

  it('reads IPv4 and IPv6 the way browsers do', () => {
    expect(parseIpv4('0x7f.1')).to.deep.equal([127, 0, 0, 1]);
    expect(parseIpv4('192.168.257')).to.deep.equal([192, 168, 1, 1]);
    expect(parseIpv4('0x')).to.deep.equal([0, 0, 0, 0]);
    expect(parseIpv4('08.0.0.1')).to.equal(null);
    expect(parseIpv6('::ffff:1.2.3.4')).to.deep.equal([0, 0, 0, 0, 0, 0xffff, 0x102, 0x304]);
    expect(parseIpv6('1:2:3:4:5:6:7::')).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 0]);
    expect(parseIpv6('example.com')).to.equal(null);
    // What node's URL parser makes of the tricky spellings is what the browser gets.
    expect(hostKind(new URL('http://2130706433:8080/').hostname)).to.equal('loopback');
    expect(hostKind(new URL('http://[::ffff:127.0.0.1]/').hostname)).to.equal('loopback');
    expect(addressKind('93.184.215.14')).to.equal('public');
  });

  describe('kindRefusal', () => {
    const rows: [AddressKind, typeof none, RegExp | null][] = [
      ['metadata', all, /cloud metadata address, which the browser may never reach/],
      ['link-local', all, /link-local address, which the browser may never reach/],
      ['unspecified', all, /unspecified address/],
      ['reserved', all, /multicast or reserved/],
      [
        'loopback',
        none,
        /loopback address, which this project does not allow: set `network: \{ allowLoopback: true \}` under `project:`.*GOALIE_BROWSER_ALLOW_LOOPBACK=true/,
      ],
      ['loopback', { allowLoopback: true, allowPrivate: false }, null],
      [
        'private',
        none,
        /private network address, which this project does not allow: set `network: \{ allowPrivate: true \}`.*GOALIE_BROWSER_ALLOW_PRIVATE=true/,
      ],
      ['private', { allowLoopback: false, allowPrivate: true }, null],
      ['private', { allowLoopback: true, allowPrivate: false }, /private network/],
      ['public', none, null],
    ];
    for (const [kind, access, refusal] of rows) {
      it(`${kind} with ${JSON.stringify(access)}: ${refusal ? 'refused' : 'allowed'}`, () => {
        const why = kindRefusal(kind, access);
        if (refusal) expect(why).to.match(refusal);
        else expect(why).to.equal(null);
      });
    }
  });

  it("refuses Goalie's own ports on this machine, and only there", () => {
    const own = { ports: [8080, 5433], isOwnAddress: (a: string) => a === '10.0.0.5' };
    expect(addressRefusal('127.0.0.1', 8080, all, own)).to.match(
      /port 8080 of this machine, where Goalie itself listens/,
    );
    expect(addressRefusal('::1', 5433, all, own)).to.match(/port 5433 of this machine/);
    expect(addressRefusal('10.0.0.5', 8080, all, own)).to.match(/port 8080 of this machine/);
    expect(addressRefusal('10.0.0.6', 8080, all, own)).to.equal(null);
    expect(addressRefusal('127.0.0.1', 8090, all, own)).to.equal(null);
    expect(addressRefusal('8.8.8.8', 8080, all, own)).to.equal(null);
  });

  describe("this machine's own addresses reach it as loopback does", () => {
    const own = { ports: [8080], isOwnAddress: ownAddressCheck(['10.0.0.5', '203.0.113.5', '2001:4860::5']) };
    const privateOnly = { allowLoopback: false, allowPrivate: true };
    const rows: [string, number, typeof none, RegExp | null][] = [
      [
        '10.0.0.5',
        3000,
        privateOnly,
        /^an address of this machine, which this project does not allow.*allowLoopback: true/,
      ],
      ['::ffff:0:a00:5', 3000, privateOnly, /^an address of this machine/],
      ['203.0.113.5', 443, none, /^an address of this machine/],
      ['2001:4860::5', 443, none, /^an address of this machine/],
      ['10.0.0.6', 3000, privateOnly, null],
      ['10.0.0.5', 3000, all, null],
      ['10.0.0.5', 3000, { allowLoopback: true, allowPrivate: false }, null],
      ['10.0.0.5', 8080, all, /^port 8080 of this machine, where Goalie itself listens/],
    ];
    for (const [address, port, access, refusal] of rows) {
      it(`${address}:${port} with ${JSON.stringify(access)}: ${refusal ? 'refused' : 'allowed'}`, () => {
        const why = addressRefusal(address, port, access, own);
        if (refusal) expect(why).to.match(refusal);
        else expect(why).to.equal(null);
      });
    }
    it('up front, by URL', () => {
      expect(urlRefusal('http://10.0.0.5:3000/', privateOnly, { ports: [], isOwnAddress: own.isOwnAddress })).to.match(
        /^10\.0\.0\.5:3000 is an address of this machine/,
      );
      expect(urlRefusal('http://[::ffff:203.0.113.5]/', none, { ports: [], isOwnAddress: own.isOwnAddress })).to.match(
        /is an address of this machine/,
      );
    });
  });

  describe("ownAddressCheck: this machine's addresses in any spelling", () => {
    const isOwn = ownAddressCheck(['10.0.0.5', 'fe80::1c2:3ff:fe04:506', '2001:db8::5']);
    const rows: [string, boolean][] = [
      ['10.0.0.5', true],
      ['::ffff:10.0.0.5', true],
      ['[::ffff:a00:5]', true],
      ['::10.0.0.5', true],
      ['64:ff9b::a00:5', true],
      ['::ffff:0:a00:5', true],
      ['64:ff9b:1::a00:5', true],
      ['2002:a00:5::1', true],
      ['2001:4860::5efe:a00:5', true],
      ['::ffff:0:a00:6', false],
      ['012.0.0.5', true], // read as a browser reads a host: octal 012 is 10
      ['0xa.0.0.5', true],
      ['167772165', true],
      ['10.0.0.6', false],
      ['::ffff:10.0.0.6', false],
      ['2001:0db8:0000:0000:0000:0000:0000:0005', true],
      ['2001:db8::6', false],
      ['FE80::1C2:3FF:FE04:506', true],
      ['example.com', false],
    ];
    for (const [address, own] of rows)
      it(`${address} is ${own ? '' : 'not '}this machine's`, () => expect(isOwn(address)).to.equal(own));

    it('refuses an own port by the mapped form of an interface address', () => {
      const own = { ports: [8080], isOwnAddress: isOwn };
      expect(addressRefusal('::ffff:10.0.0.5', 8080, all, own)).to.match(/port 8080 of this machine/);
    });
  });

  describe('urlRefusal (no DNS)', () => {
    const rows: [string, typeof none, RegExp | null][] = [
      ['http://169.254.169.254/latest/meta-data/', all, /^169\.254\.169\.254 is a cloud metadata address/],
      ['http://[fd00:ec2::254]/', all, /^\[fd00:ec2::254\] is a cloud metadata address/],
      ['http://metadata.google.internal/computeMetadata/v1/', all, /cloud metadata/],
      ['http://0.0.0.0:8080/', all, /unspecified/],
      ['http://[::]/', all, /unspecified/],
      ['http://2130706433/', none, /^127\.0\.0\.1 is a loopback address/],
      ['http://0x7f.1:3000/', none, /^127\.0\.0\.1:3000 is a loopback address/],
      ['http://[::1]:8080/', none, /^\[::1\]:8080 is a loopback address/],
      ['http://[::ffff:127.0.0.1]/', none, /loopback/],
      ['http://localhost:3000/', none, /loopback/],
      ['http://localhost:3000/', all, null],
      ['http://192.168.0.10/', none, /private network/],
      ['http://192.168.0.10/', all, null],
      ['http://[fe80::1]/', all, /link-local/],
      ['https://staging.example.com/', none, null],
      ['ftp://example.com/', all, /not an http\(s\) URL/],
      ['file:///etc/passwd', all, /not an http\(s\) URL/],
      ['example.com', all, /not an absolute URL/],
    ];
    for (const [url, access, refusal] of rows) {
      it(`${url} with ${JSON.stringify(access)}: ${refusal ? 'refused' : 'allowed'}`, () => {
        const why = urlRefusal(url, access);
        if (refusal) expect(why).to.match(refusal);
        else expect(why).to.equal(null);
      });
    }
    it("names Goalie's own port", () => {
      expect(urlRefusal('http://localhost:8080/', all, { ports: [8080], isOwnAddress: () => false })).to.match(
        /^localhost:8080 is port 8080 of this machine/,
      );
    });
  });

  describe("previewOriginOf: an environment's host and port, the default preview origin", () => {
    const rows: [string, string | null][] = [
      ['https://staging.example.com', 'staging.example.com:443'],
      ['https://staging.example.com:8443/app', 'staging.example.com:8443'],
      ['http://Shop.Example.com./', 'shop.example.com:80'],
      ['http://127.0.0.1:4000/app', '127.0.0.1:4000'],
      ['http://[::1]:8080', '[::1]:8080'],
      ['http://localhost', 'localhost:80'],
      ['not a url', null],
    ];
    for (const [url, origin] of rows) {
      it(`${url}: ${origin}`, () => expect(previewOriginOf(url)).to.equal(origin));
    }
  });

  describe('hostMatches (preview origins)', () => {
    const rows: [string, string, boolean][] = [
      ['*.vercel.app', 'https://shop-git-feature.vercel.app/', true],
      ['*.vercel.app', 'https://vercel.app/', false],
      ['*.vercel.app', 'https://a.b.vercel.app/', false],
      ['*.vercel.app', 'https://evil.com/?x=.vercel.app', false],
      ['*.vercel.app', 'https://vercel.app.evil.com/', false],
      ['pr-*.preview.example.com', 'https://pr-42.preview.example.com/', true],
      ['pr-*.preview.example.com', 'https://qa-42.preview.example.com/', false],
      ['pr-*.preview.example.com', 'https://pr-42.preview.example.com.evil.io/', false],
      ['preview.example.com', 'https://preview.example.com/', true],
      ['preview.example.com', 'https://pr-1.preview.example.com/', true],
      ['preview.example.com', 'https://notpreview.example.com/', false],
      ['preview.example.com', 'https://preview.example.com.evil.io/', false],
      ['https://*.example.com', 'http://a.example.com/', false],
      ['https://*.example.com', 'https://a.example.com/', true],
      ['*.example.com:8443', 'https://a.example.com:8443/', true],
      ['*.example.com:8443', 'https://a.example.com/', false],
      ['Staging.Example.com.', 'https://staging.example.com/', true],
      ['127.0.0.1', 'http://127.0.0.1:4000/', true],
      ['127.0.0.1', 'http://2130706433:4000/', true],
      ['[::1]', 'http://[::1]:4000/', true],
      // The defaults (previewOriginOf): an environment's host and port.
      ['staging.example.com:443', 'https://staging.example.com/', true],
      ['staging.example.com:443', 'https://pr-1.staging.example.com/', true],
      ['staging.example.com:443', 'https://staging.example.com:8443/', false],
      ['staging.example.com:443', 'http://staging.example.com/', false],
      ['127.0.0.1:4000', 'http://127.0.0.1:4000/pr-1', true],
      ['127.0.0.1:4000', 'http://127.0.0.1:5432/', false],
      ['[::1]:8080', 'http://[::1]:8080/', true],
      ['[::1]:8080', 'http://[::1]:8081/', false],
    ];
    for (const [pattern, url, matches] of rows) {
      it(`${pattern} ${matches ? 'matches' : 'does not match'} ${url}`, () =>
        expect(hostMatches(pattern, new URL(url))).to.equal(matches));
    }
  });
});
