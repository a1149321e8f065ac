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

export interface OverviewQueries {
  /** Projects of these organizations (all of them: null), by organization and name. */
  projects(organizationIds: string[] | null): Promise<ProjectSummary[]>;
  projectBySlug(slug: string): Promise<ProjectSummary | null>;
  /** The plans of these projects, with runs counted from `since`. */
  plans(projectIds: string[], since: Date): Promise<PlanSummary[]>;
}
