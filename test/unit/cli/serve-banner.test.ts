// The banner `goalie serve` prints: the curl of the quick start and the two variables the CLI
// reads, with the token only where it is shown anyway (the first start).
import { expect } from 'chai';
import { banner } from '../../../backend/src/cli/serve.js';
import { loadConfig } from '../../../backend/src/config.js';

describe('goalie serve banner', () => {
  const config = loadConfig({ PORT: '8123' }, '/tmp/goalie-banner');
  const details = { embedded: true, demoUrl: null, users: 1 };

  it('first start: the curl and the export lines of GOALIE_API_URL and GOALIE_API_TOKEN with the new token', () => {
    const text = banner(config, 'goalie_abc123', details);
    expect(text).to.include('curl -X POST http://localhost:8123/v1/run -H "Authorization: Bearer goalie_abc123"');
    expect(text).to.include(
      '\n  export GOALIE_API_URL=http://localhost:8123\n  export GOALIE_API_TOKEN=goalie_abc123\n  curl -fsSLO http://localhost:8123/cli/goalie.js && node goalie.js run --wait\n',
    );
  });

  it('later starts: the URL, and where a token comes from, but no token', () => {
    const text = banner(config, null, details);
    expect(text).to.include('\n  export GOALIE_API_URL=http://localhost:8123\n');
    expect(text).to.match(
      /export GOALIE_API_TOKEN=<the token printed at the first start, or a new one: npx goalie token create --project demo>/,
    );
    expect(text).to.not.match(/goalie_\w/);
  });

  it('server commands name the home where it is not the default one of the directory', () => {
    const custom = loadConfig({ PORT: '8123', GOALIE_HOME: '/srv/goalie-home' }, '/tmp/goalie-banner');
    const text = banner(custom, null, { ...details, users: 0 });
    expect(text).to.include('  GOALIE_HOME=/srv/goalie-home npx goalie user create --admin --email you@example.com');
    expect(text).to.include('a new one: GOALIE_HOME=/srv/goalie-home npx goalie token create --project demo>');
    expect(banner(config, null, { ...details, users: 0 })).to.include('\n  npx goalie user create --admin');
  });
});
