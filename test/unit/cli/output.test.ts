// What `--wait` prints and how the client commands end: exit codes for every outcome, progress lines
// only when the counts change, the summary line, --json and --junit. The server is a scripted HTTP
// server on 127.0.0.1 speaking the v1 shapes; the clock is a fake one that sleeps instantly.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { RunStatusView, RunTestCase } from '../../../shared/src/api/types.js';
import { exitCodeFor } from '../../../shared/src/cli/exit-codes.js';
import { summaryLine } from '../../../shared/src/cli/follow.js';
import { junitXml } from '../../../shared/src/report/junit.js';
import { REASON_WIDTH, textResultsTable } from '../../../shared/src/report/results-table.js';
import { freePort } from '../../../backend/src/persistence/embedded-postgres.js';
import { runCli } from '../../helpers/cli-io.js';

const tc = (
  name: string,
  status: RunTestCase['status'],
  result: RunTestCase['result'],
  resultTitle: string | null = null,
): RunTestCase => ({
  id: `00000000-0000-4000-8000-00000000000${name.length % 10}`,
  shortId: `rtc_${name.toLowerCase()}`,
  name,
  status,
  result,
  resultTitle,
  evaluationThought: null,
  promptGoal: null,
  promptExamples: null,
  projectTestCaseId: null,
  startedAt: null,
  finishedAt: null,
});
const view = (
  status: RunStatusView['status'],
  result: RunStatusView['result'],
  runTestCases: RunTestCase[] = [],
): RunStatusView => ({ id: '4b1f5f0e-2a8c-4c55-9d2e-6f1a2b3c4d5e', shortId: 'run_abc', status, result, runTestCases });

interface Scripted {
  url: string;
  /** Answers of GET /v1/run/run_abc, in order; the last one repeats. */
  views: RunStatusView[];
  /** When set, every request gets this answer. */
  fail: { status: number; body: unknown } | null;
  polls: number;
  close(): Promise<void>;
}

