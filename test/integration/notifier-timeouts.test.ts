// The email and Teams adapters give up on a server that says nothing, with an error the queue
// retries (not a definite refusal), and Teams does not follow redirects.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { PermanentDeliveryFailure } from '../../backend/src/app/ports/notifiers.js';
import { smtpMailer } from '../../backend/src/integrations/email/smtp-mailer.js';
import { teamsWebhook } from '../../backend/src/integrations/teams/teams-webhook.js';

const LOOPBACK = { allowLoopback: true, allowPrivate: false };

const failure = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (e: unknown) => e as Error,
  );

describe('email and Teams adapters against silent servers', () => {
  const sockets = new Set<net.Socket>();
  let silent: net.Server;
  let web: http.Server;
  let port: number;
  let webPort: number;

  before(async () => {
    // Accepts connections and never writes a byte (no SMTP greeting, no HTTP answer).
    silent = net.createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    port = (silent.address() as AddressInfo).port;
    web = http.createServer((req, res) => {
      if (req.url === '/moved') res.writeHead(302, { location: 'http://169.254.169.254/' }).end();
      else sockets.add(req.socket);
    });
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    webPort = (web.address() as AddressInfo).port;
  });
  after(async () => {
    for (const s of sockets) s.destroy();
    web.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
    await new Promise((resolve) => web.close(resolve));
  });

  it('email: no greeting within the timeout is an error to retry', async () => {
    const mailer = smtpMailer({ url: `smtp://127.0.0.1:${port}`, from: 'goalie@example.com', timeoutMs: 300 });
    const error = await failure(mailer.send(['qa@example.com'], { subject: 's', text: 't', html: '<p>t</p>' }));
    expect(error).to.be.instanceOf(Error).and.not.be.instanceOf(PermanentDeliveryFailure);
    expect(error!.message).to.equal(`the SMTP server 127.0.0.1:${port} did not answer within 0.3 s`);
  });

  it('Teams: no answer within the timeout is an error to retry, naming the host only', async () => {
    const error = await failure(
      teamsWebhook({ ownPorts: [], timeoutMs: 300 }).post(`http://127.0.0.1:${webPort}/hook?sig=secret`, {}, LOOPBACK),
    );
    expect(error).to.be.instanceOf(Error).and.not.be.instanceOf(PermanentDeliveryFailure);
    expect(error!.message).to.equal(`127.0.0.1:${webPort} did not answer within 0.3 s`);
  });

  it('Teams: a redirect is a definite refusal, not followed', async () => {
    const error = await failure(teamsWebhook({ ownPorts: [] }).post(`http://127.0.0.1:${webPort}/moved`, {}, LOOPBACK));
    expect(error).to.be.instanceOf(PermanentDeliveryFailure);
    expect(error!.message).to.equal(`127.0.0.1:${webPort} answered 302 (redirects are not followed)`);
  });
});
