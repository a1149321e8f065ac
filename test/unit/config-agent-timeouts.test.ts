// How long the built-in agent waits before a step or an expectation fails: settings, so that tests
// expecting a failure need not wait out the production defaults.
import { expect } from 'chai';
import { loadConfig } from '../../backend/src/config.js';

describe('config: GOALIE_FIND_TIMEOUT_MS and GOALIE_EXPECT_TIMEOUT_MS', () => {
  it('default to 5 s to find a target and 3 s for an expectation', () => {
    const config = loadConfig({});
    expect(config.findTimeoutMs).to.equal(5000);
    expect(config.expectTimeoutMs).to.equal(3000);
  });

  it('take whole milliseconds of at least 100, and say so otherwise', () => {
    const config = loadConfig({ GOALIE_FIND_TIMEOUT_MS: '500', GOALIE_EXPECT_TIMEOUT_MS: '250' });
    expect(config.findTimeoutMs).to.equal(500);
    expect(config.expectTimeoutMs).to.equal(250);
    expect(() => loadConfig({ GOALIE_FIND_TIMEOUT_MS: '50' })).to.throw(
      'GOALIE_FIND_TIMEOUT_MS must be a whole number of at least 100, got "50"',
    );
    expect(() => loadConfig({ GOALIE_EXPECT_TIMEOUT_MS: '1.5s' })).to.throw(
      'GOALIE_EXPECT_TIMEOUT_MS must be a whole number of at least 100, got "1.5s"',
    );
  });
});
