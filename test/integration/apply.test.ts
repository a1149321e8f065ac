import { expect } from 'chai';
import { ProjectFileError } from '../../shared/src/project-file/load.js';
import { applyProject } from '../../backend/src/app/apply-project.js';
import { loadProjectFile } from '../../shared/src/project-file/load.js';
import { shopProject } from '../fixtures/projects.js';
import { startTestService, type TestService } from '../helpers/service.js';

/** Applies YAML the way `goalie apply` does, turning reference problems into positioned errors. */
async function applyText(service: TestService, yaml: string, env: Record<string, string> = {}) {
  const loaded = loadProjectFile('shop.yaml', yaml, env);
  try {
    return await applyProject(service.runtime.app, loaded.doc);
  } catch (error) {
    if ((error as { problems?: unknown }).problems) throw loaded.fail((error as { problems: never[] }).problems);
    throw error;
  }
}

async function applyError(service: TestService, yaml: string, env: Record<string, string> = {}): Promise<string> {
  try {
    await applyText(service, yaml, env);
  } catch (error) {
    expect(error).to.be.instanceOf(ProjectFileError);
    return (error as Error).message;
  }
  throw new Error('expected the apply to fail');
}

describe('goalie apply (projects as code)', () => {
  let service: TestService;
  const q = (sql: string, params: unknown[] = []) => service.runtime.dataSource.query(sql, params);
  const counts = async () =>
    (
      await q(`SELECT (SELECT count(*) FROM organizations) o, (SELECT count(*) FROM projects) p, (SELECT count(*) FROM applications) a,
        (SELECT count(*) FROM environments) e, (SELECT count(*) FROM device_presets) d, (SELECT count(*) FROM configs) c,
        (SELECT count(*) FROM scenarios) s, (SELECT count(*) FROM test_cases) t, (SELECT count(*) FROM test_plans) tp,
        (SELECT count(*) FROM test_plan_schedules) sc, (SELECT count(*) FROM test_case_wait_for) w, (SELECT count(*) FROM test_plan_test_cases) m`)
    )[0];

  before(async () => {
    service = await startTestService();
  });
  after(() => service.close());

  describe('round trip', () => {
    let summary: Awaited<ReturnType<typeof applyText>>;
    before(async () => {
      summary = await applyText(service, shopProject());
    });

    it('creates every declared object with UUIDs and short IDs in the spec form', async () => {
      expect(summary.organization.created).to.equal(true);
      expect(summary.project).to.include({ name: 'shop', slug: 'shop', created: true });
      expect(summary.applications.map((a) => a.shortId)).to.satisfy((ids: string[]) =>
        ids.every((id) => /^app-[a-z]+_[a-z0-9]{6}$/.test(id)),
      );
      expect(summary.testPlans.map((p) => [p.name, p.default])).to.deep.equal([
        ['Smoke', true],
        ['Admin only', false],
      ]);
      expect(summary.project.defaultTestPlan).to.equal(summary.testPlans[0]!.shortId);
      expect(summary.testCases).to.have.length(5);
      for (const t of summary.testCases) expect(t.id).to.match(/^[0-9a-f-]{36}$/);
      expect(summary.toGenerate).to.have.length(5);
    });

    it('stores environments with one default per application', async () => {
      const rows = await q(
        `SELECT a.name app, e.name, e.url, e.is_default FROM environments e JOIN applications a ON a.id = e.application_id ORDER BY a.name, e.name`,
      );
      expect(rows).to.deep.equal([
        { app: 'admin', name: 'production', url: 'https://admin.example.com', is_default: true },
        { app: 'web', name: 'production', url: 'https://shop.example.com', is_default: true },
        { app: 'web', name: 'staging', url: 'https://staging.shop.example.com', is_default: false },
      ]);
    });

    it('stores secret config values only encrypted, and they decrypt back', async () => {
      const [config] = await q(`SELECT entries FROM configs WHERE name = 'admin login'`);
      const password = config.entries.find((e: { key: string }) => e.key === 'password');
      expect(password).to.include({ secret: true, value: null });
      expect(JSON.stringify(config.entries)).to.not.contain('s3cret');
      expect(service.runtime.secrets.open(password.encrypted)).to.equal('s3cret');
      expect(config.entries.find((e: { key: string }) => e.key === 'username')).to.include({
        value: 'admin@example.com',
        secret: false,
      });
    });

    it('stores test cases enabled (unless said otherwise), generating, with their dependencies', async () => {
      const rows = await q(`SELECT t.name, t.is_enabled, t.generation_status, r.name resume_from,
          (SELECT array_agg(d.name ORDER BY d.name) FROM test_case_wait_for w JOIN test_cases d ON d.id = w.depends_on_id WHERE w.test_case_id = t.id) wait_for
        FROM test_cases t LEFT JOIN test_cases r ON r.id = t.resume_from_id ORDER BY t.name`);
      expect(rows).to.deep.equal([
        {
          name: 'Add to cart',
          is_enabled: true,
          generation_status: 'GENERATING',
          resume_from: 'Sign in',
          wait_for: null,
        },
        {
          name: 'Admin dashboard',
          is_enabled: true,
          generation_status: 'GENERATING',
          resume_from: null,
          wait_for: null,
        },
        {
          name: 'Checkout',
          is_enabled: true,
          generation_status: 'GENERATING',
          resume_from: 'Add to cart',
          wait_for: ['Add to cart'],
        },
        {
          name: 'Disabled check',
          is_enabled: false,
          generation_status: 'GENERATING',
          resume_from: null,
          wait_for: null,
        },
        { name: 'Sign in', is_enabled: true, generation_status: 'GENERATING', resume_from: null, wait_for: null },
      ]);
    });

    it('stores plans with members in order, per-application parameters and schedules', async () => {
      const members = await q(
        `SELECT t.name FROM test_plan_test_cases m JOIN test_plans p ON p.id = m.test_plan_id JOIN test_cases t ON t.id = m.test_case_id WHERE p.name = 'Smoke' ORDER BY m.position`,
      );
      expect(members.map((r: { name: string }) => r.name)).to.deep.equal([
        'Checkout',
        'Admin dashboard',
        'Disabled check',
      ]);
      const params =
        await q(`SELECT a.name app, e.name env, d.name preset FROM test_plan_applications x JOIN applications a ON a.id = x.application_id
        JOIN environments e ON e.id = x.environment_id LEFT JOIN device_presets d ON d.id = x.device_preset_id`);
      expect(params).to.deep.equal([{ app: 'web', env: 'staging', preset: 'Phone' }]);
      const schedules = await q(`SELECT cron, description, timezone, enabled FROM test_plan_schedules`);
      expect(schedules).to.deep.equal([
        { cron: '0 6 * * 1-5', description: 'Weekday mornings', timezone: 'Europe/Stockholm', enabled: true },
      ]);
      const [project] = await q(
        `SELECT d.name preset FROM projects p JOIN device_presets d ON d.id = p.default_device_preset_id`,
      );
      expect(project.preset).to.equal('Desktop');
    });

    it('is idempotent: a second apply keeps every ID and adds nothing', async () => {
      const before = await counts();
      const again = await applyText(service, shopProject());
      expect(await counts()).to.deep.equal(before);
      expect(again.project.id).to.equal(summary.project.id);
      expect(again.testPlans.map((p) => p.shortId)).to.deep.equal(summary.testPlans.map((p) => p.shortId));
      expect(again.applications.map((a) => a.environments.map((e) => e.shortId))).to.deep.equal(
        summary.applications.map((a) => a.environments.map((e) => e.shortId)),
      );
      expect(again.testCases.map((t) => t.id)).to.deep.equal(summary.testCases.map((t) => t.id));
      expect(
        [again.organization, again.project, ...again.applications, ...again.testCases, ...again.testPlans].some(
          (o) => o.created,
        ),
      ).to.equal(false);
      expect(again.toGenerate).to.deep.equal([]);
      const objects = [
        again.organization,
        again.project,
        ...again.applications,
        ...again.applications.flatMap((a) => a.environments),
        ...again.devicePresets,
        ...again.configs,
        ...again.scenarios,
        ...again.testCases,
        ...again.testPlans,
      ];
      expect(objects.filter((o) => o.status !== 'unchanged').map((o) => o.name)).to.deep.equal([]);
      expect(again.leftAlone).to.deep.equal({
        applications: [],
        devicePresets: [],
        configs: [],
        scenarios: [],
        testCases: [],
        testPlans: [],
      });
    });

    it('counts a config changed when only a secret value changed (compared decrypted), and unchanged when it is the same again', async () => {
      const other = await applyText(service, shopProject().replace('{ secret: s3cret }', '{ secret: other-s3cret }'));
      expect(other.configs.map((c) => [c.name, c.status])).to.deep.equal([['admin login', 'changed']]);
      expect(other.testCases.every((t) => t.status === 'unchanged')).to.equal(true);
      const back = await applyText(service, shopProject().replace('{ secret: s3cret }', '{ secret: other-s3cret }'));
      expect(back.configs[0]!.status).to.equal('unchanged');
      expect((await applyText(service, shopProject())).configs[0]!.status).to.equal('changed');
    });

    it('updates in place: a changed goal regenerates, a moved default moves, lists are replaced', async () => {
      await q(`UPDATE test_cases SET generation_status = 'COMPLETED'`);
      const [schedule] = await q(`SELECT id FROM test_plan_schedules`);
      const changed = shopProject()
        .replace("goal: Click 'Checkout'", "goal: Click 'Checkout now'")
        .replace(
          '        default: true\n      - name: staging\n        url: https://staging.shop.example.com',
          '      - name: staging\n        url: https://staging.shop.example.com\n        default: true',
        )
        .replace('testCases: [Checkout, Admin dashboard, Disabled check]', 'testCases: [Admin dashboard]')
        .replace(
          '        timezone: Europe/Stockholm',
          '        timezone: Europe/Stockholm\n      - cron: "30 22 * * *"',
        );
      const result = await applyText(service, changed);
      expect(result.toGenerate).to.deep.equal([result.testCases.find((t) => t.name === 'Checkout')!.id]);
      const statuses = await q(`SELECT name, generation_status FROM test_cases WHERE generation_status = 'GENERATING'`);
      expect(statuses).to.deep.equal([{ name: 'Checkout', generation_status: 'GENERATING' }]);
      const defaults = await q(
        `SELECT e.name FROM environments e JOIN applications a ON a.id = e.application_id WHERE a.name = 'web' AND e.is_default`,
      );
      expect(defaults).to.deep.equal([{ name: 'staging' }]);
      const members = await q(
        `SELECT count(*)::int n FROM test_plan_test_cases m JOIN test_plans p ON p.id = m.test_plan_id WHERE p.name = 'Smoke'`,
      );
      expect(members[0].n).to.equal(1);
      const schedules = await q(`SELECT id, cron FROM test_plan_schedules ORDER BY cron`);
      expect(schedules.map((s: { cron: string }) => s.cron)).to.deep.equal(['0 6 * * 1-5', '30 22 * * *']);
      expect(schedules[0].id).to.equal(schedule.id);
      await applyText(service, shopProject());
    });

    it('leaves objects the file does not mention alone', async () => {
      const minimal = `
organization: { name: Acme }
project: { name: shop }
`;
      const before = await counts();
      const applied = await applyText(service, minimal);
      expect(await counts()).to.deep.equal(before);
      expect(applied.project.status).to.equal('unchanged');
      expect(applied.leftAlone.applications).to.deep.equal(['admin', 'web']);
      expect(applied.leftAlone.testCases).to.have.length(5);
      expect(applied.leftAlone.testPlans).to.have.members(['Smoke', 'Admin only']);
      const [org] = await q(`SELECT usage_limit FROM organizations WHERE name = 'Acme'`);
      expect(org.usage_limit).to.equal(null);
    });

    it('sets and clears the usage limit and the suspension', async () => {
      await applyText(
        service,
        `organization: { name: Acme, usageLimit: 25, suspended: true }\nproject: { name: shop }\n`,
      );
      expect(await q(`SELECT usage_limit, suspended FROM organizations WHERE name = 'Acme'`)).to.deep.equal([
        { usage_limit: 25, suspended: true },
      ]);
      await applyText(
        service,
        `organization: { name: Acme, usageLimit: null, suspended: false }\nproject: { name: shop }\n`,
      );
      expect(await q(`SELECT usage_limit, suspended FROM organizations WHERE name = 'Acme'`)).to.deep.equal([
        { usage_limit: null, suspended: false },
      ]);
    });
  });

  describe('validation: everything is checked before anything is written', () => {
    let before: Record<string, string>;
    beforeEach(async () => {
      before = await counts();
    });
    afterEach(async () => {
      expect(await counts()).to.deep.equal(before);
    });

    const base = shopProject({ organization: 'Other', project: 'other' });
    const cases: [string, string, RegExp[]][] = [
      [
        'an unknown application of a test case',
        base.replace('application: admin\n    goal: Go to /', 'application: backoffice\n    goal: Go to /'),
        [/shop\.yaml:\d+:\d+ testCases\[3\]\.application: names no application "backoffice"/],
      ],
      [
        'an unknown config',
        base.replace('configs: [admin login]', 'configs: [root login]'),
        [/testCases\[0\]\.configs\[0\]: names no config "root login"/],
      ],
      [
        'an unknown resume-from and wait-for',
        base
          .replace('resumeFrom: Sign in', 'resumeFrom: Log in')
          .replace('waitFor: [Add to cart]', 'waitFor: [Add to basket]'),
        [
          /testCases\[1\]\.resumeFrom: names no test case "Log in"/,
          /testCases\[2\]\.waitFor\[0\]: names no test case "Add to basket"/,
        ],
      ],
      [
        'an unknown plan member',
        base.replace('testCases: [Admin dashboard]\n', 'testCases: [Admin panel]\n'),
        [/testPlans\[1\]\.testCases\[0\]: names no test case "Admin panel"/],
      ],
      [
        'an environment of another application',
        base.replace('web: { environment: staging, devicePreset: Phone }', 'admin: { environment: staging }'),
        [/testPlans\[0\]\.applications\.admin\.environment: names no environment "staging" of application admin/],
      ],
      [
        'an unknown device preset',
        base
          .replace('devicePreset: Phone }', 'devicePreset: Tablet }')
          .replace('defaultDevicePreset: Desktop', 'defaultDevicePreset: Laptop'),
        [
          /project\.defaultDevicePreset: names no device preset "Laptop"/,
          /devicePreset: names no device preset "Tablet"/,
        ],
      ],
      [
        'a dependency cycle',
        base.replace(
          "goal: Go to /login. Log in with config 'admin login'",
          'goal: Go to /login\n    waitFor: [Checkout]',
        ),
        [/dependencies form a cycle: .*Sign in.*Checkout|dependencies form a cycle: .*Checkout.*Sign in/],
      ],
      [
        'two default plans',
        base.replace('  - name: Admin only\n', '  - name: Admin only\n    default: true\n'),
        [/testPlans: marks 2 plans default: true \(Smoke, Admin only\)/],
      ],
      [
        'two default environments',
        base.replace(
          'url: https://staging.shop.example.com',
          'url: https://staging.shop.example.com\n        default: true',
        ),
        [/applications\[0\]\.environments: marks 2 environments default: true/],
      ],
      [
        'a repeated name',
        base.replace('  - name: Phone', '  - name: Desktop'),
        [/devicePresets\[1\]\.name: repeats the device preset name "Desktop"/],
      ],
      [
        'an unknown field (a typo)',
        base.replace('expectedResult: "\'Welcome\' is shown"', 'expectedResults: "\'Welcome\' is shown"'),
        [/testCases\[0\]: has unknown field expectedResults/],
      ],
      [
        'a bad cron expression',
        base.replace('"0 6 * * 1-5"', '"0 25 * * *"'),
        [/testPlans\[1\]\.schedules\[0\]\.cron: is not a valid cron expression/],
      ],
      ['a cron with seconds', base.replace('"0 6 * * 1-5"', '"0 0 6 * * *"'), [/cron: must have 5 fields/]],
      [
        'an unknown time zone',
        base.replace('Europe/Stockholm', 'Mars/Olympus'),
        [/timezone: must be an IANA time zone/],
      ],
      [
        'a non-http URL',
        base.replace('https://admin.example.com', 'ftp://admin.example.com'),
        [/applications\[1\]\.environments\[0\]\.url: must be an absolute http\(s\) URL/],
      ],
      [
        'a test case name over 80 characters',
        base.replace('- name: Sign in\n', `- name: ${'x'.repeat(81)}\n`),
        [/testCases\[0\]\.name: must be 1 to 80 characters \(got 81\)/],
      ],
      ['a missing organization', base.replace('organization:\n  name: Other\n', ''), [/organization: is required/]],
      ['invalid YAML', 'organization: [unclosed\nproject: {', [/shop\.yaml:\d+:\d+: is not valid YAML/]],
      [
        'repository credentials: a token and an App at once, and a key that is no key',
        `${base}repository:\n  host: github\n  repository: acme/shop\n  token: ghp_abc\n  app: { appId: 1, installationId: 2, privateKey: key.pem }\n`,
        [
          /repository\.app: give either token or app, not both/,
          /repository\.app\.privateKey: must be a PEM private key/,
        ],
      ],
      [
        'an unset environment variable',
        base.replace('url: https://admin.example.com', 'url: ${ADMIN_URL}'),
        [
          /applications\[1\]\.environments\[0\]\.url: uses \$\{ADMIN_URL\}, but the environment variable ADMIN_URL is not set/,
        ],
      ],
    ];
    for (const [name, yaml, patterns] of cases) {
      it(`rejects ${name}`, async () => {
        const message = await applyError(service, yaml);
        expect(message).to.match(/^shop\.yaml: \d+ problems?, nothing was applied:/);
        for (const pattern of patterns) expect(message).to.match(pattern);
      });
    }

    it('points at the line of the problem', async () => {
      const yaml = base.replace('configs: [admin login]', 'configs: [root login]');
      const line = yaml.split('\n').findIndex((l) => l.includes('configs: [root login]')) + 1;
      expect(await applyError(service, yaml)).to.contain(`shop.yaml:${line}:`);
    });

    it("refuses a slug that another organization's project holds", async () => {
      const message = await applyError(service, `organization: { name: Rival }\nproject: { name: Shop }\n`);
      expect(message).to.match(
        /project\.name: uses the slug "shop", which project shop of organization Acme already has; set project\.slug/,
      );
    });
  });

  // In a describe of its own: mocha runs a suite's own tests before its child suites.
  describe('environment variables', () => {
    it('substitutes environment variables, with fallbacks', async () => {
      const yaml = shopProject({ organization: 'Env', project: 'env-shop' })
        .replace('https://admin.example.com', '${ADMIN_URL}')
        .replace('https://shop.example.com', '${SHOP_URL:-https://fallback.example.com}');
      await applyText(service, yaml, { ADMIN_URL: 'https://admin.env.example.com' });
      const rows = await q(
        `SELECT e.url FROM environments e JOIN applications a ON a.id = e.application_id JOIN projects p ON p.id = a.project_id WHERE p.slug = 'env-shop' AND e.name = 'production' ORDER BY e.url`,
      );
      expect(rows.map((r: { url: string }) => r.url)).to.deep.equal([
        'https://admin.env.example.com',
        'https://fallback.example.com',
      ]);
    });
  });
});

