// A test case's burn-in state and its enabling, against the real service and a worker burning goals
// in with real Chromium on a site on 127.0.0.1: GET and PATCH /v1/test-cases/{id} with every
// refusal, secrets masked in what they answer, and the Enable/Disable button of the test case's page.
import { expect } from 'chai';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { startWorker, type RunningWorker } from '../../backend/src/main.js';
import { errorMessage, sql } from '../helpers/project-yaml.js';
import { startTestService, type ApiClient, type TestService } from '../helpers/service.js';
import { sharedBrowser } from '../helpers/shared-browser.js';
import { html, startSite, type Site } from '../helpers/site.js';
import { waitFor } from '../helpers/wait.js';
import { adminFetch, signInContext, visitor } from '../helpers/dashboard.js';

const SECRET = 'l0velace-secret';

const project = (name: string, siteUrl: string) => `
organization: { name: ${name} }
project: { name: ${name} }
applications:
  - name: Site
    environments: [{ name: local, url: "${siteUrl}", default: true }]
configs:
  - name: shopper
    values:
      email: ada@example.com
      password: { secret: ${SECRET} }
`;

describe('GET and PATCH /v1/test-cases/{id}', function () {
  this.timeout(120_000);
  let site: Site;
  let service: TestService;
  let worker: RunningWorker | null = null;
  let api: ApiClient;
  let other: ApiClient;
  let shop: ApplySummary;
  const ids: Record<string, string> = {};
  const patch = (id: string, body: unknown) => api.request('PATCH', `/v1/test-cases/${id}`, { body });
  const enabled = async (id: string) =>
    (await sql<{ is_enabled: boolean }>(service, 'SELECT is_enabled FROM test_cases WHERE id = $1', [id]))[0]!
      .is_enabled;

  before(async () => {
    site = await startSite({
      '/': html('Home', '<main><h1>Home</h1><p>All good</p></main>'),
      '/login': html(
        'Sign in',
        '<main><label for="e">Email</label><input id="e"><label for="p">Password</label><input id="p" type="password"></main>',
      ),
    });
    service = await startTestService();
    shop = await service.apply(project('state', site.url));
    await service.apply(project('elsewhere', site.url));
    api = service.client(await service.token('state'));
    other = service.client(await service.token('elsewhere'));
    const create = async (name: string, goal: string, extra: Record<string, unknown> = {}) => {
      const res = await api.post('/v1/test-cases', {
        name,
        goal,
        applicationShortId: shop.applications[0]!.shortId,
        ...extra,
      });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      ids[name] = res.body.testCase.id;
    };
    // No worker yet: these stay GENERATING until one starts.
    await create('Burns in', 'Go to /', { expectedResult: "'All good' is shown" });
    await create('Fails', "Go to /. Click 'Launch the rockets'");
    await create(
      'Types a secret',
      `Go to /login. Fill 'Email' with '{{config.email}}'. Fill 'Password' with '${SECRET}'`,
      { configShortIds: [shop.configs[0]!.shortId] },
    );
  });
  after(async () => {
    await worker?.stop();
    await service?.close();
    await site?.close();
  });

  describe('while the burn-in is queued (no worker)', () => {
    it('GET answers the test case as GENERATING, without steps or error', async () => {
      const res = await api.get(`/v1/test-cases/${ids['Burns in']}`);
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        id: ids['Burns in'],
        name: 'Burns in',
        url: `${service.baseUrl}/test-cases/${ids['Burns in']}`,
        goal: 'Go to /',
        expectedResult: "'All good' is shown",
        applicationShortId: shop.applications[0]!.shortId,
        isEnabled: false,
        generationStatus: 'GENERATING',
        generationError: null,
        createdVia: 'api',
        stepCount: 0,
        steps: [],
      });
    });

    it('enabling is 409, saying to wait and that a worker must run; nothing changes', async () => {
      const res = await patch(ids['Burns in']!, { isEnabled: true });
      expect(res.status).to.equal(409);
      expect(errorMessage(res.body))
        .to.include('still recording the steps')
        .and.include('Wait until it is COMPLETED')
        .and.include('goalie worker');
      expect(await enabled(ids['Burns in']!)).to.equal(false);
    });

    it('disabling is always allowed', async () => {
      const res = await patch(ids['Burns in']!, { isEnabled: false });
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ isEnabled: false, generationStatus: 'GENERATING' });
    });
  });

  describe('refusals', () => {
    it("another project's token gets 404, with the message of a test case that does not exist", async () => {
      const theirs = await other.get(`/v1/test-cases/${ids['Burns in']}`);
      expect(theirs.status).to.equal(404);
      expect(errorMessage(theirs.body)).to.equal(`Test case ${ids['Burns in']} was not found in project elsewhere.`);
      const unknown = await other.get('/v1/test-cases/00000000-0000-4000-8000-000000000009');
      expect(unknown.status).to.equal(404);
      expect(errorMessage(unknown.body)).to.equal(
        'Test case 00000000-0000-4000-8000-000000000009 was not found in project elsewhere.',
      );
      const change = await other.request('PATCH', `/v1/test-cases/${ids['Burns in']}`, { body: { isEnabled: false } });
      expect(change.status).to.equal(404);
    });

    it('a non-UUID id is 400 for GET and PATCH', async () => {
      for (const res of [await api.get('/v1/test-cases/Burns%20in'), await patch('Burns%20in', { isEnabled: true })]) {
        expect(res.status).to.equal(400);
        expect(errorMessage(res.body)).to.include('"Burns in" is not a test case UUID');
      }
    });

    it('needs a token', async () => {
      expect((await service.client().get(`/v1/test-cases/${ids['Burns in']}`)).status).to.equal(401);
    });

    const bad: [string, { body?: unknown; raw?: string; headers?: Record<string, string> }, string[]][] = [
      ['an empty body', {}, ['JSON object body is required', '{"isEnabled": true}']],
      ['an empty object', { body: {} }, ['changes nothing: send at least one of name, goal', '{"isEnabled": true}']],
      ['a string isEnabled', { body: { isEnabled: 'true' } }, ['isEnabled must be true or false, not "true"']],
      [
        'an unknown field',
        { body: { isEnabled: true, nmae: 'Renamed' } },
        ['unknown field nmae', 'the fields that can be changed are name, goal'],
      ],
      ['a name that is empty', { body: { name: '' } }, ['name must be 1 to 80 characters']],
      ['an array', { body: [{ isEnabled: true }] }, ['must be a JSON object, not an array']],
      [
        'malformed JSON',
        { raw: '{"isEnabled": tru', headers: { 'content-type': 'application/json' } },
        ['not valid JSON'],
      ],
    ];
    for (const [title, request, says] of bad) {
      it(`PATCH with ${title} is 400 saying what to send, and changes nothing`, async () => {
        const res = await api.request('PATCH', `/v1/test-cases/${ids['Burns in']}`, request);
        expect(res.status).to.equal(400);
        for (const part of says) expect(errorMessage(res.body)).to.include(part);
        const [row] = await sql(service, 'SELECT name, goal, is_enabled FROM test_cases WHERE id = $1', [
          ids['Burns in'],
        ]);
        expect(row).to.deep.equal({ name: 'Burns in', goal: 'Go to /', is_enabled: false });
      });
    }
  });

  describe('after the burn-ins', () => {
    before(async () => {
      worker = await startWorker(service.runtime);
      await waitFor(
        'the burn-ins',
        async () =>
          (
            await sql<{ n: number }>(
              service,
              `SELECT count(*)::int n FROM test_cases WHERE generation_status = 'GENERATING'`,
            )
          )[0]!.n === 0,
        90_000,
        100,
      );
    });

    it('a burned-in test case shows its steps, and can be enabled and disabled', async () => {
      const read = await api.get(`/v1/test-cases/${ids['Burns in']}`);
      expect(read.body).to.include({ generationStatus: 'COMPLETED', generationError: null, isEnabled: false });
      expect(read.body.stepCount).to.equal(read.body.steps.length).and.be.greaterThan(0);
      expect(read.body.steps[0]).to.match(/^Go to \//);

      const on = await patch(ids['Burns in']!, { isEnabled: true });
      expect(on.status).to.equal(200);
      expect(on.body).to.deep.equal({ ...read.body, isEnabled: true });
      expect(await enabled(ids['Burns in']!)).to.equal(true);

      const off = await patch(ids['Burns in']!, { isEnabled: false });
      expect(off.status).to.equal(200);
      expect(off.body.isEnabled).to.equal(false);
      expect(await enabled(ids['Burns in']!)).to.equal(false);
    });

    it('a failed burn-in: GET gives its message; enabling is 409 saying to fix the goal, with the message', async () => {
      const read = await api.get(`/v1/test-cases/${ids.Fails}`);
      expect(read.body).to.include({ generationStatus: 'FAILED', stepCount: 0 });
      expect(read.body.generationError).to.be.a('string').that.includes('Launch the rockets');
      const [row] = await sql(service, 'SELECT generation_error FROM test_cases WHERE id = $1', [ids.Fails]);
      expect(read.body.generationError).to.equal(row!.generation_error);

      const res = await patch(ids.Fails!, { isEnabled: true });
      expect(res.status).to.equal(409);
      expect(errorMessage(res.body))
        .to.include('its burn-in FAILED')
        .and.include(`Fix its goal: goalie test-case update ${ids.Fails} --goal`)
        .and.include(read.body.generationError);
      expect(await enabled(ids.Fails!)).to.equal(false);
    });

    it('never answers a secret config value: placeholders stay, a value typed in the goal is masked', async () => {
      const read = await api.get(`/v1/test-cases/${ids['Types a secret']}`);
      expect(read.body.generationStatus, read.body.generationError).to.equal('COMPLETED');
      // Stored as typed (the burn-in recorded what the goal said) ...
      const [stored] = await sql(service, 'SELECT steps FROM test_case_step_versions WHERE test_case_id = $1', [
        ids['Types a secret'],
      ]);
      expect(JSON.stringify(stored!.steps)).to.include(SECRET);
      // ... answered masked, everywhere.
      expect(JSON.stringify(read.body)).to.not.include(SECRET);
      expect(read.body.goal).to.equal(
        "Go to /login. Fill 'Email' with '{{config.email}}'. Fill 'Password' with '{{config.password}}'",
      );
      expect(read.body.steps).to.include("Fill 'Password' with '{{config.password}}'");
      expect(read.body.steps.join('\n')).to.include('{{config.email}}');
      const page = await (await adminFetch(service, read.body.url)).text();
      expect(page).to.not.include(SECRET);
      expect(page).to.include('{{config.password}}');
    });
  });

  describe("the test case's page", () => {
    it('shows Enable once burned in; pressing it in Chromium enables, then Disable disables', async () => {
      const url = `${service.baseUrl}/test-cases/${ids['Burns in']}`;
      expect(await enabled(ids['Burns in']!)).to.equal(false);
      const context = await (await sharedBrowser()).newContext();
      try {
        await signInContext(
          context,
          service,
          await visitor(service, { organizationId: shop.organization.id, role: 'member' }),
        );
        const page = await context.newPage();
        await page.goto(url);
        await page.getByRole('button', { name: 'Enable' }).click();
        await page.getByRole('button', { name: 'Disable' }).waitFor();
        expect(page.url()).to.equal(`${url}?done=enabled`);
        expect(await enabled(ids['Burns in']!)).to.equal(true);
        await page.getByText('Enabled: it runs in its test plans from now on.').waitFor();

        await page.getByRole('button', { name: 'Disable' }).click();
        await page.getByRole('button', { name: 'Enable' }).waitFor();
        expect(await enabled(ids['Burns in']!)).to.equal(false);
      } finally {
        await context.close();
      }
    });

    it('a failed burn-in gets no Enable or Run now button but says what to do', async () => {
      const page = await (await adminFetch(service, `/test-cases/${ids.Fails}`)).text();
      expect(page)
        .to.not.include(`action="/test-cases/${ids.Fails}/enable"`)
        .and.not.include(`action="/test-cases/${ids.Fails}/run"`);
      expect(page).to.include('It cannot be enabled or run: its burn-in failed. Edit its goal, or burn it in again.');
    });

    it('refuses a cross-site POST with 403, and enables nothing', async () => {
      const url = `${service.baseUrl}/test-cases/${ids['Burns in']}/enable`;
      const member = await visitor(service, { organizationId: shop.organization.id, role: 'member' });
      for (const headers of [
        { origin: 'https://evil.example' },
        { 'sec-fetch-site': 'cross-site' },
        { origin: 'null' },
      ] as Record<string, string>[]) {
        const refused = await fetch(url, {
          method: 'POST',
          redirect: 'manual',
          headers: { ...headers, cookie: member.cookie },
        });
        expect(refused.status, JSON.stringify(headers)).to.equal(403);
        expect((await refused.json()).message).to.match(
          /only works from Goalie's own test case page.*PATCH \/v1\/test-cases\/\{id\}/,
        );
      }
      expect(await enabled(ids['Burns in']!)).to.equal(false);
    });
  });
});
