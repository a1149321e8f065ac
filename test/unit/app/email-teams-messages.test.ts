// The email and Teams message builders: pure, so table tests over runs of every outcome.
import { expect } from 'chai';
import { runStartedEmail, runSummaryEmail } from '../../../backend/src/app/notifications/email-messages.js';
import { runStartedTeams, runSummaryTeams, TEAMS_ROWS } from '../../../backend/src/app/notifications/teams-messages.js';
import type { RunRecord, RunTestCaseRecord } from '../../../backend/src/app/records.js';
import { runRecord as run } from '../../helpers/run-record.js';

const URL_ = 'https://goalie.example.com/runs/run-abc';

function tc(name: string, over: Partial<RunTestCaseRecord>): RunTestCaseRecord {
  return {
    name,
    status: 'COMPLETED',
    result: 'PASSED',
    resultTitle: null,
    errorMessage: null,
    ...over,
  } as RunTestCaseRecord;
}

const cases = [
  tc('Sign in', {}),
  tc('Pay <b>now</b> & "go"', { result: 'FAILED', resultTitle: 'The total was <0> & wrong' }),
  tc('After pay', { status: 'SKIPPED', result: null, resultTitle: 'Skipped: dependency failed' }),
];

describe('email messages', () => {
  const table: { title: string; run: RunRecord; subject: string }[] = [
    { title: 'a failed run', run: run(), subject: 'Goalie run run-abc of Nightly failed: 1 passed, 1 failed' },
    {
      title: 'a passed run',
      run: run({ result: 'PASSED' }),
      subject: 'Goalie run run-abc of Nightly passed: 1 passed, 1 failed',
    },
    {
      title: 'a cancelled run',
      run: run({ status: 'CANCELLED', result: null }),
      subject: 'Goalie run run-abc of Nightly was cancelled: 1 passed, 1 failed',
    },
    {
      title: 'a run that ended in an error, with a plan name over two lines',
      run: run({ status: 'ERROR', result: null, testPlanName: 'Night\r\nBcc: x@evil.example' }),
      subject: 'Goalie run run-abc of Night Bcc: x@evil.example ended in an error: 1 passed, 1 failed',
    },
  ];
  for (const t of table)
    it(`summarises ${t.title}`, () => {
      const mail = runSummaryEmail(t.run, cases, URL_);
      expect(mail.subject).to.equal(t.subject);
      expect(mail.subject).not.to.match(/[\r\n]/);
    });

  it('has the results table and the link in both parts, everything escaped in the HTML', () => {
    const mail = runSummaryEmail(run(), cases, URL_);
    expect(mail.text).to.include('- Sign in: PASSED\n');
    expect(mail.text).to.include('- Pay <b>now</b> & "go": FAILED (The total was <0> & wrong)');
    expect(mail.text).to.include('- After pay: SKIPPED (Skipped: dependency failed)');
    expect(mail.text).to.include('Test cases: 1 passed · 1 failed · 1 skipped · 0 errored');
    expect(mail.text).to.include('Duration: 2 min 5 s');
    expect(mail.text).to.include(`Open run: ${URL_}`);
    expect(mail.html).to.include(
      '<th style="text-align: left; padding: 4px 12px 4px 0; border-bottom: 1px solid #d0d7de">Reason</th>',
    );
    expect(mail.html).to.include('Pay &lt;b&gt;now&lt;/b&gt; &amp; &quot;go&quot;');
    expect(mail.html).to.include('The total was &lt;0&gt; &amp; wrong');
    expect(mail.html).to.include('Fix &lt;checkout&gt;');
    expect(mail.html).not.to.include('<b>now');
    expect(mail.html).to.include(`<a href="${URL_}">Open run</a>`);
  });

  it('says a run started, with the count and the link', () => {
    const mail = runStartedEmail(run({ status: 'RUNNING', result: null, finishedAt: null }), 1, URL_);
    expect(mail.subject).to.equal('Goalie run run-abc of Nightly started (1 test case)');
    expect(mail.text).to.include('1 test case.').and.include(`Open run: ${URL_}`).and.include('Branch: main');
    expect(mail.html).to.include(`href="${URL_}"`);
  });
});

describe('Teams messages', () => {
  const card = (m: ReturnType<typeof runSummaryTeams>) => m.attachments[0]!.content;

  it('is a Workflows message with one Adaptive Card 1.4 and an Open run action', () => {
    for (const message of [runSummaryTeams(run(), cases, URL_), runStartedTeams(run(), 3, URL_)]) {
      expect(message.type).to.equal('message');
      expect(message.attachments).to.have.length(1);
      expect(message.attachments[0]!.contentType).to.equal('application/vnd.microsoft.card.adaptive');
      const c = card(message);
      expect(c).to.include({
        $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
        type: 'AdaptiveCard',
        version: '1.4',
      });
      expect(c.actions).to.deep.equal([{ type: 'Action.OpenUrl', title: 'Open run', url: URL_ }]);
    }
  });

  const outcomes: { run: RunRecord; heading: string; color: string }[] = [
    { run: run(), heading: 'Goalie run run-abc of Nightly failed', color: 'Attention' },
    { run: run({ result: 'PASSED' }), heading: 'Goalie run run-abc of Nightly passed', color: 'Good' },
    { run: run({ result: 'SKIPPED' }), heading: 'Goalie run run-abc of Nightly had nothing to run', color: 'Default' },
  ];
  for (const o of outcomes)
    it(`heads a run that ${o.heading.split(' ').slice(5).join(' ')} in ${o.color}`, () => {
      expect(card(runSummaryTeams(o.run, cases, URL_)).body[0]).to.include({ text: o.heading, color: o.color });
    });

  it('lists each test case with its result and reason, Markdown characters escaped', () => {
    const body = card(runSummaryTeams(run(), [...cases, tc('*bold* [x](y)', {})], URL_)).body;
    const results = body.at(-1) as { type: string; facts: { title: string; value: string }[] };
    expect(results.type).to.equal('FactSet');
    expect(results.facts).to.deep.equal([
      { title: 'Sign in', value: 'PASSED' },
      { title: 'Pay <b>now</b> & "go"', value: 'FAILED: The total was <0> & wrong' },
      { title: 'After pay', value: 'SKIPPED: Skipped: dependency failed' },
      { title: '\\*bold\\* \\[x\\](y)', value: 'PASSED' },
    ]);
    const summary = body[1] as { facts: { title: string; value: string }[] };
    expect(summary.facts).to.deep.include({
      title: 'Test cases',
      value: '2 passed · 1 failed · 1 skipped · 0 errored',
    });
  });

  it(`shows at most ${TEAMS_ROWS} test cases and says how many more there are`, () => {
    const many = Array.from({ length: TEAMS_ROWS + 3 }, (_, i) => tc(`Case ${i}`, {}));
    const body = card(runSummaryTeams(run({ result: 'PASSED' }), many, URL_)).body;
    expect((body.at(-2) as { facts: unknown[] }).facts).to.have.length(TEAMS_ROWS);
    expect(body.at(-1)).to.include({ text: '…and 3 more on the run page' });
  });
});
