// What the browser may reach when a project does not say: allowed on the embedded PostgreSQL (one
// machine), refused with DATABASE_URL (a deployment), and what GOALIE_BROWSER_ALLOW_* say.
import { expect } from 'chai';
import { loadConfig } from '../../backend/src/config.js';

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
