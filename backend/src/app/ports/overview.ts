// What the dashboard's home shows: the projects a user may see, each plan with its latest run and its
// pass rate over a period.
import type { RunResult, RunStatus } from '../../domain/run-state.js';

export interface ProjectSummary {
  id: string;
  name: string;
  slug: string;
  organizationId: string;
  organizationName: string;
  publicResults: boolean;
}

export interface PlanSummary {
  id: string;
  projectId: string;
  name: string;
  shortId: string;
  latestRun: { shortId: string; status: RunStatus; result: RunResult | null; createdAt: Date } | null;
  /** Finished runs in the period, and how many of them passed. */
  finishedRuns: number;
  passedRuns: number;
}

/**
 * A run, review or test case a page is about: runs and reviews by the short ID of their page's
 * address, or (evidence keys) by their UUID; test cases by their UUID.
 */
export type ResultRef =
  { kind: 'run' | 'review'; shortId: string } | { kind: 'run' | 'review' | 'test-case'; id: string };

export interface OverviewQueries {
  /** Projects of these organizations (all of them: null), by organization and name. */
  projects(organizationIds: string[] | null): Promise<ProjectSummary[]>;
  projectBySlug(slug: string): Promise<ProjectSummary | null>;
  /**
   * Whether `ref` exists in a project with publicResults: one statement, the same whether it is
   * missing or private, so someone signed out cannot tell those apart by the time it takes.
   */
  publishedResult(ref: ResultRef): Promise<boolean>;
  /** The plans of these projects, with runs counted from `since`. */
  plans(projectIds: string[], since: Date): Promise<PlanSummary[]>;
}
