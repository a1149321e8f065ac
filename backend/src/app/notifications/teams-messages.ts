// Microsoft Teams messages about runs: what a Workflows "When a Teams webhook request is received"
// flow posts, an Adaptive Card (1.4, what Teams renders) in a message. Pure. Adaptive Cards' TextBlock
// reads a subset of Markdown, so text from the run is escaped.
import type { RunRecord, RunTestCaseRecord } from '../records.js';
import { attributionFacts, runSummary } from './run-facts.js';

export type TeamsMessage = {
  type: 'message';
  attachments: { contentType: 'application/vnd.microsoft.card.adaptive'; contentUrl: null; content: AdaptiveCard }[];
};

export interface AdaptiveCard {
  $schema: 'http://adaptivecards.io/schemas/adaptive-card.json';
  type: 'AdaptiveCard';
  version: '1.4';
  body: Record<string, unknown>[];
  actions: { type: 'Action.OpenUrl'; title: string; url: string }[];
}

/** Teams shows at most this many test cases; the rest are on the run page. */
export const TEAMS_ROWS = 20;

/** Markdown's emphasis, code and link characters: a test case named `*a*` stays as written. */
const md = (text: string) => text.replace(/([\\`*_[\]~])/g, '\\$1');

function message(body: Record<string, unknown>[], runUrl: string): TeamsMessage {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body,
          actions: [{ type: 'Action.OpenUrl', title: 'Open run', url: runUrl }],
        },
      },
    ],
  };
}

const heading = (text: string, color = 'Default') => ({
  type: 'TextBlock',
  text: md(text),
  weight: 'Bolder',
  size: 'Medium',
  wrap: true,
  color,
});

const facts = (pairs: { title: string; value: string }[]) => ({
  type: 'FactSet',
  facts: pairs.map((p) => ({ title: md(p.title), value: md(p.value) })),
});

export function runStartedTeams(run: RunRecord, testCount: number, runUrl: string): TeamsMessage {
  return message(
    [
      heading(`Goalie run ${run.shortId} of ${run.testPlanName} started`),
      facts([{ title: 'Test cases', value: String(testCount) }, ...attributionFacts(run)]),
    ],
    runUrl,
  );
}

export function runSummaryTeams(run: RunRecord, testCases: readonly RunTestCaseRecord[], runUrl: string): TeamsMessage {
  const { outcome, title, facts: summary, rows } = runSummary(run, testCases);
  const color = outcome === 'passed' ? 'Good' : outcome === 'nothing' ? 'Default' : 'Attention';
  const body: Record<string, unknown>[] = [heading(title, color), facts(summary)];
  if (rows.length) {
    body.push({ type: 'TextBlock', text: 'Results', weight: 'Bolder', spacing: 'Medium' });
    body.push(
      facts(
        rows
          .slice(0, TEAMS_ROWS)
          .map((r) => ({ title: r.name, value: r.reason ? `${r.result}: ${r.reason}` : r.result })),
      ),
    );
    if (rows.length > TEAMS_ROWS)
      body.push({ type: 'TextBlock', text: `…and ${rows.length - TEAMS_ROWS} more on the run page`, wrap: true });
  }
  return message(body, runUrl);
}
