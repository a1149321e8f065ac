import { expect } from 'chai';
import { hostApiAddressRefusal, hostApiUrlRefusal } from '../../../backend/src/domain/host-api-url.js';
import { ownAddressCheck } from '../../../backend/src/domain/url-policy.js';

const OPEN = { allowLoopback: true, allowPrivate: true };
const CLOSED = { allowLoopback: false, allowPrivate: false };
/** Goalie's API on 8080, its embedded PostgreSQL on 5432. */
const OWN_PORTS = [8080, 5432];

describe('where a repository connection may send its token (hostApiUrlRefusal)', () => {
  it('takes the hosted APIs, and loopback or private instances where the project allows them', () => {
    for (const url of [
      'https://api.github.com',
      'https://gitlab.com',
      'https://ghe.example.com/api/v3',
      'http://127.0.0.1:3000',
      'http://localhost:3000/gitlab',
      'https://10.0.0.5/api/v3',
      'http://gitlab.internal.example.com',
    ])
      expect(hostApiUrlRefusal(url, OPEN, OWN_PORTS), url).to.equal(null);
  });

  it('refuses metadata and link-local addresses, Goalie’s own ports, and what the project does not allow', () => {
    const cases: [string, typeof OPEN, RegExp][] = [
      [
        'https://169.254.169.254/latest',
        OPEN,
        /169\.254\.169\.254 is a cloud metadata address, which a repository connection may never reach/,
      ],
      ['http://metadata.google.internal/', OPEN, /cloud metadata address/],
      ['https://169.254.10.1/', OPEN, /link-local address, which a repository connection may never reach/],
      ['https://[fe80::1]/', OPEN, /link-local address/],
      ['http://0.0.0.0:8080/', OPEN, /unspecified address/],
      [
        'http://127.0.0.1:8080/api/v3',
        OPEN,
        /127\.0\.0\.1:8080 is port 8080 of this machine, where Goalie itself listens.*which a repository connection may never reach/,
      ],
      ['http://localhost:5432', OPEN, /localhost:5432 is port 5432 of this machine/],
      ['http://[::ffff:127.0.0.1]:5432', OPEN, /port 5432 of this machine/],
      ['http://2130706433:8080', OPEN, /port 8080 of this machine/],
      [
        'http://127.0.0.1:3000',
        CLOSED,
        /loopback address, which this project does not allow: set `network: \{ allowLoopback: true \}`/,
      ],
      [
        'https://10.0.0.5/',
        { allowLoopback: true, allowPrivate: false },
        /private network address, which this project does not allow/,
      ],
      ['http://93.184.216.34/api/v4', OPEN, /plain http to a public address; use https/],
      ['http://gitlab.example.com', CLOSED, /is plain http, which is allowed only for loopback or private addresses/],
      ['ftp://gitlab.example.com', OPEN, /is not an https URL/],
    ];
    for (const [url, access, why] of cases) expect(hostApiUrlRefusal(url, access, OWN_PORTS), url).to.match(why);
  });

  it('checks each address a name resolves to, this machine’s own included', () => {
    const own = { ports: OWN_PORTS, isOwnAddress: ownAddressCheck(['127.0.0.1', '10.1.2.3']) };
    const url = new URL('http://gitlab.example.com:8080/');
    expect(hostApiAddressRefusal(url, '10.1.2.3', OPEN, own)).to.match(
      /gitlab\.example\.com resolves to 10\.1\.2\.3, port 8080 of this machine.*a repository connection may never reach/,
    );
    expect(hostApiAddressRefusal(new URL('https://api.example.com/'), '169.254.169.254', OPEN, own)).to.match(
      /resolves to 169\.254\.169\.254, a cloud metadata address/,
    );
    expect(hostApiAddressRefusal(new URL('http://api.example.com/'), '93.184.216.34', OPEN, own)).to.match(
      /plain http is only for loopback or private addresses; use https/,
    );
    expect(hostApiAddressRefusal(new URL('https://api.example.com/'), '93.184.216.34', CLOSED, own)).to.equal(null);
    expect(hostApiAddressRefusal(url, '10.9.9.9', OPEN, own)).to.equal(null);
  });
});
