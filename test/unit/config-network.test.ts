// What the browser may reach when a project does not say: allowed on the embedded PostgreSQL (one
// machine), refused with DATABASE_URL (a deployment), and what GOALIE_BROWSER_ALLOW_* say.
import { expect } from 'chai';
import { loadConfig } from '../../backend/src/config.js';
import { browserNetwork } from '../../backend/src/main.js';

describe('config: the browser network default', () => {
  it('allows loopback and private ranges on the embedded PostgreSQL, refuses them with DATABASE_URL', () => {
    expect(loadConfig({}).browserNetwork).to.deep.equal({ allowLoopback: true, allowPrivate: true });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/goalie' }).browserNetwork).to.deep.equal({
      allowLoopback: false,
      allowPrivate: false,
    });
  });

  it('takes GOALIE_BROWSER_ALLOW_LOOPBACK and GOALIE_BROWSER_ALLOW_PRIVATE', () => {
    expect(
      loadConfig({ DATABASE_URL: 'postgres://db/goalie', GOALIE_BROWSER_ALLOW_LOOPBACK: 'true' }).browserNetwork,
    ).to.deep.equal({ allowLoopback: true, allowPrivate: false });
    expect(loadConfig({ GOALIE_BROWSER_ALLOW_PRIVATE: 'FALSE' }).browserNetwork).to.deep.equal({
      allowLoopback: true,
      allowPrivate: false,
    });
    expect(() => loadConfig({ GOALIE_BROWSER_ALLOW_LOOPBACK: 'yes' })).to.throw(
      'GOALIE_BROWSER_ALLOW_LOOPBACK must be true or false, got "yes"',
    );
  });
});

describe("Goalie's own ports, which nothing made on a project's behalf may reach", () => {
  it('the API port, the metrics port when it has one, and the database port when it runs here', () => {
    const own = (env: Record<string, string>, databaseUrl: string) =>
      browserNetwork(loadConfig({ PORT: '8080', ...env }), databaseUrl).ownPorts;
    expect(own({ GOALIE_METRICS: 'port', GOALIE_METRICS_PORT: '9500' }, 'postgres://127.0.0.1:5433/g')).to.deep.equal([
      8080, 9500, 5433,
    ]);
    expect(own({}, 'postgres://db.internal:5432/g')).to.deep.equal([8080]);
    expect(
      own({ GOALIE_METRICS: 'token', GOALIE_METRICS_TOKEN: '0123456789abcdef' }, 'postgres://localhost/g'),
    ).to.deep.equal([8080, 5432]);
  });
});
