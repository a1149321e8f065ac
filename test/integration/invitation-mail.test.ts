// An invitation link, with the server's SMTP (a real SMTP server on 127.0.0.1): its form answers the
// same for an address that has an account and for one that has none, and the mailbox is told what to
// do next: the new person gets a link that makes the account, the existing one how to sign in and join.
import { createHash } from 'node:crypto';
import { expect } from 'chai';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { createInvitation } from '../../backend/src/app/accounts/invitations.js';
import {
  INVITATION_MAIL_WINDOW_MS,
  MAILS_PER_ADDRESS,
  MAILS_PER_CLIENT,
  MAILS_PER_INVITATION,
} from '../../backend/src/domain/invitation-mail-limits.js';
import { shopProject } from '../fixtures/projects.js';
import { cookiesOf, formTokenIn, pageFetch, visitor, type Visitor } from '../helpers/dashboard.js';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../helpers/smtp-sink.js';
import { startTestService, type TestService } from '../helpers/service.js';

describe('invitations with mail: an address with an account answers as any other', function () {
  this.timeout(60_000);
  let smtp: SmtpSink;
  let service: TestService;
  let shop: ApplySummary;
  let owner: Visitor;

  before(async () => {
    smtp = await startSmtpSink();
    // The proxy on loopback is trusted, so a test can send from other client addresses (X-Forwarded-For).
    service = await startTestService({
      GOALIE_SMTP_URL: smtp.url,
      GOALIE_SMTP_FROM: 'goalie@example.com',
      GOALIE_TRUST_PROXY: 'loopback',
    });
    shop = await service.apply(shopProject());
    owner = await visitor(service, { organizationId: shop.organization.id, role: 'owner' });
    await visitor(service, { email: 'taken@example.com', password: 'correct horse battery' });
  });
  after(async () => {
    await service.close();
    await smtp.close();
  });
  beforeEach(() => smtp.reset());

  /** A new invitation link's path. */
  async function invite(email: string | null = null): Promise<string> {
    const { link } = await createInvitation(
      service.runtime.app,
      { user: owner.user, role: 'owner' },
      shop.organization.id,
      {
        role: 'viewer',
        email,
      },
    );
    return new URL(link).pathname;
  }

  /**
   * A fresh browser opens the link and sends its form for `email`, from `client` when given: what it
   * can read of the answer.
   */
  async function join(path: string, email: string, client?: string) {
    const headers = client ? { 'x-forwarded-for': client } : undefined;
    const page = await pageFetch(service, path, { headers });
    const res = await pageFetch(service, path, {
      method: 'POST',
      headers,
      cookie: cookiesOf(page),
      csrf: formTokenIn(await page.text()),
      form: { email, name: 'Some One', password: 'a long enough password' },
    });
    const body = (await res.text())
      .replace(/name="token" value="[^"]+"/g, '')
      .split(email)
      .join('{email}');
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      location: res.headers.get('location'),
      signedIn: res.headers.getSetCookie().some((c) => c.startsWith('goalie_session=')),
      body,
    };
  }

  const mailTo = (email: string): ReceivedMail => {
    const mails = smtp.mails.filter((m) => m.rcptTo.includes(email));
    expect(mails, `mails to ${email}`).to.have.length(1);
    return mails[0]!;
  };
  const linkIn = (text: string, path: RegExp) =>
    new URL(new RegExp(`${service.baseUrl}${path.source}`).exec(text)![0]).pathname +
    new URL(new RegExp(`${service.baseUrl}${path.source}`).exec(text)![0]).search;

  it('answers the same for an address with an account and a new one, and creates nothing yet', async () => {
    const path = await invite();
    const taken = await join(path, 'taken@example.com');
    const fresh = await join(path, 'fresh@example.com');
    expect(fresh).to.deep.equal(taken);
    expect(taken.status).to.equal(200);
    expect(taken.signedIn).to.equal(false);
    expect(taken.body).to.include('Check your mail').and.include('{email}');
    const app = service.runtime.app;
    expect(await app.store.accounts.userByEmail('fresh@example.com')).to.equal(null);
    const takenUser = (await app.store.accounts.userByEmail('taken@example.com'))!;
    expect(await app.store.accounts.roleIn(shop.organization.id, takenUser.id)).to.equal(null);
    expect((await pageFetch(service, path)).status, 'the link still works').to.equal(200);
  });

  it('tells the person with an account by mail that they have one, and how to sign in and join', async () => {
    const path = await invite();
    await join(path, 'taken@example.com');
    const mail = mailTo('taken@example.com');
    expect(mail.headers.subject).to.equal('Join Acme on Goalie');
    expect(mail.text).to.include('already have a Goalie account with this address');
    expect(mail.html).to.include('already have a Goalie account with this address');
    const signIn = linkIn(mail.text, /\/sign-in\?next=\S+/);
    expect(signIn).to.equal(`/sign-in?next=${encodeURIComponent(path)}`);
    expect(mail.text).not.to.include('/invitations/confirm/');

    // Signed in as that person, the invitation's page joins them.
    const page = await pageFetch(service, signIn);
    const signedIn = await pageFetch(service, '/sign-in', {
      method: 'POST',
      cookie: cookiesOf(page),
      csrf: formTokenIn(await page.text()),
      form: { email: 'taken@example.com', password: 'correct horse battery', next: path },
    });
    expect(signedIn.headers.get('location')).to.equal(path);
    const session = signedIn.headers
      .getSetCookie()
      .find((c) => c.startsWith('goalie_session='))!
      .split(';')[0]!;
    const joinPage = await pageFetch(service, path, { cookie: session });
    const joined = await pageFetch(service, path, {
      method: 'POST',
      cookie: session,
      csrf: formTokenIn(await joinPage.text()),
      form: {},
    });
    expect(joined.status).to.equal(302);
    const user = (await service.runtime.app.store.accounts.userByEmail('taken@example.com'))!;
    expect(await service.runtime.app.store.accounts.roleIn(shop.organization.id, user.id)).to.equal('viewer');
  });

  it('sends a new address a link that makes the account and joins, once', async () => {
    const path = await invite();
    await join(path, 'newcomer@example.com');
    const mail = mailTo('newcomer@example.com');
    expect(mail.headers.subject).to.equal('Join Acme on Goalie');
    expect(mail.text).not.to.include('already have');
    const confirm = linkIn(mail.text, /\/invitations\/confirm\/[A-Za-z0-9_-]+/);
    expect(mail.html).to.include(`${service.baseUrl}${confirm}`);

    const page = await pageFetch(service, confirm);
    expect(page.status).to.equal(200);
    const html = await page.text();
    expect(html).to.include('Join Acme').and.include('newcomer@example.com');
    const made = await pageFetch(service, confirm, {
      method: 'POST',
      cookie: cookiesOf(page),
      csrf: formTokenIn(html),
      form: { name: 'New Comer', password: 'a long enough password' },
    });
    expect(made.status).to.equal(302);
    const session = made.headers.getSetCookie().find((c) => c.startsWith('goalie_session='));
    expect(session, 'signed in').to.be.a('string');
    const app = service.runtime.app;
    const user = (await app.store.accounts.userByEmail('newcomer@example.com'))!;
    expect(user.name).to.equal('New Comer');
    expect(await app.store.accounts.roleIn(shop.organization.id, user.id)).to.equal('viewer');
    expect((await pageFetch(service, path)).status, 'the invitation is used').to.equal(404);
    expect((await pageFetch(service, confirm)).status, 'the mail link is used').to.equal(404);
  });

  it('stores the mailed link only as a hash, and the link lasts 24 hours', async () => {
    const app = service.runtime.app;
    const realNow = app.now;
    const sent = realNow();
    await join(await invite(), 'later@example.com');
    const confirm = linkIn(mailTo('later@example.com').text, /\/invitations\/confirm\/[A-Za-z0-9_-]+/);
    const code = confirm.split('/').at(-1)!;
    const rows = await service.runtime.dataSource.query(`SELECT * FROM invitation_sign_ups WHERE email = $1`, [
      'later@example.com',
    ]);
    expect(rows).to.have.length(1);
    expect(JSON.stringify(rows[0]), 'the link in the row').not.to.include(code);
    expect(rows[0].token_hash).to.equal(createHash('sha256').update(code).digest('hex'));
    const at = (hours: number) => () => new Date(sent.getTime() + hours * 3_600_000);
    try {
      app.now = at(23.9);
      expect((await pageFetch(service, confirm)).status, 'within 24 hours').to.equal(200);
      app.now = at(24.1);
      const late = await pageFetch(service, confirm);
      expect(late.status, 'after 24 hours').to.equal(404);
      expect(await late.text()).to.include('This link is unknown, used or expired.');
    } finally {
      app.now = realNow;
    }
  });

  it('an invitation for one address refuses any other the same way, with or without an account', async () => {
    const path = await invite('alice@example.com');
    const taken = await join(path, 'taken@example.com');
    const fresh = await join(path, 'fresh@example.com');
    expect(fresh).to.deep.equal(taken);
    expect(taken.status).to.equal(403);
    expect(taken.body).to.include('This invitation is for alice@example.com');
    expect(smtp.mails).to.have.length(0);
  });

  it('limits the mails per address, per client and per invitation: 429, saying when to try again', async () => {
    const app = service.runtime.app;
    const mailsTo = (email: string) => smtp.mails.filter((m) => m.rcptTo.includes(email)).length;
    const sends = async (path: string, email: string, client: string) => {
      const answer = await join(path, email, client);
      expect(answer.status, `${email} from ${client}`).to.equal(200);
    };
    const refused = async (path: string, email: string, client: string, why: string) => {
      const answer = await join(path, email, client);
      expect(answer.status, `${email} from ${client}`).to.equal(429);
      expect(answer.retryAfter).to.equal(String(INVITATION_MAIL_WINDOW_MS / 1000));
      expect(answer.body).to.include(why).and.include('Try again in an hour');
    };

    // One address, however many clients ask.
    const first = await invite();
    for (let i = 0; i < MAILS_PER_ADDRESS; i++) await sends(first, 'often@example.com', '203.0.113.1');
    await refused(first, 'often@example.com', '203.0.113.1', 'already sent this address');
    await refused(first, 'often@example.com', '203.0.113.2', 'already sent this address');
    expect(mailsTo('often@example.com')).to.equal(MAILS_PER_ADDRESS);

    // One client, however many addresses and invitations.
    const links = [await invite(), await invite()];
    for (let i = 0; i < MAILS_PER_CLIENT; i++) await sends(links[i % 2]!, `client-${i}@example.com`, '203.0.113.3');
    await refused(await invite(), 'one-more@example.com', '203.0.113.3', 'from your network address');
    expect(mailsTo('one-more@example.com')).to.equal(0);

    // One invitation link, however many clients and addresses.
    const shared = await invite();
    for (let i = 0; i < MAILS_PER_INVITATION; i++) await sends(shared, `team-${i}@example.com`, `198.51.100.${i + 1}`);
    await refused(shared, 'late@example.com', '198.51.100.250', 'This invitation link has sent');
    expect(mailsTo('late@example.com')).to.equal(0);

    // When the answer said: an hour later, the address is mailed again.
    const realNow = app.now;
    try {
      app.now = () => new Date(realNow().getTime() + INVITATION_MAIL_WINDOW_MS + 60_000);
      await sends(first, 'often@example.com', '203.0.113.1');
    } finally {
      app.now = realNow;
    }
  });
});
