// A stranger's wrong passwords must not lock the owner out: over HTTP as browsers send them, the owner
// signs in from a browser they signed in with before while guesses at their address from anywhere
// else stay refused, and a refusal reads the same for an address with an account and one without.
import { expect } from 'chai';
import { knownDevice } from '../../backend/src/app/accounts/known-devices.js';
import { FAILURES_PER_DEVICE, FAILURES_PER_EMAIL } from '../../backend/src/domain/sign-in-limits.js';
import { formTokenIn, pageFetch, visitor } from '../helpers/dashboard.js';
import { startTestService, type TestService } from '../helpers/service.js';

const PASSWORD = 'correct horse battery';

/** A browser's cookie jar: what it was sent, sent back on every request. */
class Browser {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly service: TestService) {}

  /** Cookies by name, for a browser that copies them into another. */
  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  forget(name: string): void {
    this.cookies.delete(name);
  }

  private header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private keep(response: Response): Response {
    for (const set of response.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const at = pair!.indexOf('=');
      const [name, value] = [pair!.slice(0, at), pair!.slice(at + 1)];
      if (/max-age=0|expires=Thu, 01 Jan 1970/i.test(set)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Opens `page`, then sends its form to `action` with `form`: the answer to the form. */
  async submit(page: string, action: string, form: Record<string, string>): Promise<Response> {
    const opened = this.keep(await pageFetch(this.service, page, { cookie: this.header() }));
    const csrf = formTokenIn(await opened.text());
    if (!csrf) throw new Error(`no form on ${page} (status ${opened.status})`);
    return this.keep(await pageFetch(this.service, action, { method: 'POST', cookie: this.header(), csrf, form }));
  }

  signIn(email: string, password: string): Promise<Response> {
    return this.submit('/sign-in', '/sign-in', { email, password });
  }
}

// Every browser here connects from 127.0.0.1: the file stays under FAILURES_PER_CLIENT failures of
// clients that are not known to the account they guess at.
describe('signing in: a stranger cannot lock the owner out', function () {
  this.timeout(60_000);
  let service: TestService;

  before(async () => {
    service = await startTestService();
  });
  after(() => service.close());

  it("the owner signs in from a browser they used before while a stranger's guesses stay refused", async () => {
    await visitor(service, { email: 'owner@lock.example', password: PASSWORD });
    const owners = new Browser(service);
    expect((await owners.signIn('owner@lock.example', PASSWORD)).status).to.equal(302);
    owners.forget('goalie_session');

    const stranger = new Browser(service);
    for (let i = 0; i < FAILURES_PER_EMAIL; i++)
      expect((await stranger.signIn('owner@lock.example', `guess number ${i}`)).status).to.equal(401);
    const guessed = await stranger.signIn('owner@lock.example', PASSWORD);
    expect(guessed.status, 'the stranger is refused, even with the right password').to.equal(429);
    expect(await guessed.text()).to.include('Too many failed sign-in attempts');
    // Any other new browser counts with the stranger's.
    expect((await new Browser(service).signIn('owner@lock.example', PASSWORD)).status).to.equal(429);

    const back = await owners.signIn('owner@lock.example', PASSWORD);
    expect(back.status, 'the owner, from their browser').to.equal(302);
    expect(owners.cookie('goalie_session')).to.be.a('string');
  });

  it('a browser that changes the password stays known to the account', async () => {
    const { user } = await visitor(service, { email: 'changer@lock.example', password: PASSWORD });
    const owners = new Browser(service);
    expect((await owners.signIn('changer@lock.example', PASSWORD)).status).to.equal(302);
    const changed = await owners.submit('/account', '/account/password', {
      current: PASSWORD,
      password: 'a brand new password',
      again: 'a brand new password',
    });
    expect(changed.status).to.equal(302);
    // Its token is one for the new password (the old password's tokens no longer count).
    const { passwordHash } = (await service.runtime.app.store.accounts.userByEmail(user.email))!;
    const tokens = owners.cookie('goalie_device')!.split('~');
    expect(knownDevice({ id: user.id, passwordHash: passwordHash! }, tokens.slice(0, 1))).to.be.a('string');
    expect(knownDevice({ id: user.id, passwordHash: passwordHash! }, tokens.slice(1))).to.equal(null);
  });

  it('a device cookie made for another account, or made up, counts for nothing', async () => {
    await visitor(service, { email: 'victim@lock.example', password: PASSWORD });
    await visitor(service, { email: 'mallory@lock.example', password: 'mallory own password' });
    const mallory = new Browser(service);
    expect((await mallory.signIn('mallory@lock.example', 'mallory own password')).status).to.equal(302);
    mallory.forget('goalie_session');
    const device = mallory.cookie('goalie_device');
    expect(device, 'a browser that signed in gets a device cookie').to.be.a('string');
    for (let i = 0; i < FAILURES_PER_EMAIL; i++)
      expect((await mallory.signIn('victim@lock.example', `guess number ${i}`)).status).to.equal(401);
    expect((await mallory.signIn('victim@lock.example', PASSWORD)).status).to.equal(429);
    const forger = new Browser(service);
    forger.setCookie('goalie_device', `${device!.split('.')[0]}.${'A'.repeat(43)}`);
    expect((await forger.signIn('victim@lock.example', PASSWORD)).status).to.equal(429);
  });

  it("the owner's browser has a budget of its own: guessing from it is refused after it is spent", async () => {
    await visitor(service, { email: 'shared@lock.example', password: PASSWORD });
    const shared = new Browser(service);
    expect((await shared.signIn('shared@lock.example', PASSWORD)).status).to.equal(302);
    shared.forget('goalie_session');
    for (let i = 0; i < FAILURES_PER_DEVICE; i++)
      expect((await shared.signIn('shared@lock.example', `guess number ${i}`)).status).to.equal(401);
    expect((await shared.signIn('shared@lock.example', PASSWORD)).status).to.equal(429);
  });

  it('a refusal reads the same for an address with an account and one without', async () => {
    await visitor(service, { email: 'exists@lock.example', password: PASSWORD });
    const answers: { status: number; text: string }[] = [];
    for (const email of ['exists@lock.example', 'nobody@lock.example']) {
      const stranger = new Browser(service);
      for (let i = 0; i < FAILURES_PER_EMAIL; i++) await stranger.signIn(email, `guess number ${i}`);
      const refused = await stranger.signIn(email, PASSWORD);
      const text = (await refused.text()).replace(/name="token" value="[^"]+"/, '').replace(email, '{email}');
      answers.push({ status: refused.status, text });
    }
    expect(answers[0]!.status).to.equal(429);
    expect(answers[1]).to.deep.equal(answers[0]);
  });
});
