// Text Goalie keeps but did not write may hold U+0000, which PostgreSQL's text and jsonb refuse: a
// page under test whose labels hold one, a webhook receiver that answers one. Each is stored with
// U+FFFD instead, so the burn-in records its steps, the run ends, and a delivery is recorded once
// (a failed write used to fail the job after the POST, so the receiver got the delivery again).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { startWorker, type RunningWorker } from '../../backend/src/main.js';
import { waitForBurnIns } from '../helpers/burn-ins.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { startSite, type Site } from '../helpers/site.js';
import { waitFor } from '../helpers/wait.js';

// The script puts the NULs in (an HTML parser would replace one written in the markup).
const PAGE = `<!doctype html><title>Shop</title><h1 id="h"></h1><button id="b"></button><p id="p"></p>
<script>
  document.getElementById('h').textContent = 'Wel\\u0000come';
  document.getElementById('b').textContent = 'Buy\\u0000';
  document.getElementById('b').onclick = () => (document.getElementById('p').textContent = 'Bought\\u0000 it');
</script>`;

describe('NUL characters from outside', function () {
  this.timeout(120_000);
  let site: Site;
  let receiver: http.Server;
  let receiverHits = 0;
  let service: TestService;
  let worker: RunningWorker | null = null;
  const q = (sql: string, params: unknown[] = []) => service.runtime.dataSource.query(sql, params);

  before(async () => {
    site = await startSite({ '/': PAGE });
    receiver = http.createServer((req, res) => {
      receiverHits++;
      req.resume();
      req.on('end', () => res.writeHead(200).end(Buffer.from([0x6f, 0x6b, 0x00, 0x01])));
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    service = await startTestService();
    await service.apply(`
organization: { name: Nul }
project:
  name: nul
  webhooks:
    - { name: nul, url: "${receiverUrl}", events: [run.started], secret: "0123456789abcdef-nul" }
applications:
  - name: Shop
    environments: [{ name: prod, url: "${site.url}/" }]
testCases:
  - name: Buy
    application: Shop
    goal: Click "Buy"
    expectedResult: The page shows "Bought"
testPlans:
  - { name: Shop, default: true, testCases: [Buy] }
`);
    worker = await startWorker(service.runtime);
  });
  after(async () => {
    await worker?.stop();
    await service?.close();
    await site?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it('a page whose text holds NUL is burned in: its steps are stored with U+FFFD', async () => {
    await waitForBurnIns(service);
    const [testCase] = await q(`SELECT generation_status, generation_error FROM test_cases`);
    expect(testCase).to.deep.equal({ generation_status: 'COMPLETED', generation_error: null });
    const [{ steps }] = await q(`SELECT steps FROM test_case_step_versions`);
    expect(steps[0].target.locators[0]).to.deep.include({ kind: 'role', name: 'Buy\uFFFD' });
  });

  it('a run on it ends, and a receiver answering NUL gets the delivery once, recorded as delivered', async () => {
    const api = service.client(await service.token('nul'));
    const { shortId } = (await api.post('/v1/run', {})).body.run;
    const run = await waitFor(`run ${shortId}`, async () => {
      const view = (await api.get(`/v1/run/${shortId}`)).body;
      return view.status === 'COMPLETED' ? view : null;
    });
    expect(run.result).to.equal('PASSED');
    const [delivery] = await waitFor('the delivery', async () => {
      const rows = await q(`SELECT attempts, delivered_at, attempt_log FROM outbound_webhook_deliveries`);
      return rows[0]?.delivered_at ? rows : null;
    });
    expect(delivery.attempts).to.equal(1);
    expect(delivery.attempt_log[0]).to.include({ statusCode: 200, response: 'ok\uFFFD\u0001' });
    expect(receiverHits).to.equal(1);
  });
});
