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
      '\n  export GOALIE_API_URL=http://localhost:8123\n  export GOALIE_API_TOKEN=goalie_abc123\n  curl -fsSO http://localhost:8123/cli/goalie.js && node goalie.js run --wait\n',
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
});
