// Links into a run's page: the one id a run test case's element has there, and the link to it.
// The dashboard renders that id, and every link builder (job summaries, review comments, JUnit
// reports, the MCP server, the dashboard's own links) takes it from here.

/**
 * The id of a run test case's element on its run's page: the run test case's short ID as it is.
 * It is what the reports, job summaries and comments linked with from the start (stored in CI
 * systems and merge requests, so it stays); ten letters and digits, it is none of the page's
 * other ids ("main", and prefixed ones such as `h-<shortId>`).
 */
export function runTestCaseAnchor(runTestCaseShortId: string): string {
  return runTestCaseShortId;
}

/** The form the MCP server (and the passed test cases' elements) used before: the run page still answers it. */
export function legacyRunTestCaseAnchor(runTestCaseShortId: string): string {
  return `tc-${runTestCaseShortId}`;
}

/** `runUrl` (absolute, or a path such as `/runs/<shortId>`) with the fragment of one of its run test cases. */
export function runTestCaseLink(runUrl: string, runTestCaseShortId: string): string {
  return `${runUrl}#${encodeURIComponent(runTestCaseAnchor(runTestCaseShortId))}`;
}
