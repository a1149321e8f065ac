// Every request the GitHub and GitLab adapters make goes through the checked fetch main.ts wires in:
// a receiver on a refused address (one of Goalie's own ports, loopback the project does not allow, a
// name that resolves to a metadata address, a redirect to another origin) never gets a request, nor
// the token; an allowed one does.
import { expect } from 'chai';
import type { HostKind, PlatformConnection } from '../../../backend/src/app/ports/change-request-platform.js';
import type { NetworkAccess } from '../../../backend/src/domain/url-policy.js';
import { repositoryHostFetch } from '../../../backend/src/integrations/http/checked-fetch.js';
import type { ResolvedAddress } from '../../../backend/src/integrations/http/checked-post.js';
import { platformFactory } from '../../../backend/src/platforms/platform-factory.js';
import { rejectionMessage, startRecordingServer, type RecordingServer } from '../../helpers/recording-server.js';

const TOKEN = 'token-that-must-stay-home';
const OPEN: NetworkAccess = { allowLoopback: true, allowPrivate: true };
const CLOSED: NetworkAccess = { allowLoopback: false, allowPrivate: false };

const logger = { info() {}, warn() {}, error() {} };

/** A platform as main.ts builds it, with `ownPorts` as Goalie's own and names resolved by `names`. */
function platformOf(
  host: HostKind,
  apiUrl: string,
  network: NetworkAccess,
  options: { ownPorts?: number[]; names?: Record<string, string[]> } = {},
) {
  const resolve = async (name: string): Promise<ResolvedAddress[]> => {
    const addresses = options.names?.[name];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  const factory = platformFactory(logger, {
    fetchFor: repositoryHostFetch({ ownPorts: options.ownPorts ?? [], resolve }),
    github: { paceWrites: false, retryAfterBaseMs: 1, timeoutMs: 2000 },
    gitlab: { retryDelayMs: 1, timeoutMs: 2000 },
  });
  const connection: PlatformConnection = {
    host,
    apiUrl,
    repository: 'acme/shop',
    credentials: { kind: 'token', token: TOKEN },
    network: async () => network,
  };
  return factory.platform(connection);
}

describe('repository host requests go only where the address rules allow', function () {
  this.timeout(60_000);
  let receiver: RecordingServer;
  before(async () => {
    receiver = await startRecordingServer();
  });
  after(() => receiver?.close());
  beforeEach(() => void (receiver.requests.length = 0));

  for (const host of ['github', 'gitlab'] as const) {
    describe(host, () => {
      it('reaches an allowed address, with the token (the receiver would see a request)', async () => {
        await rejectionMessage(platformOf(host, receiver.url, OPEN).getChangeRequest(1));
        expect(receiver.requests.length).to.be.greaterThan(0);
        const sent = JSON.stringify(receiver.requests[0]!.headers);
        expect(sent).to.include(TOKEN);
      });

      it("never sends a request to one of Goalie's own ports", async () => {
        const why = await rejectionMessage(
          platformOf(host, receiver.url, OPEN, { ownPorts: [receiver.port] }).getChangeRequest(1),
        );
        expect(why).to.match(new RegExp(`port ${receiver.port} of this machine, where Goalie itself listens`));
        expect(receiver.requests).to.deep.equal([]);
      });

      it('never sends a request to loopback when the project does not allow it', async () => {
        const why = await rejectionMessage(
          platformOf(host, receiver.url, CLOSED).ensureWebhook('https://x.example/h', 's'),
        );
        expect(why).to.match(/loopback address, which this project does not allow/);
        expect(receiver.requests).to.deep.equal([]);
      });

      it('checks every address a name resolves to, after DNS', async () => {
        const names = {
          'git.rebind.example': ['93.184.216.34', '127.0.0.1'],
          'git.metadata.example': ['169.254.169.254'],
          'git.own.example': ['127.0.0.1'],
        };
        const rebind = await rejectionMessage(
          platformOf(host, `https://git.rebind.example:${receiver.port}`, CLOSED, { names }).getChangeRequest(1),
        );
        expect(rebind).to.match(/git\.rebind\.example resolves to 127\.0\.0\.1, a loopback address/);
        const metadata = await rejectionMessage(
          platformOf(host, 'https://git.metadata.example', OPEN, { names }).getChangeRequest(1),
        );
        expect(metadata).to.match(/resolves to 169\.254\.169\.254, a cloud metadata address/);
        const own = await rejectionMessage(
          platformOf(host, `http://git.own.example:${receiver.port}`, OPEN, {
            names,
            ownPorts: [receiver.port],
          }).getChangeRequest(1),
        );
        expect(own).to.match(/resolves to 127\.0\.0\.1, port \d+ of this machine/);
        expect(receiver.requests).to.deep.equal([]);
      });

      it('does not follow a redirect to another origin with the token', async () => {
        const redirecting = await startRecordingServer((res) =>
          res.writeHead(307, { location: `${receiver.url}/elsewhere` }).end(),
        );
        try {
          const why = await rejectionMessage(platformOf(host, redirecting.url, OPEN).getChangeRequest(1));
          expect(why).to.match(/redirected to http:\/\/127\.0\.0\.1:\d+, another origin/);
          expect(redirecting.requests.length).to.be.greaterThan(0);
          expect(receiver.requests).to.deep.equal([]);
        } finally {
          await redirecting.close();
        }
      });
    });
  }
});