describe('the documented example project (docs/examples/shop.yaml)', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService();
  });
  after(() => service.close());

  it('applies as the docs describe it', async () => {
    const fs = await import('node:fs');
    const summary = await service.apply(fs.readFileSync('docs/examples/shop.yaml', 'utf8'), {
      SLACK_BOT_TOKEN: '',
      SHOPPER_PASSWORD: '',
    });
    expect(summary.project).to.include({ name: 'Web shop', slug: 'web-shop' });
    expect(summary.testPlans.map((p) => [p.name, p.default, p.schedules])).to.deep.equal([
      ['Smoke', true, 0],
      ['Nightly', false, 1],
    ]);
    const api = service.client(await service.token('web-shop'));
    const run = await api.post('/v1/run', {});
    expect(run.status).to.equal(200);
    // Checkout and Orders list, plus Add to cart and Sign in that Checkout needs.
    expect(run.body.run.testCount).to.equal(4);
  });

  it('turns Slack on only when SLACK_BOT_TOKEN is set, and off again when it is not', async () => {
    const fs = await import('node:fs');
    const yaml = fs.readFileSync('docs/examples/shop.yaml', 'utf8');
    const slack = async () =>
      (
        await service.runtime.dataSource.query(
          `SELECT slack_bot_token IS NOT NULL AS token, slack_signing_secret IS NOT NULL AS secret FROM projects WHERE slug = 'web-shop'`,
        )
      )[0];
    const unset = { SLACK_BOT_TOKEN: '', SLACK_SIGNING_SECRET: '', SHOPPER_PASSWORD: '' };
    await service.apply(yaml, unset);
    expect(await slack()).to.deep.equal({ token: false, secret: false });
    const api = service.client(await service.token('web-shop'));
    // Slack is off: a run that asks for a Slack channel is refused as for any project without Slack.
    const refused = await api.post('/v1/run', { notifications: [{ type: 'slack', channel: 'C0123456789' }] });
    expect(refused.status).to.equal(400);
    expect(refused.body.message).to.match(/^Slack is not configured for project Web shop/);

    await service.apply(yaml, { ...unset, SLACK_BOT_TOKEN: 'xoxb-1-2-abc', SLACK_SIGNING_SECRET: 'signing' });
    expect(await slack()).to.deep.equal({ token: true, secret: true });
    expect(
      await service.runtime.app.store.projects.slackBotToken(
        (await service.runtime.dataSource.query(`SELECT id FROM projects WHERE slug = 'web-shop'`))[0].id,
      ),
    ).to.equal('xoxb-1-2-abc');

    await service.apply(yaml, unset);
    expect(await slack()).to.deep.equal({ token: false, secret: false });
  });
});

describe('goalie apply, several at once', () => {
  let service: TestService;
  const q = (sql: string, params: unknown[] = []) => service.runtime.dataSource.query(sql, params);
  before(async () => {
    service = await startTestService();
  });
  after(() => service.close());

  // Several rounds: which apply loses which race (organization, project, slug check) varies.
  for (const round of [1, 2, 3, 4]) {
    it(`five applies of a new organization at once all succeed, into one organization and one project (round ${round})`, async () => {
      const organization = `Parallel ${round}`;
      const project = `parallel-shop-${round}`;
      const text = shopProject({ organization, project });
      const summaries = await Promise.all(Array.from({ length: 5 }, () => applyText(service, text)));
      expect(new Set(summaries.map((s) => s.organization.id)).size).to.equal(1);
      expect(new Set(summaries.map((s) => s.project.id)).size).to.equal(1);
      expect(await q(`SELECT count(*)::int n FROM organizations WHERE name = $1`, [organization])).to.deep.equal([
        { n: 1 },
      ]);
      expect(await q(`SELECT count(*)::int n FROM projects WHERE name = $1`, [project])).to.deep.equal([{ n: 1 }]);
    });
  }
});
