// Settings in Chromium, as admins and owners use them: API tokens (create, shown once, used against
// /v1, revoked), the repository's review settings (saved, the webhook refreshed on a fake GitHub,
// and set again by the next `goalie apply`), members (an invitation accepted in another browser, a role changed, a member
// removed) and every refusal (admins and owners, the last owner, members and viewers); every page
// and state checked with axe-core. DASHBOARD_SCREENSHOTS=1 also writes docs/images/dashboard-settings-*.png.
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { createProjectToken } from '../../backend/src/app/tokens.js';
import { shopProject } from '../fixtures/projects.js';
import { seriousAxeViolations } from '../helpers/axe.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js';
import { signInContext, visitor, type Visitor } from '../helpers/dashboard.js';
import { SCREENSHOT_VIEWPORT, screenshot } from '../helpers/screenshots.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { closeContexts, sharedBrowser } from '../helpers/shared-browser.js';

const GITHUB_TOKEN = 'ghp_dashboard_settings';
const REVIEW_CONTEXT = "A shop for garden tools. Go to /cart. Verify that 'Free shipping' is shown";
/** The shop's repository block as its project file has it. */
const repositoryBlock = (githubUrl: string) => `
repository:
  host: github
  url: "${githubUrl}"
  repository: acme/shop
  token: "${GITHUB_TOKEN}"
  webhookSecret: "dashboard-settings-secret"
  reviews:
    context: "${REVIEW_CONTEXT}"
    autoRun: true
    includeDrafts: false
    postCommentOnOpened: true
    testPlan: Smoke
    environments:
      preview: web
`;

