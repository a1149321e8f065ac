import { expect } from 'chai';
import { callerCache, TOUCH_INTERVAL_MS, type TokenCaller } from '../../backend/src/app/caller-cache.js';
import { loadConfig } from '../../backend/src/config.js';

const caller = (tokenId: string): TokenCaller => ({
  tokenId,
  scope: 'run',
  revoked: false,
  project: {
    id: 'p',
    organizationId: 'o',
    name: 'shop',
    slug: 'shop',
    defaultTestPlanId: null,
    defaultDevicePresetId: null,
    slackDefaultChannel: null,
    slackNotifyOn: 'always',
    slackConfigured: false,
    sshTunnelProxy: false,
    publicResults: false,
  },
  organization: { id: 'o', name: 'Acme', suspended: false, usageLimit: null },
});

describe('the caller cache', () => {
  it('answers a caller until its time to live has passed, then no longer', () => {
    const cache = callerCache({ ttlMs: 5000 });
    cache.remember('h1', caller('t1'), 1000);
    expect(cache.fresh('h1', 5999)?.tokenId).to.equal('t1');
    expect(cache.fresh('h1', 6000)).to.equal(undefined);
    expect(cache.fresh('h2', 1000)).to.equal(undefined);
  });

  it('keeps nothing with a time to live of 0', () => {
    const cache = callerCache({ ttlMs: 0 });
    cache.remember('h1', caller('t1'), 1000);
    expect(cache.fresh('h1', 1000)).to.equal(undefined);
  });

  it('holds at most `max` tokens, forgetting the least recently used', () => {
    const cache = callerCache({ ttlMs: 60_000, max: 3 });
    for (const n of [1, 2, 3]) cache.remember(`h${n}`, caller(`t${n}`), 0);
    cache.fresh('h1', 1); // h2 is now the least recently used
    cache.remember('h4', caller('t4'), 2);
    expect(cache.size()).to.equal(3);
    expect(cache.fresh('h2', 3)).to.equal(undefined);
    expect(['h1', 'h3', 'h4'].map((h) => cache.fresh(h, 3)?.tokenId)).to.deep.equal(['t1', 't3', 't4']);
  });

  it('makes last_used_at due at most once a minute per token, also across a refresh of the caller', () => {
    const cache = callerCache({ ttlMs: 5000 });
    cache.remember('h1', caller('t1'), 0);
    expect(cache.touchDue('h1', 0)).to.equal(true);
    expect(cache.touchDue('h1', 1000)).to.equal(false);
    cache.remember('h1', caller('t1'), 10_000);
    expect(cache.touchDue('h1', TOUCH_INTERVAL_MS - 1)).to.equal(false);
    expect(cache.touchDue('h1', TOUCH_INTERVAL_MS)).to.equal(true);
    expect(cache.touchDue('h1', TOUCH_INTERVAL_MS + 1)).to.equal(false);
  });

  it('forgets a revoked token at once, and everything on clear', () => {
    const cache = callerCache({ ttlMs: 60_000 });
    cache.remember('h1', caller('t1'), 0);
    cache.remember('h2', caller('t2'), 0);
    cache.forgetToken('t1');
    expect(cache.fresh('h1', 1)).to.equal(undefined);
    expect(cache.fresh('h2', 1)?.tokenId).to.equal('t2');
    cache.clear();
    expect(cache.size()).to.equal(0);
  });
});

describe('config: GOALIE_TOKEN_CACHE_SECONDS', () => {
  it('is 5 s by default, takes 0 to 60, and refuses anything else saying what to give', () => {
    expect(loadConfig({}).tokenCacheMs).to.equal(5000);
    expect(loadConfig({ GOALIE_TOKEN_CACHE_SECONDS: '0' }).tokenCacheMs).to.equal(0);
    expect(loadConfig({ GOALIE_TOKEN_CACHE_SECONDS: '60' }).tokenCacheMs).to.equal(60_000);
    expect(() => loadConfig({ GOALIE_TOKEN_CACHE_SECONDS: '61' })).to.throw(
      'GOALIE_TOKEN_CACHE_SECONDS must be at most 60',
    );
    expect(() => loadConfig({ GOALIE_TOKEN_CACHE_SECONDS: '2.5' })).to.throw(
      'GOALIE_TOKEN_CACHE_SECONDS must be a whole number of at least 0, got "2.5"',
    );
    expect(() => loadConfig({ GOALIE_TOKEN_CACHE_SECONDS: '-1' })).to.throw('must be a whole number');
  });
});
