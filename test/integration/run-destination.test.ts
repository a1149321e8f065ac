// A URL given for a run is checked before anything is written: addresses the browser may never
// reach, and loopback (this machine's own addresses included) when the project does not allow it,
// are a 400 that says why and how to allow it; no run is written and no usage spent. Goalie's own
// ports are not named: the browser finds them closed, as it would a port where nothing listens.
import os from 'node:os';
import { expect } from 'chai';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { shopProject } from '../fixtures/projects.js';
import { closedPort } from '../helpers/ports.js';
import { countRuns, errorMessage } from '../helpers/project-yaml.js';
import { startTestService, type ApiClient, type TestService } from '../helpers/service.js';

describe('POST /v1/run: where an overriding URL may lead', () => {
  let service: TestService;
  let api: ApiClient;
  let closedApi: ApiClient;
  let shop: ApplySummary;
  let closed: ApplySummary;
  let privateApi: ApiClient;
  let privateOnly: ApplySummary;
  const web = (s: ApplySummary) => s.applications.find((a) => a.name === 'web')!.shortId;
  const start = (client: ApiClient, s: ApplySummary, url: string) =>
    client.post('/v1/run', { applications: [{ applicationShortId: web(s), environment: { url } }] });

  before(async () => {
    service = await startTestService();
    shop = await service.apply(shopProject());
    closed = await service.apply(
      shopProject({ organization: 'Closed', project: 'closed' }).replace(
        '  name: closed\n',
        '  name: closed\n  network: { allowLoopback: false, allowPrivate: false }\n',
      ),
    );
    privateOnly = await service.apply(
      shopProject({ organization: 'Private', project: 'private-only' }).replace(
        '  name: private-only\n',
        '  name: private-only\n  network: { allowLoopback: false, allowPrivate: true }\n',
      ),
    );
    api = service.client(await service.token('shop'));
    closedApi = service.client(await service.token('closed'));
    privateApi = service.client(await service.token('private-only'));
  });
  after(() => service.close());

  const refusals: [string, string, RegExp][] = [
    [
      'a metadata address',
      'http://169.254.169.254/latest/meta-data/',
      /^applications\[0\]\.environment\.url: the browser may not go to http:\/\/169\.254\.169\.254\/latest\/meta-data\/: 169\.254\.169\.254 is a cloud metadata address, which the browser may never reach\. See "What the browser may reach" in docs\/security\.md\.$/,
    ],
    [
      'a metadata name',
      'http://metadata.google.internal/computeMetadata/v1/',
      /metadata\.google\.internal is a cloud metadata address/,
    ],
    ['IPv6 metadata', 'http://[fd00:ec2::254]/', /\[fd00:ec2::254\] is a cloud metadata address/],
    ['a link-local address', 'http://169.254.10.1/', /169\.254\.10\.1 is a link-local address/],
    ['0.0.0.0', 'http://0.0.0.0:3000/', /0\.0\.0\.0:3000 is an unspecified address/],
  ];
  for (const [what, url, message] of refusals) {
    it(`refuses ${what} for any project`, async () => {
      const res = await start(api, shop, url);
      expect(res.status).to.equal(400);
      expect(errorMessage(res.body)).to.match(message);
    });
  }

  it("does not tell Goalie's own ports from closed ones: both start a run, whose browser finds them closed", async () => {
    const closed = await closedPort();
    const ownPort = new URL(service.baseUrl).port;
    for (const host of ['localhost', '127.0.0.1', '[::ffff:0:7f00:1]']) {
      const own = await start(api, shop, `http://${host}:${ownPort}/v1/run`);
      const other = await start(api, shop, `http://${host}:${closed}/v1/run`);
      expect([own.status, other.status], JSON.stringify(own.body)).to.deep.equal([200, 200]);
    }
  });

  it('refuses loopback and private addresses, however spelled, when the project does not allow them', async () => {
    for (const url of [
      'http://2130706433:8080/',
      'http://0x7f.1/',
      'http://[::1]:8080/',
      'http://[::ffff:127.0.0.1]/',
      'http://localhost:4000/',
      'http://10.1.2.3/',
      'http://[fd12::1]/',
    ]) {
      const res = await start(closedApi, closed, url);
      expect(res.status, url).to.equal(400);
      expect(errorMessage(res.body), url).to.match(
        /is a (loopback|private network) address, which this project does not allow: set `network: \{ allow(Loopback|Private): true \}` under `project:` in the project YAML/,
      );
    }
    expect(await countRuns(service, closed.project.id)).to.equal(0);
  });

  it("refuses this machine's own interface addresses, in any spelling, where loopback is not allowed", async function () {
    const own = Object.values(os.networkInterfaces())
      .flatMap((list) => list ?? [])
      .find((i) => i.family === 'IPv4' && !i.internal)?.address;
    if (!own) this.skip();
    // As written, and IPv4-translated (which the URL parser writes as [::ffff:0:a00:5]).
    for (const host of [own, `[::ffff:0:${own}]`]) {
      const url = `http://${host}:8080/`;
      const res = await start(privateApi, privateOnly, url);
      expect(res.status, url).to.equal(400);
      expect(errorMessage(res.body), url).to.include(
        `is an address of this machine, which this project does not allow: set \`network: { allowLoopback: true }\``,
      );
    }
    expect(await countRuns(service, privateOnly.project.id)).to.equal(0);
  });

  it('takes loopback and public URLs where allowed', async () => {
    const res = await start(api, shop, 'http://[::1]:8080/');
    expect(res.status).to.equal(200);
    const other = await start(closedApi, closed, 'https://staging.example.com/');
    expect(other.status).to.equal(200);
  });
});