async function scriptedServer(): Promise<Scripted> {
  const state: Scripted = { url: '', views: [], fail: null, polls: 0, close: async () => {} };
  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': 'req-42' });
      res.end(JSON.stringify(body));
    };
    if (state.fail) return send(state.fail.status, state.fail.body);
    if (req.method === 'POST' && req.url === '/v1/run') {
      return send(200, {
        success: true,
        run: {
          id: '4b1f5f0e-2a8c-4c55-9d2e-6f1a2b3c4d5e',
          shortId: 'run_abc',
          url: 'https://goalie.example.com/runs/run_abc',
          testCount: 2,
          testPlan: { name: 'Smoke', shortId: 'pln_1' },
        },
      });
    }
    if (req.method === 'GET' && req.url === '/v1/run/run_abc?testCases=all&extensions=true') {
      const answer = state.views[Math.min(state.polls, state.views.length - 1)];
      state.polls++;
      return send(200, answer);
    }
    send(404, { message: `No route for ${req.method} ${req.url}` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/** A clock that moves only when the CLI sleeps. */
function fakeClock() {
  let now = 0;
  return { now: () => now, sleep: async (ms: number) => void (now += ms) };
}

describe('client CLI outcomes', () => {
  describe('exit codes', () => {
    const table: [string, RunStatusView | null, boolean, number][] = [
      ['PASSED', view('COMPLETED', 'PASSED'), false, 0],
      ['FAILED', view('COMPLETED', 'FAILED'), false, 1],
      ['SKIPPED (nothing ran)', view('COMPLETED', 'SKIPPED'), false, 0],
      ['ERROR', view('ERROR', null), false, 1],
      ['CANCELLED', view('CANCELLED', null), false, 1],
      ['timed out while RUNNING', view('RUNNING', null), true, 1],
      ['timed out before the first answer', null, true, 1],
    ];
    for (const [title, run, timedOut, code] of table)
      it(`${title} -> ${code}`, () => expect(exitCodeFor(run, timedOut)).to.equal(code));
  });

  describe('the summary line', () => {
    const url = 'https://goalie.example.com/runs/run_abc';
    it('says the outcome, the counts and the link', () => {
      const cases = [
        tc('Sign in', 'COMPLETED', 'PASSED'),
        tc('Checkout', 'COMPLETED', 'FAILED', "'Thanks' is not shown"),
      ];
      expect(summaryLine(view('COMPLETED', 'FAILED', cases), url, null)).to.equal(
        `Run run_abc FAILED: 1 passed, 1 failed. ${url}`,
      );
      expect(summaryLine(view('COMPLETED', 'SKIPPED'), url, null)).to.equal(
        `Run run_abc SKIPPED: nothing ran (0 passed, 0 failed). ${url}`,
      );
      expect(summaryLine(view('ERROR', null, [tc('A', 'ERROR', null)]), url, null)).to.equal(
        `Run run_abc ended ERROR: 0 passed, 0 failed, 1 errored. ${url}`,
      );
      expect(summaryLine(view('RUNNING', null, [tc('A', 'RUNNING', null)]), url, 90_000)).to.equal(
        `Run run_abc timed out after 1m30s, still RUNNING (0 passed, 0 failed, 1 not finished). It goes on on the server: ${url} (stop it with: goalie cancel run_abc)`,
      );
    });
  });

  describe('the results table', () => {
    it('cuts a long reason at 100 characters with "…", never inside a character', () => {
      const long = 'x'.repeat(98) + '😀' + 'tail';
      const table = textResultsTable([
        tc('A', 'COMPLETED', 'FAILED', long),
        tc('B', 'COMPLETED', 'FAILED', 'y'.repeat(REASON_WIDTH)),
      ]);
      const [, a, b] = table.split('\n');
      expect(a).to.equal(`FAILED  A          ${'x'.repeat(98)}😀…`);
      expect(b).to.equal(`FAILED  B          ${'y'.repeat(REASON_WIDTH)}`);
    });

    it("with testCaseIds: each test case's own UUID, a dash once it was deleted", () => {
      const kept = {
        ...tc('Sign in', 'COMPLETED', 'PASSED'),
        projectTestCaseId: '0b7e2c4a-5d1f-4e8a-9c3b-2a1d4e5f6a7b',
      };
      const table = textResultsTable([kept, tc('Gone', 'COMPLETED', 'FAILED', 'Nope')], { testCaseIds: true });
      expect(table.split('\n')).to.deep.equal([
        'RESULT  TEST CASE  TEST CASE UUID                        REASON',
        'PASSED  Sign in    0b7e2c4a-5d1f-4e8a-9c3b-2a1d4e5f6a7b',
        'FAILED  Gone       —                                     Nope',
      ]);
    });
  });

  describe('JUnit times', () => {
    const timed = (name: string, startedAt: string | null, finishedAt: string | null): RunTestCase => ({
      ...tc(name, 'COMPLETED', 'PASSED'),
      startedAt,
      finishedAt,
    });

    it('time in seconds on each testcase and on the suite (first start to last end), timestamp of the first start', () => {
      const xml = junitXml(
        view('COMPLETED', 'PASSED', [
          timed('A', '2026-11-26T01:00:00.250Z', '2026-11-26T01:00:12.750Z'),
          timed('B', '2026-11-26T01:00:01.000Z', '2026-11-26T01:00:20.001Z'),
          { ...timed('C', null, null), status: 'SKIPPED', result: 'SKIPPED' },
        ]),
        { runUrl: 'https://goalie.example.com/runs/run_abc' },
      );
      expect(xml).to.include(
        '<testsuites name="Goalie run run_abc" tests="3" failures="0" errors="0" skipped="1" time="19.751">',
      );
      expect(xml).to.include(
        '<testsuite name="Goalie run run_abc" tests="3" failures="0" errors="0" skipped="1" time="19.751" timestamp="2026-11-26T01:00:00">',
      );
      expect(xml).to.include('<testcase name="A" classname="goalie" time="12.5">');
      expect(xml).to.include('<testcase name="B" classname="goalie" time="19.001">');
      expect(xml).to.include('<testcase name="C" classname="goalie" time="0">');
    });

    it('a run where nothing started: time 0 and no timestamp', () => {
      const xml = junitXml(
        view('CANCELLED', null, [{ ...timed('A', null, null), status: 'CANCELLED', result: null }]),
        { runUrl: 'u' },
      );
      expect(xml).to.include('errors="1" skipped="0" time="0">\n');
      expect(xml).to.not.include('timestamp=');
    });
  });

  describe('goalie run --wait against a scripted server', () => {
    let server: Scripted;
    let dir: string;
    let env: Record<string, string>;
    before(async () => {
      server = await scriptedServer();
      env = { GOALIE_API_URL: server.url, GOALIE_API_TOKEN: 'goalie_test' };
    });
    after(() => server.close());
    beforeEach(() => {
      server.fail = null;
      server.polls = 0;
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goalie-cli-unit-'));
    });
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

    const pending = [tc('Sign in', 'PENDING', null), tc('Checkout', 'PENDING', null)];
    const oneDone = [tc('Sign in', 'COMPLETED', 'PASSED'), tc('Checkout', 'RUNNING', null)];
    const failed = [
      tc('Sign in', 'COMPLETED', 'PASSED'),
      tc('Checkout', 'COMPLETED', 'FAILED', "'Thanks for your order' is not shown"),
    ];

    it('prints a progress line when the counts change, not on every poll, then the table and the summary', async () => {
      server.views = [
        view('INITIATED', null, pending),
        view('RUNNING', null, pending),
        view('RUNNING', null, pending),
        view('RUNNING', null, oneDone),
        view('RUNNING', null, oneDone),
        view('COMPLETED', 'FAILED', failed),
      ];
      const result = await runCli(['run', '--wait'], env, fakeClock());
      expect(result.code).to.equal(1);
      expect(server.polls).to.equal(6);
      // Polls at 0, 2, 5, 9.5, 16.25 and 26.4 s (each wait 1.5 times the last).
      const progress = result.stdout.split('\n').filter((line) => line.startsWith('['));
      expect(progress).to.deep.equal([
        '[0s] run_abc INITIATED: 0 passed, 0 failed, 2 not finished',
        '[2s] run_abc RUNNING: 0 passed, 0 failed, 2 not finished',
        '[10s] run_abc RUNNING: 1 passed, 0 failed, 1 not finished',
        '[26s] run_abc COMPLETED: 1 passed, 1 failed',
      ]);
      expect(result.stdout).to.match(
        /RESULT\s+TEST CASE\s+REASON\nPASSED\s+Sign in\s*\nFAILED\s+Checkout\s+'Thanks for your order' is not shown/,
      );
      expect(result.stdout.trimEnd().split('\n').at(-1)).to.equal(
        'Run run_abc FAILED: 1 passed, 1 failed. https://goalie.example.com/runs/run_abc',
      );
    });

    it('--json prints the final view with url and timedOut on stdout, progress on stderr, and --junit writes the report', async () => {
      server.views = [
        view('RUNNING', null, oneDone),
        view('COMPLETED', 'PASSED', [tc('Sign in', 'COMPLETED', 'PASSED'), tc('Checkout', 'COMPLETED', 'PASSED')]),
      ];
      const junit = path.join(dir, 'report.xml');
      const result = await runCli(['run', '--wait', '--json', '--junit', junit], env, fakeClock());
      expect(result.code).to.equal(0);
      const printed = JSON.parse(result.stdout);
      expect(printed).to.include({
        shortId: 'run_abc',
        status: 'COMPLETED',
        result: 'PASSED',
        url: 'https://goalie.example.com/runs/run_abc',
        timedOut: false,
      });
      expect(printed.runTestCases).to.have.length(2);
      expect(result.stderr).to.match(/^\[0s\] run_abc RUNNING/);
      const xml = fs.readFileSync(junit, 'utf8');
      expect(xml).to.include('tests="2" failures="0" errors="0" skipped="0"');
      expect(xml).to.include('<testcase name="Checkout" classname="goalie" time="0">');
    });

    const outcomes: [string, RunStatusView, number, RegExp][] = [
      [
        'PASSED',
        view('COMPLETED', 'PASSED', [tc('A', 'COMPLETED', 'PASSED')]),
        0,
        /Run run_abc PASSED: 1 passed, 0 failed/,
      ],
      [
        'ERROR',
        view('ERROR', null, [tc('A', 'ERROR', null, 'Browser crashed')]),
        1,
        /Run run_abc ended ERROR: 0 passed, 0 failed, 1 errored/,
      ],
      [
        'CANCELLED',
        view('CANCELLED', null, [tc('A', 'CANCELLED', null)]),
        1,
        /Run run_abc ended CANCELLED: 0 passed, 0 failed, 1 cancelled/,
      ],
      [
        'SKIPPED',
        view('COMPLETED', 'SKIPPED', [tc('A', 'SKIPPED', 'SKIPPED', 'Skipped: dependency "B" failed')]),
        0,
        /Run run_abc SKIPPED: nothing ran/,
      ],
    ];
    for (const [title, final, code, summary] of outcomes) {
      it(`${title} ends with exit code ${code}`, async () => {
        server.views = [final];
        const result = await runCli(['run', '--wait'], env, fakeClock());
        expect(result.code).to.equal(code);
        expect(result.stdout).to.match(summary);
        if (title === 'SKIPPED')
          expect(result.stderr).to.match(/^warning: run run_abc ran no test case \(result SKIPPED\); exiting with 0/);
        else expect(result.stderr).to.equal('');
      });
    }

    it('a timeout ends with 1, says how to stop the run, and still writes the JUnit report', async () => {
      server.views = [view('RUNNING', null, oneDone)];
      const junit = path.join(dir, 'report.xml');
      const result = await runCli(['run', '--wait', '--timeout', '10s', '--junit', junit], env, fakeClock());
      expect(result.code).to.equal(1);
      expect(result.stdout).to.include(
        'Run run_abc timed out after 10s, still RUNNING (1 passed, 0 failed, 1 not finished)',
      );
      expect(result.stdout).to.include('goalie cancel run_abc');
      // 2 s, 3 s, 4.5 s, then the 0.5 s left: the deadline is kept.
      expect(server.polls).to.equal(5);
      expect(fs.readFileSync(junit, 'utf8')).to.include('<error message="RUNNING" type="RUNNING">');
    });

    it('an API error (4xx) ends with 2 and prints the API message and the request id', async () => {
      server.fail = { status: 404, body: { message: 'No test plan pln_nope in this project.' } };
      const result = await runCli(['run', '--plan', 'pln_nope'], env, fakeClock());
      expect(result).to.include({ code: 2, stdout: '' });
      expect(result.stderr).to.equal(
        'goalie run: No test plan pln_nope in this project. (HTTP 404, request id req-42)\n',
      );
    });

    it('a server error is retried, then ends with 2', async () => {
      server.fail = { status: 500, body: { message: 'Internal server error (request id req-42).' } };
      const clock = fakeClock();
      const result = await runCli(['status', 'run_abc'], env, clock);
      expect(result.code).to.equal(2);
      expect(result.stderr).to.include('Internal server error (request id req-42). (HTTP 500, request id req-42)');
      expect(clock.now()).to.equal(1000 + 2000 + 4000);
    });

    it('a server that cannot be reached ends with 2', async () => {
      const port = await freePort();
      const result = await runCli(
        ['status', 'run_abc'],
        { GOALIE_API_URL: `http://127.0.0.1:${port}`, GOALIE_API_TOKEN: 't' },
        fakeClock(),
      );
      expect(result.code).to.equal(2);
      expect(result.stderr).to.match(new RegExp(`^goalie status: Could not reach http://127\\.0\\.0\\.1:${port}/v1: `));
    });

    it('a JUnit file that cannot be written is a usage error (2), after the results are printed', async () => {
      server.views = [view('COMPLETED', 'PASSED', [tc('A', 'COMPLETED', 'PASSED')])];
      const result = await runCli(
        ['run', '--wait', '--junit', path.join(dir, 'missing-dir', 'r.xml')],
        env,
        fakeClock(),
      );
      expect(result.code).to.equal(2);
      expect(result.stdout).to.include('Run run_abc PASSED');
      expect(result.stderr).to.match(/goalie run: could not write the JUnit report to .*missing-dir\/r\.xml: ENOENT/);
    });
  });
});
