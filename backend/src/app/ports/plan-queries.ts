// What the dashboard's plans page and status badges read: each plan of a project with its test cases,
// the environment and device preset each application runs with, its schedules and Slack channel; a
// plan's last finished run for its badge.
import type { RunResult, RunStatus } from '../../domain/run-state.js';
import type { GenerationStatus } from '../records.js';

export interface PlanDetails {
  id: string;
  shortId: string;
  name: string;
  description: string | null;
  owner: string | null;
  /** The project's default plan (what `POST /v1/run` without a plan runs). */
  isDefault: boolean;
  /** In plan order. */
  testCases: { id: string; name: string; isEnabled: boolean; generationStatus: GenerationStatus }[];
  /**
   * Each application the plan's test cases use (or the plan sets), with the environment and device
   * preset its runs get: the plan's, else the application's default environment and the project's
   * default preset.
   */
  applications: {
    name: string;
    environment: { name: string; url: string } | null;
    fromPlan: boolean;
    devicePreset: string | null;
  }[];
  schedules: { cron: string; description: string; timezone: string; enabled: boolean }[];
  slack: { channel: string; notifyOn: 'always' | 'failure' } | null;
  /** Its email and Teams channels (Teams by masked URL); null: none declared, the project's apply. */
  email: { to: string[]; notifyOn: 'always' | 'failure' }[] | null;
  teams: { label: string; notifyOn: 'always' | 'failure' }[] | null;
  /** The secret of its badge URL, for projects whose results are not public. */
  badgeToken: string;
}

export interface PlanBadge {
  name: string;
  badgeToken: string;
  publicResults: boolean;
  /** Its last run that finished (COMPLETED or ERROR); null: none yet. */
  lastFinished: { status: RunStatus; result: RunResult | null } | null;
}

export interface PlanQueries {
  /** The project's plans, by name. */
  plans(projectId: string): Promise<PlanDetails[]>;
  /** A plan by its short ID, with what its badge shows; null: no such plan. */
  badge(planShortId: string): Promise<PlanBadge | null>;
}
