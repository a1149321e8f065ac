// GOALIE_TRUST_PROXY: nobody by default; a number of proxies; or their addresses, ranges and named
// ranges; a message for anything else, and for what would believe anyone.
import { expect } from 'chai';
import { ConfigurationError, loadConfig } from '../../backend/src/config.js';

const trust = (value?: string) => loadConfig(value === undefined ? {} : { GOALIE_TRUST_PROXY: value }).trustProxy;

describe('config: GOALIE_TRUST_PROXY', () => {
  const accepted: [string | undefined, string][] = [
    [undefined, 'none'],
    ['', 'none'],
    ['0', 'none'],
    ['false', 'none'],
    ['1', 'hops 1'],
    [' 2 ', 'hops 2'],
    ['10', 'hops 10'],
    ['127.0.0.1', 'addresses 127.0.0.1/32'],
    ['10.0.0.0/8, 192.168.1.5', 'addresses 10.0.0.0/8 192.168.1.5/32'],
    ['fd00::/8', 'addresses fd00:0:0:0:0:0:0:0/8'],
    ['loopback', 'addresses 127.0.0.0/8 0:0:0:0:0:0:0:1/128'],
    ['LinkLocal,10.1.2.3', 'addresses 169.254.0.0/16 fe80:0:0:0:0:0:0:0/10 10.1.2.3/32'],
    ['uniquelocal', 'addresses 10.0.0.0/8 172.16.0.0/12 192.168.0.0/16 fc00:0:0:0:0:0:0:0/7'],
  ];
  const describeTrust = (t: ReturnType<typeof trust>): string => {
    if (t.kind === 'none') return 'none';
    if (t.kind === 'hops') return `hops ${t.hops}`;
    const text = (bytes: number[]) =>
      bytes.length === 4
        ? bytes.join('.')
        : Array.from({ length: 8 }, (_, i) => ((bytes[2 * i]! << 8) | bytes[2 * i + 1]!).toString(16)).join(':');
    return `addresses ${t.ranges.map((r) => `${text(r.bytes)}/${r.bits}`).join(' ')}`;
  };
  for (const [value, expected] of accepted)
    it(`takes ${JSON.stringify(value)} as ${expected}`, () => expect(describeTrust(trust(value))).to.equal(expected));

  const refused: [string, string][] = [
    ['true', 'GOALIE_TRUST_PROXY=true would believe X-Forwarded-For from anyone'],
    ['0.0.0.0/0', 'GOALIE_TRUST_PROXY: 0.0.0.0/0 is every address'],
    ['::/0', 'GOALIE_TRUST_PROXY: ::/0 is every address'],
    [
      'proxy.internal',
      '"proxy.internal" is not an IP address or a range such as 10.0.0.0/8 or fd00::/8 (host names are not resolved',
    ],
    ['10.0.0.0/33', '"10.0.0.0/33" is not an IP address or a range'],
    ['10.0.0.1,,10.0.0.2', '"" is not an IP address or a range'],
    ['-1', '"-1" is not an IP address or a range'],
    ['1.5', '"1.5" is not an IP address or a range'],
    // A count beyond any real chain of proxies believes every address a client writes, as true would.
    ['11', 'GOALIE_TRUST_PROXY=11 proxies is more than 10'],
    ['99999999999999999999', 'GOALIE_TRUST_PROXY=99999999999999999999 proxies is more than 10'],
  ];
  for (const [value, says] of refused)
    it(`refuses ${JSON.stringify(value)}`, () => {
      expect(() => trust(value))
        .to.throw(ConfigurationError)
        .with.property('message')
        .that.includes(says)
        .and.includes('docs/deploy.md');
    });
});
