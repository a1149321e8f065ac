// The same problem seen on many pages is one finding: a layout-wide accessibility violation or the
// same console error on 20 pages gives one finding that names the pages, not 20 copies. Pure.
//
// Observations with the same key merge: the first one seen gives the page, the title and the
// evidence; the title says on how many pages, the evidence lists them; the severity is the worst
// seen. Findings come out worst first, then in the order they were first seen.
import type { Finding } from '../app/ports/explorer.js';
import type { RawFinding } from './findings.js';
import { SEVERITY_RANK, worst } from './severity.js';
import { displayPath } from './urls.js';

const PAGES_LISTED = 10;

export function mergeFindings(observations: readonly RawFinding[]): Finding[] {
  const groups = new Map<string, { first: RawFinding; severity: Finding['severity']; pages: string[] }>();
  for (const observation of observations) {
    const group = groups.get(observation.key);
    if (!group) {
      groups.set(observation.key, { first: observation, severity: observation.severity, pages: [observation.page] });
      continue;
    }
    group.severity = worst(group.severity, observation.severity);
    if (!group.pages.includes(observation.page)) group.pages.push(observation.page);
  }
  const merged = [...groups.values()].map(({ first, severity, pages }): Finding => {
    const finding: Finding = {
      severity,
      kind: first.kind,
      title: first.title,
      page: first.page,
      evidence: first.evidence,
    };
    if (pages.length > 1) {
      const listed = pages.slice(0, PAGES_LISTED).map(displayPath).join(', ');
      const more = pages.length > PAGES_LISTED ? `, and ${pages.length - PAGES_LISTED} more` : '';
      finding.title = `${first.title} (on ${pages.length} pages)`;
      finding.evidence = `${first.evidence}\nSeen on ${pages.length} pages: ${listed}${more}`;
    }
    return finding;
  });
  // Array.prototype.sort is stable: equal severities keep the order they were first seen in.
  return merged.sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity]);
}
