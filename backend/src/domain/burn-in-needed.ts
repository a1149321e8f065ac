// Whether a test case's steps must be recorded again: it is new, or what the steps were recorded
// for changed (its goal, or the application they run against). `goalie apply` and the API's update
// of a test case decide it the same way; the expected result, configs and dependencies are read at
// run time and need no new burn-in.

export interface BurnInSubject {
  goal: string;
  /** undefined: not resolved (the caller reports that problem). */
  applicationId: string | undefined;
}

export function burnInNeeded(before: BurnInSubject | undefined, after: BurnInSubject): boolean {
  return !before || before.goal !== after.goal || before.applicationId !== after.applicationId;
}