describe('dashboard settings in Chromium (e2e)', function () {
  this.timeout(120_000);
  let github: FakeGitHub;
  let service: TestService;
  let browser: Browser;
  let shop: ApplySummary;
  let runShortId: string;
  let ada: Visitor; // owner
  let grace: Visitor; // admin
  let alan: Visitor; // member
  let katherine: Visitor; // viewer
  const contexts: BrowserContext[] = [];

  /** A page in a fresh browser context, signed in as `who` (or signed out). */
  async function pageAs(who: Visitor | null): Promise<Page> {
    const context = await browser.newContext({ viewport: SCREENSHOT_VIEWPORT });
    contexts.push(context);
    if (who) await signInContext(context, service, who);
    const page = await context.newPage();
    // The Revoke, Remove and Withdraw forms ask first; the person says yes.
    page.on('dialog', (dialog) => void dialog.accept());
    return page;
  }
  /** The table of members (invitations name their creator too). */
  const members = (page: Page) => page.getByRole('table', { name: 'Members of Acme' });
  const accessible = async (page: Page, what: string) =>
    expect(await seriousAxeViolations(page), what).to.deep.equal([]);
  const apiStatus = async (token: string) => (await service.client(token).get(`/v1/run/${runShortId}`)).status;

  before(async () => {
    github = await startFakeGitHub({ tokens: { [GITHUB_TOKEN]: 'goalie-bot' } });
    github.addRepo('acme/shop');
    service = await startTestService();
    shop = await service.apply(shopProject() + repositoryBlock(github.url));
    runShortId = (await service.client(await service.token('shop')).post('/v1/run', {})).body.run.shortId;
    const org = shop.organization.id;
    ada = await visitor(service, {
      organizationId: org,
      role: 'owner',
      email: 'ada@acme.example',
      name: 'Ada Lovelace',
    });
    grace = await visitor(service, {
      organizationId: org,
      role: 'admin',
      email: 'grace@acme.example',
      name: 'Grace Hopper',
    });
    alan = await visitor(service, {
      organizationId: org,
      role: 'member',
      email: 'alan@acme.example',
      name: 'Alan Turing',
    });
    katherine = await visitor(service, {
      organizationId: org,
      role: 'viewer',
      email: 'katherine@acme.example',
      name: 'Katherine Johnson',
    });
    // Tokens someone made before: one in use, one revoked.
    const nightly = await createProjectToken(service.runtime.app, shop.project.id, 'Nightly build server');
    await apiStatus(nightly.token);
    const laptop = await createProjectToken(service.runtime.app, shop.project.id, "Ada's laptop");
    await service.runtime.app.store.tokens.revokeById(shop.project.id, laptop.record.id, new Date());
    browser = await sharedBrowser();
  });
  after(async () => {
    for (const context of contexts) await context.close();
    await closeContexts();
    await service?.close();
    await github?.close();
  });

  describe('API tokens (Settings › Integrations › API)', () => {
    let page: Page;
    let token: string;
    before(async () => {
      page = await pageAs(ada);
    });

    it('the header leads to the settings overview, which leads to the API page', async () => {
      await page.goto(`${service.baseUrl}/p/shop/reviews`);
      await page.getByRole('navigation', { name: 'Goalie' }).getByRole('link', { name: 'Settings' }).click();
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      expect(await page.getByRole('region', { name: 'API' }).textContent()).to.include('2 active tokens');
      await accessible(page, 'the settings overview');
      await screenshot(page, 'settings');
      await page.getByRole('region', { name: 'API' }).getByRole('link', { name: 'API' }).click();
      await page.getByRole('heading', { level: 1, name: 'API tokens' }).waitFor();
      expect(
        await page
          .getByRole('navigation', { name: 'Settings' })
          .getByRole('link', { name: 'API' })
          .getAttribute('aria-current'),
      ).to.equal('page');
      expect(await page.getByRole('main').textContent()).to.include(shop.project.id);
      await accessible(page, 'the API page');
    });

    it('a name taken by an active token is refused: the form says so, keeps the name and creates nothing', async () => {
      await page.getByRole('textbox', { name: /^Name/ }).fill('Nightly build server');
      await page.getByRole('button', { name: 'Create token' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'An active token is named "Nightly build server" already' })
        .waitFor();
      expect(await page.getByRole('textbox', { name: /^Name/ }).inputValue()).to.equal('Nightly build server');
      await accessible(page, 'the API page with a refused name');
    });

    it('creates a token, shows it once with how to use it, and the token works against /v1', async () => {
      await page.getByRole('textbox', { name: /^Name/ }).fill('GitHub Actions');
      await page.getByRole('button', { name: 'Create token' }).click();
      await page.getByRole('heading', { name: 'Your new token “GitHub Actions”' }).waitFor();
      token = await page.getByRole('textbox', { name: 'API token “GitHub Actions”' }).inputValue();
      expect(token).to.match(/^goalie_/);
      expect(new URL(page.url()).pathname, 'never in the address').to.equal('/p/shop/settings/api/tokens');
      expect(page.url()).not.to.include(token);
      const text = await page.getByRole('main').textContent();
      expect(text)
        .to.include('Authorization: Bearer <token>')
        .and.include(`GOALIE_API_TOKEN=${token}`)
        .and.include(`GOALIE_API_URL=${service.baseUrl}`)
        .and.include(shop.project.id);
      await accessible(page, 'the API page with a new token');
      await screenshot(page, 'settings-token-created');
      expect(await apiStatus(token)).to.equal(200);
    });

    it('does not show the token again: not on a reload, not on the page', async () => {
      // A reload sends the form again: the name is taken now, so nothing is created or shown.
      const reloaded = await page.reload();
      expect(reloaded!.status()).to.equal(409);
      await page.getByRole('alert').filter({ hasText: 'Tokens are shown only once' }).waitFor();
      expect(await page.content()).not.to.include(token);
      await page.goto(`${service.baseUrl}/p/shop/settings/api`);
      const html = await page.content();
      expect(html).not.to.include(token);
      expect(await page.getByRole('row', { name: /GitHub Actions/ }).textContent()).to.include(
        `${token.slice(0, 15)}…`,
      );
    });

    it('revokes the token after asking; the page says so and the token stops working', async () => {
      await page.getByRole('button', { name: `Revoke GitHub Actions (${token.slice(0, 15)}…)` }).click();
      await page.getByRole('status').filter({ hasText: 'The token “GitHub Actions”' }).waitFor();
      expect(await page.getByRole('row', { name: /GitHub Actions/ }).textContent()).to.include('revoked');
      expect(await page.getByRole('button', { name: /Revoke GitHub Actions/ }).count()).to.equal(0);
      expect(await apiStatus(token)).to.equal(403);
      await accessible(page, 'the API page after revoking');
      await screenshot(page, 'settings-api');
    });
  });

  describe('the repository (Settings › Integrations › Repository)', () => {
    let page: Page;
    const connection = async () => (await service.runtime.app.store.reviews.connectionOfProject(shop.project.id))!;
    const appId = (name: string) => shop.applications.find((a) => a.name === name)!.id;
    const hookCalls = () => github.requests.filter((r) => r.path.startsWith('/repos/acme/shop/hooks')).length;
    const main = async () => (await page.getByRole('main').textContent()) ?? '';
    const save = async () => {
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/p/shop/settings/repository')),
        page.getByRole('button', { name: 'Save and refresh the webhook' }).click(),
      ]);
      await page.waitForLoadState();
      return response.status();
    };
    before(async () => {
      page = await pageAs(grace);
    });

    it('shows the repository, its review settings, and that the project file owns them', async () => {
      await page.goto(`${service.baseUrl}/p/shop/settings`);
      expect(await page.getByRole('region', { name: 'Repository' }).textContent()).to.include('acme/shop on GitHub');
      await page.getByRole('region', { name: 'Repository' }).getByRole('link', { name: 'Repository' }).click();
      await page.getByRole('heading', { level: 1, name: 'Repository' }).waitFor();
      const text = await main();
      expect(text)
        .to.include('The project file owns these settings')
        .and.include('set up on GitHub')
        .and.include('/webhooks/github/repo_');
      expect(await page.getByRole('textbox', { name: /^Review context/ }).inputValue()).to.equal(REVIEW_CONTEXT);
      expect(await page.getByRole('checkbox', { name: /^Auto-run on pull requests/ }).isChecked()).to.equal(true);
      expect(await page.getByRole('checkbox', { name: /^Include draft pull requests/ }).isChecked()).to.equal(false);
      expect(await page.getByRole('checkbox', { name: /^Post a comment on opened/ }).isChecked()).to.equal(true);
      expect(await page.getByRole('textbox', { name: 'Hosting environment, row 1' }).inputValue()).to.equal('preview');
      expect(await page.getByRole('combobox', { name: 'Application, row 1' }).inputValue()).to.equal(appId('web'));
      expect(text).to.include('"preview": "web"');
      await accessible(page, 'the repository settings');
      await screenshot(page, 'settings-repository');
    });

    it('refuses an environment mapped twice with a 400 page that keeps what was typed; nothing is saved', async () => {
      const before = await connection();
      await page.getByRole('textbox', { name: /^Review context/ }).fill('Changed, but not saved');
      await page.getByRole('textbox', { name: 'Hosting environment, row 2' }).fill('preview');
      await page.getByRole('combobox', { name: 'Application, row 2' }).selectOption({ label: 'admin' });
      expect(await save()).to.equal(400);
      await page
        .getByRole('alert')
        .filter({ hasText: 'Nothing was saved: The environment “preview” is mapped twice' })
        .waitFor();
      expect(await page.getByRole('textbox', { name: /^Review context/ }).inputValue()).to.equal(
        'Changed, but not saved',
      );
      expect(await page.getByRole('textbox', { name: 'Hosting environment, row 2' }).inputValue()).to.equal('preview');
      await accessible(page, 'the repository settings with a refusal');
      const after = await connection();
      expect(after.reviewContext).to.equal(before.reviewContext);
      expect(after.environmentMapping).to.deep.equal(before.environmentMapping);
    });

    it('refuses an application of another project, a row without an application and a context too long (400); nothing is saved', async () => {
      const other = await service.apply(shopProject({ organization: 'Rival', project: 'rival-shop' }));
      const valid = { reviewContext: 'x', autoRun: 'on', postCommentOnOpened: 'on' };
      const cases: [Record<string, string>, string][] = [
        [
          { ...valid, environment: 'preview', application: other.applications[0]!.id },
          'names an application this project does not have',
        ],
        [{ ...valid, environment: 'preview', application: '' }, 'has no application'],
        [{ ...valid, reviewContext: 'x'.repeat(20_001) }, 'at most 20000 are taken'],
      ];
      for (const [form, message] of cases) {
        const response = await grace.fetch('/p/shop/settings/repository', { form });
        expect(response.status, message).to.equal(400);
        expect(await response.text(), message).to.include(message);
      }
      expect((await connection()).reviewContext).to.equal(REVIEW_CONTEXT);
    });

    it('saves the settings and refreshes the webhook; the page shows them and the block for the project file', async () => {
      await page.goto(`${service.baseUrl}/p/shop/settings/repository`);
      const calls = hookCalls();
      await page.getByRole('textbox', { name: /^Review context/ }).fill('Check the checkout in Swedish too.');
      await page.getByRole('checkbox', { name: /^Auto-run on pull requests/ }).uncheck();
      await page.getByRole('checkbox', { name: /^Include draft pull requests/ }).check();
      await page.getByRole('textbox', { name: 'Hosting environment, row 2' }).fill('admin-preview');
      await page.getByRole('combobox', { name: 'Application, row 2' }).selectOption({ label: 'admin' });
      expect(await save(), 'a redirect to the page').to.equal(302);
      await page
        .getByRole('status')
        .filter({ hasText: 'The review settings are saved, and the webhook is set up' })
        .waitFor();
      expect(hookCalls()).to.be.greaterThan(calls);
      const saved = await connection();
      expect(saved).to.deep.include({
        reviewContext: 'Check the checkout in Swedish too.',
        autoRun: false,
        includeDrafts: true,
        postCommentOnOpened: true,
      });
      expect(saved.environmentMapping).to.deep.equal([
        { environment: 'preview', applicationId: appId('web') },
        { environment: 'admin-preview', applicationId: appId('admin') },
      ]);
      expect(await page.getByRole('checkbox', { name: /^Auto-run on pull requests/ }).isChecked()).to.equal(false);
      expect(await main())
        .to.include('autoRun: false')
        .and.include('"admin-preview": "admin"');
      await accessible(page, 'the repository settings, saved');
    });

    it('removes a mapping whose row is emptied', async () => {
      await page.getByRole('textbox', { name: 'Hosting environment, row 2' }).fill('');
      await page.getByRole('combobox', { name: 'Application, row 2' }).selectOption({ label: '(none)' });
      expect(await save(), 'a redirect to the page').to.equal(302);
      expect((await connection()).environmentMapping).to.deep.equal([
        { environment: 'preview', applicationId: appId('web') },
      ]);
    });

    it('saves the settings when the webhook cannot be set up, says why, and saving again retries', async () => {
      github.failNext(1, 401);
      await page.getByRole('checkbox', { name: /^Post a comment on opened/ }).uncheck();
      expect(await save(), 'a redirect to the page').to.equal(302);
      await page
        .getByRole('alert')
        .filter({ hasText: 'The review settings are saved, but the webhook could not be set up' })
        .waitFor();
      expect((await connection()).postCommentOnOpened).to.equal(false);
      expect(await page.getByRole('definition').filter({ hasText: '/webhooks/github/' }).textContent()).to.include(
        'could not be set up',
      );
      await accessible(page, 'the repository settings, the webhook not set up');
      expect(await save(), 'a redirect to the page').to.equal(302);
      await page.getByRole('status').filter({ hasText: 'the webhook is set up' }).waitFor();
      expect((await connection()).webhookError).to.equal(null);
    });

    it('the next goalie apply of the project file sets the settings to what the file says', async () => {
      await service.apply(shopProject() + repositoryBlock(github.url));
      expect(await connection()).to.deep.include({
        reviewContext: REVIEW_CONTEXT,
        autoRun: true,
        includeDrafts: false,
        postCommentOnOpened: true,
      });
      await page.reload();
      expect(await page.getByRole('checkbox', { name: /^Auto-run on pull requests/ }).isChecked()).to.equal(true);
    });

    it('a project without a repository says how to connect one, and its form answers 404', async () => {
      await service.apply(shopProject({ project: 'garden' }));
      await page.goto(`${service.baseUrl}/p/garden/settings/repository`);
      await page.getByRole('heading', { level: 2, name: 'No repository is connected' }).waitFor();
      expect(await main()).to.include('repository:');
      await accessible(page, 'the repository settings without a repository');
      expect((await grace.fetch('/p/garden/settings/repository', { form: { reviewContext: 'x' } })).status).to.equal(
        404,
      );
    });
  });

  describe('members and invitations (Settings › Members)', () => {
    let owner: Page;
    let invitee: Page;
    let link: string;

    before(async () => {
      owner = await pageAs(ada);
      invitee = await pageAs(null);
    });

    it('lists the members with their roles, and says the roles hold in every project of the organization', async () => {
      await owner.goto(`${service.baseUrl}/p/shop/settings/members`);
      await owner.getByRole('heading', { level: 1, name: 'Members of Acme' }).waitFor();
      expect(await owner.getByRole('main').textContent()).to.include(
        'each member below has their role in every project of Acme',
      );
      for (const name of ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Katherine Johnson'])
        await members(owner)
          .getByRole('row', { name: new RegExp(name) })
          .waitFor();
      // Ada is the only owner: no control can take that away.
      const adaRow = members(owner).getByRole('row', { name: /Ada Lovelace/ });
      expect(await adaRow.textContent()).to.include('The only owner: make someone else an owner first.');
      expect(await adaRow.getByRole('button').count()).to.equal(0);
      await accessible(owner, 'the members page');
    });

    it('invites by link: the link is shown once, and the invitation is listed as open', async () => {
      await owner.getByLabel('Role', { exact: true }).selectOption('member');
      await owner.getByLabel('Email address').fill('margaret@acme.example');
      await owner.getByRole('button', { name: 'Create invitation link' }).click();
      await owner.getByRole('heading', { name: 'New invitation link' }).waitFor();
      link = await owner.getByRole('textbox', { name: 'Invitation link (member)' }).inputValue();
      expect(link).to.match(new RegExp(`^${service.baseUrl}/invitations/`));
      expect(await owner.getByRole('row', { name: /margaret@acme\.example/ }).textContent()).to.include('Ada Lovelace');
      await accessible(owner, 'the members page with a new invitation link');
      await screenshot(owner, 'settings-invitation-created');
    });

    it('the invited person accepts in another browser and appears among the members', async () => {
      await invitee.goto(link);
      await invitee.getByRole('heading', { name: 'Join Acme' }).waitFor();
      await invitee.getByLabel('Name').fill('Margaret Hamilton');
      await invitee.getByLabel('Password').fill('apollo guidance computer');
      await invitee.getByRole('button', { name: 'Create the account and join' }).click();
      await invitee.waitForURL(`${service.baseUrl}/`);
      expect((await invitee.goto(`${service.baseUrl}/p/shop/reviews`))!.status()).to.equal(200);
      await owner.goto(`${service.baseUrl}/p/shop/settings/members`);
      const row = members(owner).getByRole('row', { name: /Margaret Hamilton/ });
      expect(await row.textContent()).to.include('margaret@acme.example');
      expect(await owner.getByRole('combobox', { name: 'Role of Margaret Hamilton' }).inputValue()).to.equal('member');
      expect(
        await owner.getByRole('row', { name: /margaret@acme\.example/ }).count(),
        'the invitation is used',
      ).to.equal(1);
      await screenshot(owner, 'settings-members');
    });

    it('changes a role with the select and Save', async () => {
      await owner.getByRole('combobox', { name: 'Role of Margaret Hamilton' }).selectOption('viewer');
      await owner.getByRole('button', { name: 'Save the role of Margaret Hamilton' }).click();
      await owner.getByRole('status').filter({ hasText: 'Margaret Hamilton is now a viewer.' }).waitFor();
      expect(await owner.getByRole('combobox', { name: 'Role of Margaret Hamilton' }).inputValue()).to.equal('viewer');
      await accessible(owner, 'the members page after a role change');
    });

    it('withdraws an open invitation after asking', async () => {
      await owner.getByLabel('Role', { exact: true }).selectOption('viewer');
      await owner.getByRole('button', { name: 'Create invitation link' }).click();
      const withdrawn = await owner.getByRole('textbox', { name: 'Invitation link (viewer)' }).inputValue();
      await owner.getByRole('button', { name: 'Withdraw the invitation as viewer' }).click();
      await owner.getByRole('status').filter({ hasText: 'The invitation was withdrawn' }).waitFor();
      expect(
        (await invitee
          .context()
          .newPage()
          .then((p) => p.goto(withdrawn)))!.status(),
      ).to.equal(404);
    });

    it('removes a member after asking: they see the project no more', async () => {
      await owner.getByRole('button', { name: 'Remove Margaret Hamilton' }).click();
      await owner.getByRole('status').filter({ hasText: 'The member was removed' }).waitFor();
      expect(
        await members(owner)
          .getByRole('row', { name: /Margaret Hamilton/ })
          .count(),
      ).to.equal(0);
      expect((await invitee.goto(`${service.baseUrl}/p/shop/reviews`))!.status()).to.equal(404);
      await accessible(owner, 'the members page after a removal');
    });

    it('an admin gets no control over the owner and cannot invite owners; the server refuses what the page does not offer', async () => {
      const page = await pageAs(grace);
      await page.goto(`${service.baseUrl}/p/shop/settings/members`);
      const adaRow = members(page).getByRole('row', { name: /Ada Lovelace/ });
      expect(await adaRow.textContent()).to.include("Only an owner may change an owner's role or remove an owner.");
      expect(await adaRow.getByRole('button').count()).to.equal(0);
      expect(await page.getByLabel('Role', { exact: true }).locator('option').allTextContents()).to.have.length(3);
      expect(
        await page.getByRole('combobox', { name: 'Role of Alan Turing' }).locator('option').allTextContents(),
      ).to.deep.equal(['admin', 'member', 'viewer']);
      await accessible(page, 'the members page as an admin');
      for (const [path, form, status] of [
        [`/p/shop/settings/members/${ada.user.id}/role`, { role: 'admin' }, 403],
        [`/p/shop/settings/members/${ada.user.id}/remove`, {}, 403],
        [`/p/shop/settings/members/${alan.user.id}/role`, { role: 'owner' }, 403],
        ['/p/shop/settings/invitations', { role: 'owner' }, 403],
      ] as const) {
        expect((await grace.fetch(path, { form })).status, path).to.equal(status);
      }
      const lastOwner = await ada.fetch(`/p/shop/settings/members/${ada.user.id}/remove`, { form: {} });
      expect(lastOwner.status).to.equal(409);
      expect(await service.runtime.app.store.accounts.roleIn(shop.organization.id, ada.user.id)).to.equal('owner');
    });

    it('a refused change shows the page with the reason', async () => {
      // Alan is made an owner by Ada while Grace's page still offers his row: Grace's Save is refused.
      const page = await pageAs(grace);
      await page.goto(`${service.baseUrl}/p/shop/settings/members`);
      expect(
        (await ada.fetch(`/p/shop/settings/members/${alan.user.id}/role`, { form: { role: 'owner' } })).status,
      ).to.equal(302);
      await page.getByRole('combobox', { name: 'Role of Alan Turing' }).selectOption('viewer');
      await page.getByRole('button', { name: 'Save the role of Alan Turing' }).click();
      await page.getByRole('alert').filter({ hasText: "Only an owner may change an owner's role" }).waitFor();
      await accessible(page, 'the members page with a refusal');
      expect(await service.runtime.app.store.accounts.roleIn(shop.organization.id, alan.user.id)).to.equal('owner');
    });

    it('members and viewers get a 403 page that says who may, and every form refuses them', async () => {
      await service.runtime.app.store.accounts.setMembership(shop.organization.id, alan.user.id, 'member');
      for (const who of [alan, katherine]) {
        const page = await pageAs(who);
        for (const path of [
          '/p/shop/settings',
          '/p/shop/settings/api',
          '/p/shop/settings/repository',
          '/p/shop/settings/members',
        ]) {
          const response = await page.goto(`${service.baseUrl}${path}`);
          expect(response!.status(), path).to.equal(403);
          await page.getByRole('heading', { name: 'Not allowed' }).waitFor();
          expect(await page.getByRole('main').textContent()).to.include(
            'Only an admin or owner of its organization may see or change the settings',
          );
        }
        await accessible(page, 'the 403 page');
        for (const path of [
          '/p/shop/settings/api/tokens',
          '/p/shop/settings/repository',
          `/p/shop/settings/members/${ada.user.id}/role`,
          `/p/shop/settings/members/${ada.user.id}/remove`,
          '/p/shop/settings/invitations',
        ]) {
          expect((await who.fetch(path, { form: { name: 'x', role: 'viewer' } })).status, path).to.equal(403);
        }
      }
    });
  });
});
