// The HTTP adapter of webhook deliveries against a real server on 127.0.0.1: the address checked
// after DNS is the one connected to, refusals at delivery time, no redirects, a bounded body.
import { expect } from 'chai';
import { httpWebhookSender } from '../../backend/src/integrations/webhooks/http-webhook-sender.js';
import { webhookHeaders } from '../../backend/src/domain/webhooks.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

const SECRET = 'sender-test-secret-0123456789';
const LOOPBACK_ONLY = { allowLoopback: true, allowPrivate: false };

describe('webhook sender (HTTP)', () => {
  let receiver: WebhookReceiver;
  let port: number;
  /** A resolver whose answers the test chooses, as a name server under someone else's control would. */
  let answers: Record<string, string[]>;
  const sender = () =>
    httpWebhookSender({
      ownPorts: [],
      timeoutMs: 2000,
      lookup: async (host) =>
        (answers[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    });
  const post = (url: string, access = LOOPBACK_ONLY) => {
    const body = JSON.stringify({ id: 'd-1', event: 'run.started' });
    const headers = webhookHeaders('1.0.0', 'run.started', 'd-1', SECRET, Math.floor(Date.now() / 1000), body);
    return sender().post(url, headers, body, access);
  };

  before(async () => {
    receiver = await startWebhookReceiver(SECRET);
    port = Number(new URL(receiver.url).port);
  });
  beforeEach(() => {
    receiver.received.length = 0;
    answers = {};
  });
  after(() => receiver.close());

  it('connects to the address it checked, keeping the name in the Host header', async () => {
    // A name no real DNS knows: only the checked answer can have led the request here.
    answers['hooks.rebinding.test'] = ['127.0.0.1'];
    const response = await post(`http://hooks.rebinding.test:${port}/ok`);
    expect(response).to.deep.equal({ status: 200, body: 'ok' });
    expect(receiver.received).to.have.length(1);
    expect(receiver.received[0]!.headers.host).to.equal(`hooks.rebinding.test:${port}`);
    expect(receiver.received[0]!.verified).to.equal(true);
  });

  it('refuses a name resolving to a metadata, link-local or disallowed address, before connecting', async () => {
    answers['meta.test'] = ['169.254.169.254'];
    answers['link.test'] = ['fe80::1'];
    answers['mixed.test'] = ['127.0.0.1', '10.0.0.5'];
    answers['public.test'] = ['93.184.216.34'];
    const refusal = (url: string) =>
      post(url).then(
        () => 'delivered',
        (error: Error) => error.message,
      );
    expect(await refusal(`https://meta.test/x`)).to.equal(
      'refused: meta.test resolves to 169.254.169.254, a cloud metadata address, which a webhook may never reach',
    );
    expect(await refusal(`https://link.test/x`)).to.match(
      /^refused: link\.test resolves to fe80::1, a link-local address/,
    );
    expect(await refusal(`http://mixed.test:${port}/ok`)).to.match(
      /^refused: mixed\.test resolves to 10\.0\.0\.5, a private network address, which this project does not allow/,
    );
    expect(await refusal(`http://public.test/x`)).to.match(
      /plain http is only for loopback or private addresses; use https/,
    );
    expect(await refusal(`https://nowhere.test/x`)).to.equal('nowhere.test does not resolve');
    expect(receiver.received).to.deep.equal([]);
  });

  it("refuses Goalie's own ports on this machine", async () => {
    const own = httpWebhookSender({ ownPorts: [port], timeoutMs: 2000 });
    const error = await own.post(`http://127.0.0.1:${port}/ok`, {}, '{}', LOOPBACK_ONLY).catch((e: Error) => e);
    expect((error as Error).message).to.match(/where Goalie itself listens/);
    expect(receiver.received).to.deep.equal([]);
  });

  it('does not follow a redirect, and keeps only the first KB of an answer', async () => {
    const redirected = await post(`${receiver.url}/redirect`);
    expect(redirected.status).to.equal(302);
    expect(receiver.received.map((r) => r.path)).to.deep.equal(['/redirect']);
    const big = await post(`${receiver.url}/big`);
    expect(big.status).to.equal(200);
    expect(big.body).to.have.length(1024);
  });
});
