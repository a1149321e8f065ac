import { expect } from 'chai';
import { clusterDir, enterableByOthers } from '../../backend/src/persistence/embedded-postgres.js';

describe('where embedded PostgreSQL keeps its cluster', () => {
  const modes: Record<string, number> = {
    '/': 0o755,
    '/root': 0o700,
    '/root/goalie': 0o755,
    '/tmp': 0o1777,
    '/tmp/goalie': 0o755,
  };
  const mode = (dir: string) => modes[dir] ?? 0o755;

  const table: [string, boolean][] = [
    ['/tmp/goalie/.goalie/postgres', true],
    ['/root/goalie/.goalie/postgres', false],
  ];
  for (const [dir, enterable] of table) {
    it(`${dir} is ${enterable ? '' : 'not '}enterable by the postgres user`, () =>
      expect(enterableByOthers(dir, mode)).to.equal(enterable));
  }

  it('stays inside GOALIE_HOME when not root, or when the postgres user can enter it', () => {
    expect(clusterDir('/root/goalie/.goalie/postgres', false, () => false)).to.equal(
      '/root/goalie/.goalie/postgres/data',
    );
    expect(clusterDir('/tmp/goalie/.goalie/postgres', true, () => true)).to.equal('/tmp/goalie/.goalie/postgres/data');
  });

  it('moves to /var/lib/goalie, one folder per GOALIE_HOME, when root and it cannot', () => {
    const a = clusterDir('/root/a/.goalie/postgres', true, () => false);
    const b = clusterDir('/root/b/.goalie/postgres', true, () => false);
    expect(a).to.match(/^\/var\/lib\/goalie\/postgres-[0-9a-f]{12}$/);
    expect(a).to.not.equal(b);
    expect(clusterDir('/root/a/.goalie/postgres', true, () => false)).to.equal(a);
  });
});
