// Tries of a goal from the dashboard's test case form: a burn-in of a goal not saved yet, run by a
// worker, its steps stored as they are recorded (the page polls them), then the expected result's
// check. One row per try (migration 0020).
import type { SecretValue } from '../../domain/mask-secrets.js';
import type { ConfigValues, Step } from '../../domain/steps.js';
import type { NamedRecord } from '../records.js';
import type { BrowserAccess, DevicePresetRecord, Prelude } from './test-executor.js';

export type GoalTryStatus = 'QUEUED' | 'RUNNING' | 'PASSED' | 'FAILED' | 'ERROR';

/** The test case form as it was sent with the try, to show it again (references by short ID or UUID). */
export interface TestCaseForm {
  name: string;
  goal: string;
  expectedResult: string;
  /** The environment's short ID: it names the application too. */
  environment: string;
  configs: string[];
  plans: string[];
  /** A test case UUID, or '' for none. */
  resumeFrom: string;
  waitFor: string[];
}

export interface NewGoalTry {
  id: string;
  projectId: string;
  userId: string;
  /** The test case being edited; null: a new one. */
  testCaseId: string | null;
  applicationId: string;
  environmentId: string;
  goal: string;
  expectedResult: string | null;
  configIds: string[];
  resumeFromId: string | null;
  form: TestCaseForm;
}

export interface GoalTryRecord extends NewGoalTry {
  status: GoalTryStatus;
  /** The goal was carried out (its steps are recorded); what is left is the expected result. */
  goalDone: boolean;
  /** The expected result is being checked. */
  checking: boolean;
  /** As recorded, with placeholders (as a burn-in stores them): mask before showing. */
  steps: Step[];
  /** By step: the key of the screenshot taken after it, or null. */
  screenshots: (string | null)[];
  finalScreenshot: string | null;
  /** Masked when written. */
  resultTitle: string | null;
  resultThought: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/** What the worker needs to run a try, as a burn-in's GenerationInput. */
export interface GoalTryInput {
  id: string;
  projectId: string;
  goal: string;
  expectedResult: string | null;
  baseUrl: string;
  devicePreset: DevicePresetRecord | null;
  configs: ConfigValues;
  preludes: Prelude[];
  access: BrowserAccess;
  /** Every secret config value of the project, masked in the outcome and the evidence. */
  secrets: SecretValue[];
}

export interface GoalTryOutcome {
  status: 'PASSED' | 'FAILED' | 'ERROR';
  goalDone: boolean;
  steps: Step[];
  finalScreenshot: string | null;
  resultTitle: string | null;
  resultThought: string | null;
}

export interface TestCaseFormChoices {
  applications: (NamedRecord & {
    environments: (NamedRecord & { url: string; isDefault: boolean })[];
  })[];
  configs: NamedRecord[];
  plans: NamedRecord[];
  testCases: { id: string; name: string }[];
}

export interface GoalTries {
  /**
   * Tries of the project QUEUED or RUNNING that were started at or after `since`, the project's row
   * locked until the transaction ends: tries of one project are counted and started one at a time.
   */
  lockAndCountLive(projectId: string, since: Date): Promise<number>;
  create(goalTry: NewGoalTry, at: Date): Promise<void>;
  find(id: string): Promise<GoalTryRecord | null>;
  /**
   * QUEUED or RUNNING becomes RUNNING, its progress cleared (a try handed back starts over), and
   * what the worker needs; null when it is gone, ended, or its environment has no URL.
   */
  start(id: string, at: Date): Promise<GoalTryInput | null>;
  /** A step as it was recorded, with the screenshot taken after it (null: none). */
  addStep(id: string, step: Step, screenshot: string | null): Promise<void>;
  /** The goal is done: the expected result is being checked. */
  markChecking(id: string): Promise<void>;
  /** Ends a RUNNING (or QUEUED) try; false when it had ended already. */
  finish(id: string, outcome: GoalTryOutcome, at: Date): Promise<boolean>;
  /** Ids of tries created before `before`, oldest first. */
  createdBefore(before: Date, limit: number): Promise<string[]>;
  delete(ids: string[]): Promise<void>;
  /** What the form offers: applications with their environments (no previews), configs, plans, test cases. */
  formChoices(projectId: string): Promise<TestCaseFormChoices>;
  /** Every secret config value of the project, with its placeholder: what a try's texts are masked with. */
  projectSecrets(projectId: string): Promise<SecretValue[]>;
}
