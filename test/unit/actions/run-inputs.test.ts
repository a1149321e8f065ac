// The run action's inputs -> settings: the three forms of `applications`, device presets, Slack
// channels, booleans and numbers, and an error naming the input (and the fix) for each bad value.
import { expect } from 'chai';
import { InputError, parseInputs, type RunSettings } from '../../../actions/run/src/inputs.js';

const BASE = { api_url: 'https://goalie.example.com', api_token: 'gt_secret' };

function parse(inputs: Record<string, string>): RunSettings {
  return parseInputs((name) => ({ ...BASE, ...inputs })[name as keyof typeof BASE] ?? '');
}

function problems(inputs: Record<string, string>): string[] {
  try {
    parse(inputs);
  } catch (error) {
    expect(error).to.be.instanceOf(InputError);
    return (error as InputError).problems;
  }
  throw new Error('expected an InputError');
}

describe('run action: inputs', () => {
  it('reads the defaults: default plan, no overrides, not blocking, 60 minutes', () => {
    expect(parse({})).to.deep.equal({
      apiUrl: 'https://goalie.example.com/v1',
      apiToken: 'gt_secret',
      blocking: false,
      timeoutMinutes: 60,
      warnings: [],
    });
  });

  it('keeps an api_url that already ends in /v1, and trims inputs', () => {
    expect(parse({ api_url: ' http://127.0.0.1:8080/v1/ ', test_plan_short_id: ' pln-smoke_4kq8z1\n' })).to.include({
      apiUrl: 'http://127.0.0.1:8080/v1',
      testPlanShortId: 'pln-smoke_4kq8z1',
    });
  });

  it("takes the API's array form of applications as it is", () => {
    const applications = [
      {
        applicationShortId: 'app-web_1',
        environment: { url: 'https://pr-42.preview.example.com', name: 'PR 42' },
        devicePresetShortId: 'preset-phone_2',
      },
      { applicationShortId: 'app-admin_3', environment: { shortId: 'env-staging_4' } },
    ];
    expect(parse({ applications: JSON.stringify(applications) }).applications).to.deep.equal(applications);
  });

  it('takes the object form keyed by application short ID, and the URL shorthand', () => {
    const settings = parse({
      applications: `{
        "app-web_1": {"environment": {"url": "https://pr-42.preview.example.com"}},
        "app-admin_3": "https://admin-pr-42.preview.example.com",
        "app-api_5": "env-staging_4"
      }`,
    });
    expect(settings.applications).to.deep.equal([
      { applicationShortId: 'app-web_1', environment: { url: 'https://pr-42.preview.example.com' } },
      { applicationShortId: 'app-admin_3', environment: { url: 'https://admin-pr-42.preview.example.com' } },
      { applicationShortId: 'app-api_5', environment: { shortId: 'env-staging_4' } },
    ]);
  });

  it('adds device_presets to the matching application, or as an entry of its own', () => {
    const settings = parse({
      applications: '{"app-web_1": "https://pr-42.preview.example.com"}',
      device_presets: '{"app-web_1": "preset-phone_2", "app-admin_3": "preset-desktop_6"}',
    });
    expect(settings.applications).to.deep.equal([
      {
        applicationShortId: 'app-web_1',
        environment: { url: 'https://pr-42.preview.example.com' },
        devicePresetShortId: 'preset-phone_2',
      },
      { applicationShortId: 'app-admin_3', devicePresetShortId: 'preset-desktop_6' },
    ]);
  });

  it('reads Slack channels separated by commas or new lines, with :failure or :always', () => {
    expect(parse({ slack_channels: 'C0123ABCD, C0456EFGH:failure\nC0789IJKL:always\n' }).notifications).to.deep.equal([
      { type: 'slack', channel: 'C0123ABCD' },
      { type: 'slack', channel: 'C0456EFGH', notifyOn: 'failure' },
      { type: 'slack', channel: 'C0789IJKL', notifyOn: 'always' },
    ]);
  });

  it('reads blocking and timeout_minutes (decimals allowed)', () => {
    expect(parse({ blocking: 'true', timeout_minutes: '0.05' })).to.include({ blocking: true, timeoutMinutes: 0.05 });
    expect(parse({ blocking: 'FALSE', timeout_minutes: '15' })).to.include({ blocking: false, timeoutMinutes: 15 });
  });

  it('takes rerun_failed_of as a short ID or a run URL, and warns that the start inputs have no effect', () => {
    expect(parse({ rerun_failed_of: 'r8x2k4q9' })).to.include({ rerunFailedOf: 'r8x2k4q9' });
    const settings = parse({
      rerun_failed_of: 'https://goalie.example.com/runs/r8x2k4q9',
      test_plan_short_id: 'pln_1',
      slack_channels: 'C1',
    });
    expect(settings.rerunFailedOf).to.equal('r8x2k4q9');
    expect(settings).not.to.have.property('testPlanShortId');
    expect(settings).not.to.have.property('notifications');
    expect(settings.warnings).to.have.length(1);
    expect(settings.warnings[0]).to.match(/^test_plan_short_id, slack_channels have no effect with rerun_failed_of/);
  });

  describe("QA.tech's action's inputs (QAdottech/run-action)", () => {
    const preview = {
      applicationShortId: 'app_x',
      environment: { url: 'https://pr-42.preview.example.com', name: 'PR 42' },
    };

    it('applications_config, {"applications": {...}}: the same overrides as applications', () => {
      const config = JSON.stringify({
        applications: { app_x: { environment: { url: 'https://pr-42.preview.example.com', name: 'PR 42' } } },
      });
      expect(parse({ applications_config: config }).applications).to.deep.equal([preview]);
      // Older QA.tech actions took the same wrapped form in an input named applications.
      expect(parse({ applications: config }).applications).to.deep.equal([preview]);
    });

    it('project_id: a UUID, kept in lower case for the route that names the project', () => {
      expect(parse({ project_id: '0B7E4F2A-5C1D-4E8B-9A3F-6D2C1B0A9E8F' })).to.include({
        projectId: '0b7e4f2a-5c1d-4e8b-9a3f-6d2c1b0a9e8f',
      });
      expect(parse({})).not.to.have.property('projectId');
    });

    it('test_plan_short_ids and test_plan_ids of older QA.tech actions: one plan is the test plan', () => {
      expect(parse({ test_plan_short_ids: ' pln_1 ' })).to.include({ testPlanShortId: 'pln_1' });
      expect(parse({ test_plan_ids: 'pln_1,', test_plan_short_id: 'pln_1' })).to.include({ testPlanShortId: 'pln_1' });
    });

    const cases: [string, Record<string, string>, RegExp][] = [
      [
        'a missing api_url, saying what a QA.tech workflow must add',
        { api_url: '' },
        /QA\.tech's action .*add `api_url:` with your Goalie server's address to the step's `with:`\.$/,
      ],
      [
        "QA.tech's own API as api_url",
        { api_url: 'https://api.qa.tech' },
        /^api_url https:\/\/api\.qa\.tech is QA\.tech's API, not a Goalie server/,
      ],
      [
        'a project_id that is no UUID',
        { project_id: 'proj_123' },
        /^project_id must be your Goalie project's UUID, .*not "proj_123"\. A QA\.tech project ID does not carry over/,
      ],
      [
        'applications_config without the "applications" wrapper',
        { applications_config: '{"app_x": {"environment": {"url": "https://x.example.com"}}}' },
        /^applications_config must be a JSON object with one field, "applications", .*got an object with "app_x"\.$/,
      ],
      [
        'an application key of applications_config that is no short ID',
        { applications_config: '{"applications": {"web": {"environment": {"url": "https://x.example.com"}}}}' },
        /^applications_config\.applications key "web" must be an application short ID/,
      ],
      [
        'both applications and applications_config',
        {
          applications: '{"app_x": "https://x.example.com"}',
          applications_config: '{"applications": {"app_y": {"environment": {"url": "https://y.example.com"}}}}',
        },
        /^applications and applications_config .* are both given/,
      ],
      [
        'several test plans',
        { test_plan_short_ids: 'pln_1, pln_2' },
        /^test_plan_short_ids names 2 test plans \(pln_1, pln_2\); a Goalie run runs one test plan\. .*one step per plan/,
      ],
      [
        'different plans in two inputs',
        { test_plan_short_id: 'pln_1', test_plan_ids: 'pln_2' },
        /^test_plan_short_id and test_plan_ids name different test plans/,
      ],
      [
        'a QA.tech plan short ID',
        { test_plan_ids: 'jgbinp' },
        /^test_plan_ids must be a test plan short ID such as pln_4kq8z1, not "jgbinp" .*QA\.tech's short IDs do not carry over/,
      ],
    ];
    for (const [what, inputs, expected] of cases) {
      it(`refuses ${what}`, () => {
        const found = problems(inputs);
        expect(found, found.join('\n')).to.have.length(1);
        expect(found[0]).to.match(expected);
      });
    }
  });

  describe('invalid inputs', () => {
    const cases: [string, Record<string, string>, RegExp][] = [
      ['a missing api_url', { api_url: '' }, /^api_url is required: .*https:\/\/goalie\.example\.com/],
      [
        'an api_url without a scheme',
        { api_url: 'goalie.example.com' },
        /^api_url must be an absolute http\(s\) URL .*"goalie\.example\.com"/,
      ],
      ['a missing api_token', { api_token: ' ' }, /^api_token is required: .*secrets\.GOALIE_API_TOKEN/],
      [
        'a test plan that is no short ID',
        { test_plan_short_id: 'Smoke' },
        /^test_plan_short_id must be a test plan short ID such as pln_4kq8z1, not "Smoke"/,
      ],
      [
        'applications that are not JSON',
        { applications: "{app_x: 'https://x'}" },
        /^applications is not valid JSON \(.*\)\. Give JSON such as .*block scalar/,
      ],
      [
        'applications that are a string',
        { applications: '"https://x.example.com"' },
        /^applications must be a JSON array or object/,
      ],
      [
        'an application key that is no short ID',
        { applications: '{"web": "https://x.example.com"}' },
        /^applications key "web" must be an application short ID such as app_4kq8z1/,
      ],
      [
        'an empty preview URL (a missing job output)',
        { applications: '{"app_x": ""}' },
        /^applications\.app_x is an empty string\. If it comes from an earlier job's output/,
      ],
      [
        'a preview URL without a scheme',
        { applications: '{"app_x": "pr-42.preview.example.com"}' },
        /^applications\.app_x must be an absolute http\(s\) URL/,
      ],
      [
        'an unknown field in an array element',
        { applications: '[{"applicationShortId": "app_x", "enviroment": {"url": "https://x.example.com"}}]' },
        /^applications\[0\] has unknown field "enviroment"; known fields: environment, devicePresetShortId/,
      ],
      [
        'a missing applicationShortId',
        { applications: '[{"environment": {"url": "https://x.example.com"}}]' },
        /^applications\[0\]\.applicationShortId must be an application short ID/,
      ],
      [
        'an environment with both forms',
        { applications: '{"app_x": {"environment": {"shortId": "env_1", "url": "https://x.example.com"}}}' },
        /^applications\.app_x\.environment gives both "shortId" and "url"/,
      ],
      [
        'an application named twice',
        { applications: '[{"applicationShortId": "app_x"}, {"applicationShortId": "app_x"}]' },
        /^applications names app_x more than once/,
      ],
      [
        'device presets that are not an object',
        { device_presets: '["preset_1"]' },
        /^device_presets must be a JSON object from application short ID to device preset short ID/,
      ],
      [
        'a device preset that is no short ID',
        { device_presets: '{"app_x": "Phone"}' },
        /^device_presets\.app_x must be a device preset short ID such as preset_4kq8z1, not "Phone"/,
      ],
      [
        'a Slack channel name instead of an ID',
        { slack_channels: '#general' },
        /^slack_channels entry "#general" is not a channel ID: .*C0123ABCD:failure/,
      ],
      [
        'an unknown Slack notifyOn',
        { slack_channels: 'C1:never' },
        /^slack_channels entry "C1:never": after the colon write "failure" .* or "always"/,
      ],
      ['a blocking that is no boolean', { blocking: 'yes' }, /^blocking must be true or false, not "yes"/],
      [
        'a timeout that is no number',
        { timeout_minutes: 'ten' },
        /^timeout_minutes must be a positive number of minutes such as 30 .*not "ten"/,
      ],
      ['a timeout of zero', { timeout_minutes: '0' }, /^timeout_minutes must be a positive number/],
      [
        'a rerun_failed_of that is no run short ID',
        { rerun_failed_of: 'run abc' },
        /^rerun_failed_of must be the short ID of an earlier run/,
      ],
    ];
    for (const [what, inputs, expected] of cases) {
      it(`names the input for ${what}`, () => {
        const found = problems(inputs);
        expect(found, found.join('\n')).to.have.length(1);
        expect(found[0]).to.match(expected);
      });
    }

    it('reports every problem at once, one per line', () => {
      try {
        parse({ api_token: '', blocking: 'maybe' });
        expect.fail('expected an InputError');
      } catch (error) {
        expect((error as Error).message).to.match(
          /^2 invalid inputs:\n- api_token is required: .*\n- blocking must be true or false, not "maybe"\.$/,
        );
      }
    });
  });
});
