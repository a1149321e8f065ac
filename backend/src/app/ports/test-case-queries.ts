// What the dashboard's test case list and test case page read: test cases with their application and
// plans, a page at a time; their last finished results; a test case's history of results.
import type { RunTestCaseResult, RunTestCaseStatus } from '../../domain/run-state.js';
import type { GenerationStatus, StoredTrigger } from '../records.js';

/** Test cases whose burn-in failed, is running, or that are disabled or enabled. */
export type StoredState = 'failed-burn-in' | 'burning-in' | 'disabled' | 'enabled';

export interface TestCaseFilter {
  /** Part of the name, any case. */
  search: string | null;
  planShortId: string | null;
  state: StoredState | null;
  /** Only these (the flaky ones, judged from their results). */
  ids: string[] | null;
}

/** Of the test cases matching a filter: how many, and in which state. */
export interface TestCaseCounts {
  total: number;
  failedBurnIn: number;
  burningIn: number;
  disabled: number;
}

export interface TestCaseListRow {
  id: string;
  name: string;
  applicationName: string;
  generationStatus: GenerationStatus;
  generationError: string | null;
  isEnabled: boolean;
  createdVia: 'api' | 'apply';
  /** The plans it is in, by name. */
  plans: { shortId: string; name: string }[];
}

/** A finished result of a test case in a run (PASSED, FAILED, ERROR or SKIPPED). */
export interface FinishedResultRow {
  testCaseId: string;
  runShortId: string;
  runTestCaseShortId: string;
  outcome: 'PASSED' | 'FAILED' | 'ERROR' | 'SKIPPED';
  resultTitle: string | null;
  commitHash: string | null;
  finishedAt: Date;
}

/** One run of the test case, whatever its state (a queued one too). */
export interface TestCaseHistoryRow {
  runShortId: string;
  runTestCaseShortId: string;
  status: RunTestCaseStatus;
  result: RunTestCaseResult | null;
  resultTitle: string | null;
  trigger: StoredTrigger;
  actor: string | null;
  branch: string | null;
  commitHash: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

export interface TestCaseQueries {
  /** One page of the project's test cases matching `filter`, by name, and how many match in all. */
  page(
    projectId: string,
    filter: TestCaseFilter,
    page: { limit: number; offset: number },
  ): Promise<{ rows: TestCaseListRow[]; counts: TestCaseCounts }>;
  /** The ids of every test case matching `filter` (to judge flakiness before paging). */
  matchingIds(projectId: string, filter: TestCaseFilter): Promise<string[]>;
  /** The newest `count` finished results of each test case, oldest first. */
  lastResults(testCaseIds: string[], count: number): Promise<FinishedResultRow[]>;
  /** The test case's runs: those not finished yet first, then the latest finished. */
  history(testCaseId: string, limit: number): Promise<TestCaseHistoryRow[]>;
  /** The plans a test case is in, by name. */
  plansOf(testCaseId: string): Promise<{ shortId: string; name: string }[]>;
  /** The project's plans, by name (the list's plan filter). */
  planChoices(projectId: string): Promise<{ shortId: string; name: string }[]>;
}
