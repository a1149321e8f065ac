// Where a GOALIE_HOME's cluster lives, from the location its postgres.json records, believed only
// where this home's cluster can be: a tampered record never makes goalie reset remove another directory.
import { expect } from 'chai';
import { clusterLocation, outsideClusterDir } from '../../backend/src/persistence/embedded-home.js';
import { confirms } from '../../backend/src/cli/reset.js';

describe("a GOALIE_HOME's cluster: where it lives, and what reset may remove", () => {
  const dir = '/root/shop/.goalie/postgres';
  const outside = outsideClusterDir(dir);

  it("the place outside is /var/lib/goalie, named after the home's path", () =>
    expect(outside).to.match(/^\/var\/lib\/goalie\/postgres-[0-9a-f]{12}$/));

  const table: [string, unknown, { dataDir: string; outside: boolean; untrusted: string | null }][] = [
    ['no record: inside', undefined, { dataDir: `${dir}/data`, outside: false, untrusted: null }],
    ['inside', `${dir}/data`, { dataDir: `${dir}/data`, outside: false, untrusted: null }],
    ['its own place outside', outside, { dataDir: outside, outside: true, untrusted: null }],
    [
      'outside, spelt with ..',
      `${outside}/../${outside.split('/').pop()}`,
      { dataDir: outside, outside: true, untrusted: null },
    ],
    ['another directory', '/etc', { dataDir: `${dir}/data`, outside: false, untrusted: '/etc' }],
    [
      '.. out of /var/lib/goalie',
      `${outside}/../../..`,
      { dataDir: `${dir}/data`, outside: false, untrusted: `${outside}/../../..` },
    ],
    [
      "another home's cluster",
      outsideClusterDir('/root/other/.goalie/postgres'),
      { dataDir: `${dir}/data`, outside: false, untrusted: outsideClusterDir('/root/other/.goalie/postgres') },
    ],
    ['a relative path', 'data', { dataDir: `${dir}/data`, outside: false, untrusted: 'data' }],
    ['not a string', 7, { dataDir: `${dir}/data`, outside: false, untrusted: '7' }],
  ];
  for (const [name, recorded, expected] of table)
    it(`recorded ${name}`, () => expect(clusterLocation(dir, recorded)).to.deep.equal(expected));

  const answers: [string | null, boolean][] = [
    ['/root/shop/.goalie', true],
    ['  /root/shop/.goalie\r\n', true],
    ['/root/shop/.goalie/', false],
    ['yes', false],
    ['', false],
    [null, false],
  ];
  for (const [answer, expected] of answers)
    it(`goalie reset: the answer ${JSON.stringify(answer)} ${expected ? 'confirms' : 'does not confirm'}`, () =>
      expect(confirms(answer, '/root/shop/.goalie')).to.equal(expected));
});
