// Who sent a request behind proxies: X-Forwarded-For read from its right end only as far as trusted
// proxies wrote it; X-Forwarded-Host and -Proto only from a trusted proxy, and only when they are one.
import { expect } from 'chai';
import {
  NAMED_RANGES,
  forwardedClient,
  forwardedHost,
  forwardedProto,
  inRange,
  parseAddressRange,
  type ProxyTrust,
} from '../../../backend/src/domain/forwarded-for.js';

const none: ProxyTrust = { kind: 'none' };
const hops = (n: number): ProxyTrust => ({ kind: 'hops', hops: n });
const addresses = (...ranges: string[]): ProxyTrust => ({
  kind: 'addresses',
  ranges: ranges.flatMap((r) => NAMED_RANGES[r] ?? [r]).map((r) => parseAddressRange(r)!),
});

describe('forwarded-for', () => {
  describe('forwardedClient', () => {
    const rows: {
      trust: ProxyTrust;
      peer: string;
      xff: string;
      ip: string;
      ips: string[];
      peerTrusted: boolean;
      why: string;
    }[] = [
      {
        trust: none,
        peer: '192.0.2.1',
        xff: '',
        ip: '192.0.2.1',
        ips: [],
        peerTrusted: false,
        why: 'no proxy, no header',
      },
      {
        trust: none,
        peer: '192.0.2.1',
        xff: '203.0.113.7',
        ip: '192.0.2.1',
        ips: [],
        peerTrusted: false,
        why: 'by default the header is nobody’s word',
      },
      {
        trust: hops(1),
        peer: '10.0.0.2',
        xff: '203.0.113.7',
        ip: '203.0.113.7',
        ips: ['203.0.113.7'],
        peerTrusted: true,
        why: 'one proxy',
      },
      {
        trust: hops(1),
        peer: '10.0.0.2',
        xff: '6.6.6.6, 203.0.113.7',
        ip: '203.0.113.7',
        ips: ['203.0.113.7'],
        peerTrusted: true,
        why: 'what the client wrote before the proxy is not believed',
      },
      {
        trust: hops(2),
        peer: '10.0.0.2',
        xff: '6.6.6.6, 203.0.113.7, 10.0.0.9',
        ip: '203.0.113.7',
        ips: ['203.0.113.7', '10.0.0.9'],
        peerTrusted: true,
        why: 'two proxies',
      },
      {
        trust: hops(3),
        peer: '10.0.0.2',
        xff: '203.0.113.7',
        ip: '203.0.113.7',
        ips: ['203.0.113.7'],
        peerTrusted: true,
        why: 'fewer entries than hops: the furthest one',
      },
      {
        trust: hops(1),
        peer: '10.0.0.2',
        xff: '',
        ip: '10.0.0.2',
        ips: [],
        peerTrusted: true,
        why: 'a proxy that wrote nothing',
      },
      {
        trust: hops(1),
        peer: '10.0.0.2',
        xff: ' 203.0.113.7 ,, ',
        ip: '203.0.113.7',
        ips: ['203.0.113.7'],
        peerTrusted: true,
        why: 'blanks and empty entries',
      },
      {
        trust: addresses('127.0.0.1'),
        peer: '127.0.0.1',
        xff: '6.6.6.6, 203.0.113.7',
        ip: '203.0.113.7',
        ips: ['203.0.113.7'],
        peerTrusted: true,
        why: 'a trusted proxy',
      },
      {
        trust: addresses('127.0.0.1'),
        peer: '::ffff:127.0.0.1',
        xff: '203.0.113.7',
        ip: '203.0.113.7',
        ips: ['203.0.113.7'],
        peerTrusted: true,
        why: 'an IPv4 peer on a dual-stack socket',
      },
      {
        trust: addresses('127.0.0.1'),
        peer: '192.0.2.1',
        xff: '203.0.113.7',
        ip: '192.0.2.1',
        ips: [],
        peerTrusted: false,
        why: 'a client past the proxy',
      },
      {
        trust: addresses('uniquelocal'),
        peer: '10.1.2.3',
        xff: '6.6.6.6, 203.0.113.7, 172.16.0.4, 192.168.1.1',
        ip: '203.0.113.7',
        ips: ['203.0.113.7', '172.16.0.4', '192.168.1.1'],
        peerTrusted: true,
        why: 'a chain of trusted proxies',
      },
      {
        trust: addresses('uniquelocal'),
        peer: '10.1.2.3',
        xff: '10.9.9.9, 10.8.8.8',
        ip: '10.9.9.9',
        ips: ['10.9.9.9', '10.8.8.8'],
        peerTrusted: true,
        why: 'every entry trusted: the furthest one',
      },
      {
        trust: addresses('uniquelocal'),
        peer: '10.1.2.3',
        xff: '10.9.9.9, garbage, 10.8.8.8',
        ip: 'garbage',
        ips: ['garbage', '10.8.8.8'],
        peerTrusted: true,
        why: 'an entry that is no address stops the walk',
      },
      {
        trust: hops(1),
        peer: '10.0.0.2',
        xff: '203.0.113.7:51234',
        ip: '203.0.113.7',
        ips: ['203.0.113.7'],
        peerTrusted: true,
        why: 'a port after the address (Azure) is not part of it',
      },
      {
        trust: addresses('loopback'),
        peer: '127.0.0.1',
        xff: '[2001:db8::7]:51234, [::1]',
        ip: '2001:db8::7',
        ips: ['2001:db8::7', '::1'],
        peerTrusted: true,
        why: 'bracketed IPv6 entries',
      },
      {
        trust: addresses('fd00::/8'),
        peer: 'fd00::1',
        xff: '2001:db8::7',
        ip: '2001:db8::7',
        ips: ['2001:db8::7'],
        peerTrusted: true,
        why: 'IPv6',
      },
      {
        trust: addresses('10.0.0.0/8'),
        peer: '::ffff:10.0.0.1',
        xff: '203.0.113.7',
        ip: '203.0.113.7',
        ips: ['203.0.113.7'],
        peerTrusted: true,
        why: 'an IPv4 range matches an IPv4-mapped peer',
      },
    ];
    for (const row of rows)
      it(`${row.why}: ${row.peer} with "${row.xff}" is ${row.ip}`, () => {
        expect(forwardedClient(row.trust, row.peer, row.xff)).to.deep.equal({
          ip: row.ip,
          ips: row.ips,
          peerTrusted: row.peerTrusted,
        });
      });
  });

  describe('address ranges', () => {
    const rows: [string, string, boolean][] = [
      ['10.0.0.0/8', '10.255.1.2', true],
      ['10.0.0.0/8', '11.0.0.1', false],
      ['172.16.0.0/12', '172.31.255.255', true],
      ['172.16.0.0/12', '172.32.0.1', false],
      ['192.0.2.1', '192.0.2.1', true],
      ['192.0.2.1', '192.0.2.2', false],
      ['192.0.2.1', '::ffff:192.0.2.1', true],
      ['fe80::/10', 'febf::1', true],
      ['fe80::/10', 'fec0::1', false],
      ['::1', '::1', true],
      ['::1', '127.0.0.1', false],
      ['10.0.0.0/8', '10.1', false], // not as a socket or proxy writes an address
      ['10.0.0.0/8', 'unknown', false],
    ];
    for (const [range, address, inside] of rows)
      it(`${address} is ${inside ? '' : 'not '}in ${range}`, () => {
        expect(inRange(address, parseAddressRange(range)!)).to.equal(inside);
      });

    for (const bad of ['10.0.0.0/33', '::/129', '10.0.0.0/8/8', 'example.com', '10.1', '10.0.0.0/', '10.0.0.0/x', ''])
      it(`${JSON.stringify(bad)} is no range`, () => expect(parseAddressRange(bad)).to.equal(null));
  });

  describe('forwardedHost and forwardedProto', () => {
    const hosts: [string, string | null][] = [
      ['goalie.example.com', 'goalie.example.com'],
      ['goalie.example.com:8443', 'goalie.example.com:8443'],
      ['goalie.example.com, internal:8080', 'goalie.example.com'],
      ['[2001:db8::1]:8443', '[2001:db8::1]:8443'],
      ['goalie_internal', 'goalie_internal'],
      ['', null],
      ['evil.example/path', null],
      ['evil.example"><script>', null],
      ['goalie.example.com:99999', null],
      ['[not-ipv6]', null],
      ['a b', null],
    ];
    for (const [header, host] of hosts)
      it(`X-Forwarded-Host ${JSON.stringify(header)} is ${host}`, () => expect(forwardedHost(header)).to.equal(host));

    const protos: [string, string | null][] = [
      ['https', 'https'],
      ['HTTP', 'http'],
      ['https, http', 'https'],
      ['wss', null],
      ['', null],
    ];
    for (const [header, proto] of protos)
      it(`X-Forwarded-Proto ${JSON.stringify(header)} is ${proto}`, () =>
        expect(forwardedProto(header)).to.equal(proto));
  });
});
