// The Slack commands' answers write names from project files (plans, projects) and what was typed as
// text: a plan named `<https://evil.example/login|Log in>` or `<!channel>` makes no link and pings
// nobody. Against a store holding only what each answer reads.
import { expect } from 'chai';
import type { AppContext } from '../../../backend/src/app/context.js';
import { linksFor } from '../../../backend/src/app/context.js';
import { handleCommand } from '../../../backend/src/app/slack/slack-commands.js';
import { runRecord } from '../../helpers/run-record.js';

const HOSTILE = '<https://evil.example/login|Log in to Goalie> <!channel> <@U999> & more';
const GOALIE = 'https://goalie.example.com';

function context(): AppContext {
  const project = { id: 'p1', name: HOSTILE, organizationId: 'o1' };
  const store = {
    projects: { connectedToChannel: async () => [project] },
    organizations: { findById: async () => ({ id: 'o1', name: 'Acme' }) },
    testPlans: { listByProject: async () => [{ id: 'tp1', shortId: 'pln-1', name: HOSTILE }] },
    runs: {
      findByShortId: async () => runRecord({ status: 'RUNNING', result: null, testPlanName: HOSTILE }),
      testCasesOf: async () => [],
    },
  };
  return { store, links: linksFor(GOALIE), now: () => new Date() } as unknown as AppContext;
}

/** Slack's mrkdwn: <…> is a link, a mention or a special mention (<!channel>, <!here>, <!date…>). */
const markup = (text: string) => [...text.matchAll(/<([^>]*)>/g)].map((m) => m[1]!);

describe('Slack commands write outside text as text', () => {
  const ask = (text: string) =>
    handleCommand(context(), { text, channel: 'CTEAM', userName: 'ada<!here>', verifiedProjectIds: ['p1'] });

  it('the "No test plan" answer lists plan names, the project and the typed name escaped', async () => {
    const answer = await ask('run <!channel> nope');
    expect(answer.text).to.match(/^No test plan/);
    expect(markup(answer.text)).to.deep.equal([]);
    // Slack shows &lt; &gt; &amp; as < > &: the names read as written.
    const reads = answer.text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    expect(reads).to.include(`in project ${HOSTILE}. Plans: ${HOSTILE} (\`pln-1\`)`);
    expect(reads).to.include('"<!channel> nope"');
  });

  it("a run's status names its plan escaped; the only link is the run page", async () => {
    const answer = await ask('status run-abc');
    expect(markup(answer.text)).to.deep.equal([`${GOALIE}/runs/run-abc|Run run-abc`]);
    expect(answer.text).to.include(`*${HOSTILE.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}*`);
  });
});
