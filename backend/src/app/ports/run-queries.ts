// What the dashboard's run list and run page read: a project's runs, filtered and paged newest first
// with their test cases counted; a run's neighbours (the previous run of its plan, the run it
// reran); the recorded steps its screenshots were taken after; the project's repository host.
import type { RepositoryHost } from '../../domain/host-links.js';
import type { RunResult, RunStatus } from '../../domain/run-state.js';
import type { StoredTrigger } from '../records.js';

/** Every field narrows the list; absent fields do not. */
export interface RunFilter {
  planShortId?: string;
  status?: RunStatus;
  result?: RunResult;
  trigger?: StoredTrigger;
  /** Exactly this branch. */
  branch?: string;
  /** Lowercase hexadecimal: commits whose hash starts with it. */
  commitPrefix?: string;
  /** Part of the actor, any case. */
  author?: string;
  /** Created at or after. */
  createdFrom?: Date;
  /** Created before. */
  createdBefore?: Date;
}

/** Keyset paging by run: `before` lists the runs older than it, `after` those newer than it. */
export type RunCursor = { before: string } | { after: string } | null;

export interface RunCounts {
  total: number;
  passed: number;
  failed: number;
  errored: number;
  skipped: number;
  cancelled: number;
  /** Pending or running. */
  toGo: number;
}

export interface RunListRow {
  shortId: string;
  planName: string;
  planShortId: string;
  status: RunStatus;
  result: RunResult | null;
  trigger: StoredTrigger;
  actor: string | null;
  branch: string | null;
  commitHash: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  counts: RunCounts;
}

export interface RunListPage {
  /** Newest first. */
  rows: RunListRow[];
  /** Whether runs matching the filter exist newer than the first row, and older than the last. */
  newer: boolean;
  older: boolean;
  /** False when the cursor names no run of the project. */
  cursorFound: boolean;
}

export interface RunNeighbour {
  shortId: string;
  status: RunStatus;
  result: RunResult | null;
  createdAt: Date;
}

export interface RepositoryLinkage {
  host: RepositoryHost;
  apiUrl: string;
  repository: string;
}

export interface RunQueries {
  /** The project's test plans (short id, name) by name, for the plan filter. */
  planOptions(projectId: string): Promise<{ shortId: string; name: string }[]>;
  /** One page of `size` runs, in one statement whatever the size. */
  list(projectId: string, filter: RunFilter, cursor: RunCursor, size: number): Promise<RunListPage>;
  /** The run of the same plan created just before this one. */
  previousOfPlan(run: {
    projectId: string;
    testPlanShortId: string;
    createdAt: Date;
    id: string;
  }): Promise<RunNeighbour | null>;
  byId(id: string): Promise<RunNeighbour | null>;
  /** The sentences of recorded step versions, by `${testCaseId}:${version}`. */
  stepSentences(versions: { testCaseId: string; version: number }[]): Promise<Map<string, string[]>>;
  /** The project's repository connection, without its credentials. */
  repositoryOf(projectId: string): Promise<RepositoryLinkage | null>;
  /**
   * A run as the API reads it (GET /v1/run/{id}), and when `withTestCases` all its test cases in the
   * API's shape in run order, as JSON text: one statement, whatever the number of test cases.
   */
  /** `extensions`: each test case also carries Goalie's extension fields (projectTestCaseId, startedAt, finishedAt). */
  runStatus(
    projectId: string,
    shortId: string,
    withTestCases: boolean,
    extensions: boolean,
  ): Promise<RunStatusRow | null>;
}

export interface RunStatusRow {
  id: string;
  shortId: string;
  status: RunStatus;
  /** As stored: the API shows none before the run ends. */
  result: RunResult | null;
  /** The JSON text of RunTestCase[], as the answer sends it ('[]' when not asked for). */
  testCasesJson: string;
}
