// What the apply planners share: problems found at a place in the file, name tables, planned rows.
export type DocPath = (string | number)[];

export interface Problem {
  path: DocPath;
  message: string;
}

/** A planner's list of problems and the function that adds one. */
export function problemList(): { problems: Problem[]; problem: (path: DocPath, message: string) => void } {
  const problems: Problem[] = [];
  return { problems, problem: (path, message) => void problems.push({ path, message }) };
}

/** The message for a name that matches nothing, in the file or in the stored project. */
export const namesNo = (kind: string, name: string, projectLabel: string) =>
  `names no ${kind} ${JSON.stringify(name)} in this file or in ${projectLabel}`;

/** A name -> object table of stored objects. */
export function lookup<T extends { name: string }>(existing: readonly T[]) {
  return new Map(existing.map((e) => [e.name, e]));
}

/** A row to write and whether this apply creates it. */
export type Planned<Row> = Row & { created: boolean };

/** The rows without the planner's `created`. */
export const rows = <Row>(planned: Planned<Row>[]): Row[] => planned.map(({ created: _, ...row }) => row as Row);
