// Argument parsing of the client commands: every flag, and every mistake with the message that says
// how to fix it. Pure functions: nothing is sent anywhere.
import { expect } from 'chai';
import { formatDuration, parseTimeout, UsageError } from '../../../shared/src/cli/args.js';
import { parseRerunArgs } from '../../../shared/src/cli/rerun.js';
import { parseRunArgs } from '../../../shared/src/cli/run-request.js';
import { parseStatusArgs } from '../../../shared/src/cli/status.js';
import { parseTestCaseCreateArgs } from '../../../shared/src/cli/test-case.js';

const UUID_A = '3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c';
const UUID_B = '9d0c5a7e-1b2f-4c3d-8e9f-0a1b2c3d4e5f';

function usageError(parse: () => unknown): string {
  try {
    parse();
  } catch (error) {
    expect(error).to.be.instanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a usage error');
}

describe('client CLI arguments', () => {
  describe('goalie run', () => {
    const cases: [string, string[], Partial<ReturnType<typeof parseRunArgs>>][] = [
      [
        'nothing: the default plan, API unless CI says otherwise',
        [],
        { request: {}, trigger: undefined, noCi: false, json: false, follow: { wait: false, timeoutMs: 30 * 60_000 } },
      ],
      ['--plan', ['--plan', 'pln-smoke_4kq8z1'], { request: { testPlanShortId: 'pln-smoke_4kq8z1' } }],
      ['--plan=value form', ['--plan=pln_4kq8z1'], { request: { testPlanShortId: 'pln_4kq8z1' } }],
      ['--wait with the default timeout', ['--wait'], { follow: { wait: true, timeoutMs: 30 * 60_000 } }],
      [
        '--wait --timeout 90s --junit',
        ['--wait', '--timeout', '90s', '--junit', 'out/report.xml'],
        { follow: { wait: true, timeoutMs: 90_000, junit: 'out/report.xml' } },
      ],
      ['--json', ['--json'], { json: true }],
      ['--trigger API', ['--trigger', 'API'], { trigger: 'API' }],
      ['--trigger repohost (any case)', ['--trigger', 'repohost'], { trigger: 'REPOHOST' }],
      ['--no-ci', ['--no-ci'], { noCi: true }],
      [
        '--api-url and --token',
        ['--api-url', 'https://g.example.com', '--token', 'goalie_x'],
        { connection: { 'api-url': 'https://g.example.com', token: 'goalie_x' } },
      ],
    ];
    for (const [title, args, expected] of cases) {
      it(`parses ${title}`, () => {
        const parsed = parseRunArgs(args);
        for (const [key, value] of Object.entries(expected)) {
          if (key === 'connection') expect(parsed.connection).to.include(value);
          else expect(parsed[key as keyof typeof parsed], key).to.deep.equal(value);
        }
      });
    }

    const errors: [string, string[], RegExp][] = [
      ['an unknown option', ['--plna', 'pln_1'], /unknown option --plna/],
      ['a flag without its value', ['--plan'], /--plan needs a value/],
      ['a flag followed by another flag', ['--plan', '--wait'], /--plan needs a value.*--plan=VALUE/],
      ['a value on a boolean flag', ['--wait=yes'], /--wait takes no value/],
      ['--plan twice', ['--plan', 'pln_1', '--plan', 'pln_2'], /--plan is given more than once/],
      ['a positional argument', ['pln_1'], /unexpected argument "pln_1"/],
      ['an empty plan', ['--plan', ' '], /--plan is empty: give the test plan's name or short ID/],
      ['--app without "="', ['--app', 'app_1'], /write --app app_4kq8z1=https:/],
      [
        '--app with a wrong application',
        ['--app', 'web=https://x.example.com'],
        /"web" is not an application short ID/,
      ],
      ['--app with nothing after "="', ['--app', 'app_1='], /nothing after "="/],
      ['--app with a non-http URL', ['--app', 'app_1=ftp://x.example.com'], /not an http:\/\/ or https:\/\/ URL/],
      [
        '--app with neither URL nor environment',
        ['--app', 'app_1=staging'],
        /give a URL \(https:\/\/\.\.\.\) or an environment short ID such as env_4kq8z1/,
      ],
      [
        '--app twice for one application',
        ['--app', 'app_1=env_1', '--app', 'app_1=env_2'],
        /--app app_1 is given twice/,
      ],
      [
        '--device with a wrong preset',
        ['--device', 'app_1=Phone'],
        /"Phone" is not a device preset short ID such as preset_4kq8z1/,
      ],
      [
        '--device twice for one application',
        ['--device', 'app_1=preset_1', '--device', 'app_1=preset_2'],
        /--device app_1 is given twice/,
      ],
      ['--slack with a channel name', ['--slack', '#releases'], /give the Slack channel ID \(like C0123ABCD/],
      [
        '--slack with an unknown notifyOn',
        ['--slack', 'C0123:sometimes'],
        /write --slack CHANNEL_ID or --slack CHANNEL_ID:failure/,
      ],
      ['--trigger with another value', ['--trigger', 'GITHUB'], /use --trigger API or --trigger REPOHOST/],
      ['--timeout without --wait', ['--timeout', '5m'], /--timeout limits --wait: add --wait/],
      ['--junit without --wait', ['--junit', 'r.xml'], /--junit writes the report when the run ends: add --wait/],
      [
        'a timeout that is not a duration',
        ['--wait', '--timeout', 'soon'],
        /write 90s, 30m, 1h, or a number of minutes/,
      ],
    ];
    for (const [title, args, message] of errors) {
      it(`refuses ${title}`, () => expect(usageError(() => parseRunArgs(args))).to.match(message));
    }

    it('--help needs nothing else', () => expect(parseRunArgs(['--help', '--plan', 'x']).help).to.equal(true));

    it('a plan by name is kept to be looked up; a short ID is sent as it is', () => {
      expect(parseRunArgs(['--plan', 'smoke'])).to.deep.include({ planName: 'smoke', request: {} });
      expect(parseRunArgs(['--plan', 'pln_4kq8z1'])).to.deep.include({
        planName: undefined,
        request: { testPlanShortId: 'pln_4kq8z1' },
      });
    });
  });

  describe('goalie status', () => {
    it('takes the run short ID, all test cases by default', () => {
      expect(parseStatusArgs(['r_1'])).to.include({ shortId: 'r_1', testCases: 'all', json: false });
      expect(parseStatusArgs(['r_1', '--test-cases', 'failed', '--json'])).to.include({
        testCases: 'failed',
        json: true,
      });
      expect(parseStatusArgs(['--test-cases=none', 'r_1'])).to.include({ testCases: 'none' });
    });
    it('refuses a missing or second short ID and other test case filters', () => {
      expect(usageError(() => parseStatusArgs([]))).to.match(/give run short ID: goalie status <run short ID>/);
      expect(usageError(() => parseStatusArgs(['a', 'b']))).to.match(/unexpected argument "b"/);
      expect(usageError(() => parseStatusArgs(['a', '--test-cases', 'passed']))).to.match(
        /use --test-cases all, failed .* or none/,
      );
    });
  });

  describe('goalie rerun', () => {
    it('reruns everything, the failures, or named test cases', () => {
      expect(parseRerunArgs(['r_1']).request).to.deep.equal({});
      expect(parseRerunArgs(['r_1', '--failed-only']).request).to.deep.equal({ failedOnly: true });
      expect(parseRerunArgs(['r_1', '--test-case', UUID_A, '--test-case', UUID_B]).request).to.deep.equal({
        projectTestCaseIds: [UUID_A, UUID_B],
      });
      expect(parseRerunArgs(['r_1', '--wait', '--timeout', '2h']).follow).to.deep.equal({
        wait: true,
        timeoutMs: 7_200_000,
      });
    });
    it('refuses --failed-only with --test-case, an ID that is not a UUID, and no run', () => {
      expect(usageError(() => parseRerunArgs(['r_1', '--failed-only', '--test-case', UUID_A]))).to.match(
        /--failed-only and --test-case exclude each other/,
      );
      expect(usageError(() => parseRerunArgs(['r_1', '--test-case', 'Sign in']))).to.match(
        /"Sign in" is not a test case UUID/,
      );
      expect(usageError(() => parseRerunArgs(['--failed-only']))).to.match(/give run short ID/);
    });
  });

  describe('goalie test-case create', () => {
    it('builds the request from every flag', () => {
      const parsed = parseTestCaseCreateArgs([
        '--name',
        'Sign in',
        '--goal',
        "Log in with config 'shopper'",
        '--app',
        'app-web_1',
        '--expected',
        "'Welcome' is shown",
        '--resume-from',
        UUID_A,
        '--wait-for',
        UUID_A,
        '--wait-for',
        UUID_B,
        '--config',
        'cfg_1',
        '--config',
        'cfg_2',
        '--scenario',
        'scenario_1',
      ]);
      expect(parsed.request).to.deep.equal({
        name: 'Sign in',
        goal: "Log in with config 'shopper'",
        applicationShortId: 'app-web_1',
        expectedResult: "'Welcome' is shown",
        resumeFromDependencyProjectTestCaseId: UUID_A,
        waitForDependenciesProjectTestCaseIds: [UUID_A, UUID_B],
        configShortIds: ['cfg_1', 'cfg_2'],
        scenarioShortId: 'scenario_1',
      });
    });
    it('--wait follows the burn-in for 10 minutes unless --timeout says otherwise', () => {
      const required = ['--name', 'n', '--goal', 'g', '--app', 'app_1'];
      expect(parseTestCaseCreateArgs(required).waitMs).to.equal(null);
      expect(parseTestCaseCreateArgs([...required, '--wait']).waitMs).to.equal(600_000);
      expect(parseTestCaseCreateArgs([...required, '--wait', '--timeout', '90s']).waitMs).to.equal(90_000);
    });
    const errors: [string, string[], RegExp][] = [
      [
        '--timeout without --wait',
        ['--name', 'n', '--goal', 'g', '--app', 'app_1', '--timeout', '5m'],
        /--timeout limits --wait/,
      ],
      [
        'a timeout that is not a duration',
        ['--name', 'n', '--goal', 'g', '--app', 'app_1', '--wait', '--timeout', 'soon'],
        /--timeout "soon" is not a duration/,
      ],
      ['missing required flags', ['--name', 'x'], /missing --goal, --app: e\.g\. goalie test-case create/],
      ['a blank name', ['--name', ' ', '--goal', 'g', '--app', 'app_1'], /missing --name/],
      [
        'a wrong application',
        ['--name', 'n', '--goal', 'g', '--app', 'web'],
        /--app "web" is not an application short ID/,
      ],
      [
        'a wrong config',
        ['--name', 'n', '--goal', 'g', '--app', 'app_1', '--config', 'shopper'],
        /--config "shopper" is not a config short ID such as cfg_4kq8z1/,
      ],
      [
        'a wrong scenario',
        ['--name', 'n', '--goal', 'g', '--app', 'app_1', '--scenario', 'returning'],
        /is not a scenario short ID/,
      ],
      [
        'a wrong dependency',
        ['--name', 'n', '--goal', 'g', '--app', 'app_1', '--resume-from', 'Sign in'],
        /--resume-from "Sign in" is not a test case UUID/,
      ],
      [
        'a wrong Wait For',
        ['--name', 'n', '--goal', 'g', '--app', 'app_1', '--wait-for', '12'],
        /--wait-for "12" is not a test case UUID/,
      ],
    ];
    for (const [title, args, message] of errors) {
      it(`refuses ${title}`, () => expect(usageError(() => parseTestCaseCreateArgs(args))).to.match(message));
    }
  });

  describe('durations', () => {
    const good: [string, number][] = [
      ['90s', 90_000],
      ['30m', 1_800_000],
      ['1h', 3_600_000],
      ['1.5h', 5_400_000],
      ['45', 2_700_000],
      ['2M', 120_000],
    ];
    for (const [text, ms] of good) it(`--timeout ${text} is ${ms} ms`, () => expect(parseTimeout(text)).to.equal(ms));
    for (const text of ['', 'soon', '5d', '-1m', '1 h 30 m', '0', '0.5s']) {
      it(`refuses --timeout ${JSON.stringify(text)}`, () => expect(() => parseTimeout(text)).to.throw(UsageError));
    }
    it('formats durations for people', () => {
      expect([1000, 59_400, 90_000, 600_000, 3_600_000, 5_400_000].map(formatDuration)).to.deep.equal([
        '1s',
        '59s',
        '1m30s',
        '10m',
        '1h',
        '1h30m',
      ]);
    });
  });
});
