// Changing and deleting a test case, and its place in test plans (the API's extensions, docs/api.md).
// Each method is one consistent write; the use case puts a burn-in job in the same transaction.

/** Only the given fields change. */
export interface TestCaseChange {
  name?: string;
  goal?: string;
  expectedResult?: string | null;
  applicationId?: string;
  scenarioId?: string | null;
  resumeFromId?: string | null;
  /** The whole list: replaces the stored one. */
  waitForIds?: string[];
  /** The whole list, in order: replaces the stored one. */
  configIds?: string[];
  isEnabled?: boolean;
  /** Its steps are recorded again: GENERATING, the last burn-in's message cleared (queue the job with it). */
  burnInAgain: boolean;
}

/** A test case that needs another one: it resumes from it or waits for it. */
export interface Dependent {
  id: string;
  name: string;
  how: 'resumes from' | 'waits for';
}

export interface TestCaseChanges {
  /**
   * Until the transaction ends, no other change of the project's dependencies, memberships or test
   * cases that takes this lock runs: two changes that each look fine cannot together make a cycle,
   * nor point at a test case deleted meanwhile.
   */
  lockProject(projectId: string): Promise<void>;
  /** The test cases that resume from or wait for `id`, by name. */
  dependentsOf(id: string): Promise<Dependent[]>;
  update(id: string, change: TestCaseChange, at: Date): Promise<void>;
  /** Deletes the row; its plan memberships, configs and recorded steps go with it, run rows keep their results. */
  delete(id: string): Promise<void>;
  /** Appends it to the plan; false when it was in it already. */
  addToPlan(testPlanId: string, testCaseId: string): Promise<boolean>;
  /** false when it was not in the plan. */
  removeFromPlan(testPlanId: string, testCaseId: string): Promise<boolean>;
}
