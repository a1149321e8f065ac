// `goalie test-case update` arguments -> the PATCH body, and every refusal before anything is sent;
// `delete` without --yes; `run --plan` given empty.
import { expect } from 'chai';
import { parseTestCaseUpdateArgs } from '../../../shared/src/cli/test-case-change.js';
import { runCli } from '../../helpers/cli-io.js';

const ID = '3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c';
const OTHER = '0b7e2c4a-5d1f-4e8a-9c3b-2a1d4e5f6a7b';

describe('goalie test-case update arguments', () => {
  const bodies: [string, string[], Record<string, unknown>][] = [
    ['a new goal', ['--goal', "Go to /. Click 'Buy'"], { goal: "Go to /. Click 'Buy'" }],
    [
      'a name and an expected result',
      ['--name', 'Buy', '--expected', 'Thanks'],
      { name: 'Buy', expectedResult: 'Thanks' },
    ],
    ['an empty expected result clears it', ['--expected', ''], { expectedResult: null }],
    [
      'configs replace the list',
      ['--config', 'cfg_a1', '--config', 'cfg_b2'],
      { configShortIds: ['cfg_a1', 'cfg_b2'] },
    ],
    ['--no-configs clears them', ['--no-configs'], { configShortIds: [] }],
    ['--scenario none clears it', ['--scenario', 'none'], { scenarioShortId: null }],
    ['--resume-from none clears it', ['--resume-from', 'none'], { resumeFromDependencyProjectTestCaseId: null }],
    ['--wait-for replaces the list', ['--wait-for', OTHER], { waitForDependenciesProjectTestCaseIds: [OTHER] }],
    ['--no-wait-for clears it', ['--no-wait-for'], { waitForDependenciesProjectTestCaseIds: [] }],
    ['plans only: no body', ['--add-to-plan', 'Smoke', '--remove-from-plan', 'pln_4kq8z1'], {}],
  ];
  for (const [what, args, request] of bodies) {
    it(`${what}: ${JSON.stringify(request)}`, () => {
      expect(parseTestCaseUpdateArgs([ID, ...args]).request).to.deep.equal(request);
    });
  }

  it('keeps the plans, by name or short ID, for the command to look up', () => {
    const parsed = parseTestCaseUpdateArgs([ID, '--add-to-plan', 'Smoke', '--add-to-plan', 'pln_4kq8z1']);
    expect(parsed.addToPlans).to.deep.equal(['Smoke', 'pln_4kq8z1']);
  });

  const refused: [string, string[], string][] = [
    ['no UUID', ['--goal', 'Go to /'], 'give test case UUID'],
    ['a UUID that is not one', ['Checkout', '--goal', 'Go to /'], '"Checkout" is not a test case UUID'],
    ['nothing to change', [ID], 'nothing to change: give --name, --goal'],
    ['an empty goal', [ID, '--goal', '  '], '--goal is empty'],
    ['an application that is not a short ID', [ID, '--app', 'Shop'], '--app "Shop" is not an application short ID'],
    ['a config that is not a short ID', [ID, '--config', 'login'], '--config "login" is not a config short ID'],
    ['--config with --no-configs', [ID, '--config', 'cfg_a1', '--no-configs'], 'exclude each other'],
    ['--wait-for with --no-wait-for', [ID, '--wait-for', OTHER, '--no-wait-for'], 'exclude each other'],
    [
      '--resume-from that is not a UUID',
      [ID, '--resume-from', 'Sign in'],
      '--resume-from "Sign in" is not a test case UUID',
    ],
    ['--timeout without --wait', [ID, '--goal', 'Go to /', '--timeout', '5m'], '--timeout limits --wait'],
    ['--enable with a new goal but without --wait', [ID, '--goal', 'Go to /', '--enable'], '--enable enables it once'],
    ['an unknown option', [ID, '--goals', 'Go to /'], 'unknown option --goals'],
  ];
  for (const [what, args, says] of refused) {
    it(`refuses ${what}`, () => {
      expect(() => parseTestCaseUpdateArgs(args)).to.throw(says);
    });
  }

  it('--enable without a new burn-in needs no --wait', () => {
    expect(parseTestCaseUpdateArgs([ID, '--name', 'Buy', '--enable'])).to.include({ enable: true, waitMs: null });
  });
});

describe('goalie test-case delete and run: refused before anything is sent', () => {
  // No server at this address: a request would fail differently.
  const env = { GOALIE_API_URL: 'http://127.0.0.1:9', GOALIE_API_TOKEN: 'goalie_x' };

  it('delete without --yes is exit 2, saying to add it', async () => {
    const result = await runCli(['test-case', 'delete', ID], env);
    expect(result.code).to.equal(2);
    expect(result.stderr).to.include('cannot be undone').and.include('add --yes');
  });

  it('run with an empty --plan is exit 2', async () => {
    const result = await runCli(['test-case', 'run', ID, '--plan', ''], env);
    expect(result.code).to.equal(2);
    expect(result.stderr).to.include('--plan is empty');
  });

  it('an unknown subcommand names the subcommands', async () => {
    const result = await runCli(['test-case', 'remove', ID], env);
    expect(result.code).to.equal(2);
    expect(result.stderr).to.include('create, show, update, enable, disable, run, delete');
  });
});
