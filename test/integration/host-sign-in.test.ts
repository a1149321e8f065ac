// What signing in with GitHub or GitLab does once the host said whose account it is, at the use case
// (the browser's part is in test/e2e/dashboard-oauth.test.ts): it never takes over an existing user
// by address, links only for the user who asked, keeps the last way to sign in, and the password
// change on the account page.
import { expect } from 'chai';
import { finishHostSignIn, unlinkIdentity } from '../../backend/src/app/accounts/host-sign-in.js';
import { createInvitation } from '../../backend/src/app/accounts/invitations.js';
import { changePassword, createUser } from '../../backend/src/app/accounts/users.js';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { AppError } from '../../backend/src/app/errors.js';
import type { HostAccount } from '../../backend/src/app/ports/sign-in-host.js';
import { shopProject } from '../fixtures/projects.js';
import { visitor, type Visitor } from '../helpers/dashboard.js';
import { startTestService, type TestService } from '../helpers/service.js';

const gitlab = { provider: 'gitlab', label: 'GitLab', url: 'https://example.com/gitlab' } as const;
const account = (id: number, username: string, emails: string[]): HostAccount => ({
  id: String(id),
  username,
  name: '',
  verifiedEmails: emails,
});

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected a refusal');
}

describe('signing in with a host account: the use case', function () {
  this.timeout(60_000);
  let service: TestService;
  let shop: ApplySummary;
  let admin: Visitor;

  before(async () => {
    service = await startTestService();
    shop = await service.apply(shopProject());
    admin = await visitor(service, {
      organizationId: shop.organization.id,
      role: 'admin',
      email: 'admin@example.com',
      password: 'a long admin password',
    });
  });
  after(() => service.close());
  const app = () => service.runtime.app;

  it('an invitation never joins a host account to an existing user with the same address (no take-over)', async () => {
    const { link } = await createInvitation(app(), { user: admin.user, role: 'admin' }, shop.organization.id, {
      role: 'member',
      email: 'admin@example.com',
    });
    const token = new URL(link).pathname.split('/').pop()!;
    const error = await refusal(
      finishHostSignIn(
        app(),
        gitlab,
        account(7, 'mallory', ['admin@example.com']),
        { kind: 'invitation', token },
        null,
      ),
    );
    expect(error.status).to.equal(409);
    expect(error.message).to.include('Sign in as them (with the password), link GitLab on the account page');
    expect(await app().store.accounts.identitiesOf(admin.user.id)).to.deep.equal([]);
    // Signing in (no invitation) with that account finds no one either.
    expect(
      await finishHostSignIn(app(), gitlab, account(7, 'mallory', ['admin@example.com']), { kind: 'sign-in' }, null),
    ).to.deep.equal({ kind: 'no-account' });
  });

  it('links only for the signed-in user who started it, one account per host', async () => {
    const other = await visitor(service, {
      organizationId: shop.organization.id,
      role: 'viewer',
      email: 'other@example.com',
    });
    const forbidden = await refusal(
      finishHostSignIn(app(), gitlab, account(8, 'ada', []), { kind: 'link', userId: admin.user.id }, other.user),
    );
    expect(forbidden.status).to.equal(403);

    const linked = await finishHostSignIn(
      app(),
      gitlab,
      account(8, 'ada', []),
      { kind: 'link', userId: admin.user.id },
      admin.user,
    );
    expect(linked).to.include({ kind: 'linked', already: false });
    const again = await finishHostSignIn(
      app(),
      gitlab,
      account(8, 'ada', []),
      { kind: 'link', userId: admin.user.id },
      admin.user,
    );
    expect(again).to.include({ kind: 'linked', already: true });
    const second = await refusal(
      finishHostSignIn(app(), gitlab, account(9, 'ada-2', []), { kind: 'link', userId: admin.user.id }, admin.user),
    );
    expect([second.status, second.message]).to.deep.equal([
      409,
      'Your Goalie account is linked to the GitLab account @ada already. Unlink it first to link @ada-2 instead.',
    ]);
    expect(await finishHostSignIn(app(), gitlab, account(8, 'ada', []), { kind: 'sign-in' }, null)).to.deep.include({
      kind: 'signed-in',
    });
  });

  it('keeps the last way to sign in, until a password is set on the account page', async () => {
    const linus = await createUser(app(), {
      email: 'linus@example.com',
      name: 'Linus',
      password: null,
      isAdmin: false,
    });
    await app().store.accounts.linkIdentity({
      provider: 'gitlab',
      providerUrl: gitlab.url,
      providerUserId: '10',
      username: 'linus',
      userId: linus.id,
    });
    const identity = { provider: 'gitlab', providerUrl: gitlab.url, providerUserId: '10' } as const;
    const last = await refusal(unlinkIdentity(app(), linus, identity));
    expect(last.status).to.equal(409);

    // Without a password, none is asked for; then the identity may go.
    await changePassword(app(), linus, { current: '', password: 'penguins and kernels', client: '127.0.0.9' });
    const withPassword = (await app().store.accounts.userById(linus.id))!;
    expect(withPassword.hasPassword).to.equal(true);
    expect(await unlinkIdentity(app(), withPassword, identity)).to.include({ username: 'linus' });
    const gone = await refusal(unlinkIdentity(app(), withPassword, identity));
    expect(gone.status).to.equal(404);

    // With one, the current password is needed, and a short new one is refused before anything.
    const wrong = await refusal(
      changePassword(app(), withPassword, {
        current: 'not it',
        password: 'another good password',
        client: '127.0.0.9',
      }),
    );
    expect([wrong.status, wrong.message]).to.deep.equal([
      400,
      'The current password is wrong: nothing was changed. Write the password you sign in with now.',
    ]);
    const short = await refusal(
      changePassword(app(), withPassword, { current: 'penguins and kernels', password: 'short', client: '127.0.0.9' }),
    );
    expect(short.status).to.equal(400);
  });
});
