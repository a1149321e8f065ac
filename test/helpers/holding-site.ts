// The site and project the client tests (CLI, GitHub Action, test-case burn-ins) share: Home at /,
// and /slow, which a test can hold so that a test case on it stays RUNNING; plus a project with one
// passing, one failing and one slow test case, each in a plan (Passing, Failing, Slow).
import { html, startSite, type Site } from './site.js';

/** Home at / ('All good'), and /slow ('finally'), which a test can hold with `site.hold('/slow')`. */
export function startHoldingSite(): Promise<Site> {
  return startSite({
    '/': html('Home', '<main><h1>Home</h1><p>All good</p></main>'),
    '/slow': html('Slow', '<main><p>finally</p></main>'),
  });
}

export interface HoldingProjectNames {
  organization: string;
  project: string;
  /** The test case that passes ('All good' on /). */
  passing: string;
  /** The test case that fails ('Free shipping' is not on /). */
  failing: string;
  /** The test case on /slow. */
  slow: string;
}

/**
 * A project testing the holding site at `siteUrl` (application Site, environment local, device
 * preset Phone): plans Passing (the default: the passing case), Failing (passing and failing) and Slow.
 */
export function holdingSiteProject(siteUrl: string, names: HoldingProjectNames): string {
  return `
organization: { name: ${names.organization} }
project: { name: ${names.project} }
applications:
  - name: Site
    environments: [{ name: local, url: "${siteUrl}", default: true }]
devicePresets:
  - name: Phone
    viewport: { width: 390, height: 844 }
testCases:
  - name: ${names.passing}
    application: Site
    goal: Go to /
    expectedResult: "'All good' is shown"
  - name: ${names.failing}
    application: Site
    goal: Go to /
    expectedResult: "'Free shipping' is shown"
  - name: ${names.slow}
    application: Site
    goal: Go to /slow
    expectedResult: "'finally' is shown"
testPlans:
  - name: Passing
    default: true
    testCases: [${names.passing}]
  - name: Failing
    testCases: [${names.passing}, ${names.failing}]
  - name: Slow
    testCases: [${names.slow}]
`;
}
