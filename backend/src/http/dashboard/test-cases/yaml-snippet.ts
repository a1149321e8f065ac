// A test case as the project file declares it, for a test case the file owns that was changed in the
// dashboard: the block to paste into the file so the next goalie apply keeps the change. Written
// with the options of the project file's writer (shared/src/project-file/write.ts: no folded lines,
// literal blocks for multi-line text); that writer adds an export header, which a snippet has none of.
import YAML from 'yaml';

export interface TestCaseYamlFields {
  name: string;
  application: string;
  goal: string;
  expectedResult: string | null;
  configs: string[];
  resumeFrom: string | null;
  waitFor: string[];
  enabled: boolean;
  /** The plans that list it: their `testCases` name it (said in a comment). */
  plans: string[];
}

/** The `testCases:` entry of the test case, its keys in the file's order; defaults left out. */
export function testCaseYaml(t: TestCaseYamlFields): string {
  const entry: Record<string, unknown> = { name: t.name, application: t.application, goal: t.goal };
  if (t.expectedResult) entry.expectedResult = t.expectedResult;
  if (t.configs.length) entry.configs = t.configs;
  if (t.resumeFrom) entry.resumeFrom = t.resumeFrom;
  if (t.waitFor.length) entry.waitFor = t.waitFor;
  if (!t.enabled) entry.enabled = false;
  const doc = new YAML.Document({ testCases: [entry] });
  doc.commentBefore = ` Replace the entry named ${JSON.stringify(t.name)} under testCases with this one.`;
  if (t.plans.length)
    doc.comment = ` Listed in the testCases of the test plan${t.plans.length === 1 ? '' : 's'} ${t.plans.map((p) => JSON.stringify(p)).join(', ')}.`;
  return doc.toString({ lineWidth: 0, blockQuote: 'literal' });
}
