// Test cases: their references to applications, configs, scenarios and to each other, checked, and
// whether their steps must be generated again.
import { randomUUID } from 'node:crypto';
import type { ProjectFile } from '../../../../shared/src/project-file/schema.js';
import { burnInNeeded } from '../../domain/burn-in-needed.js';
import { findCycle, topologicalOrder, type DependencyEdges } from '../../domain/dependency-graph.js';
import type { ExistingProject, ProjectWrite } from '../ports/projects-as-code.js';
import { lookup, namesNo, problemList, rows, type Planned, type Problem } from './planning.js';

export interface TestCasesPlan {
  /** In file order; `created`: new in this apply. */
  testCases: Planned<ProjectWrite['testCases'][number]>[];
  /** name -> id, file first, then database. */
  testCaseByName: Map<string, string>;
  /** Dependencies of the stored and declared test cases, by id. */
  graph: Map<string, DependencyEdges>;
  problems: Problem[];
}

/** What test cases refer to, by name: file first, then database. */
export interface TestCaseReferences {
  applicationByName: Map<string, string>;
  configByName: Map<string, string>;
  scenarioByName: Map<string, string>;
}

export function planTestCases(
  doc: Pick<ProjectFile, 'testCases'>,
  existing: Pick<ExistingProject, 'testCases'>,
  refs: TestCaseReferences,
  projectLabel: string,
): TestCasesPlan {
  const { problems, problem } = problemList();
  // Ids first, so dependencies can point at test cases declared later in the file.
  const oldTestCases = lookup(existing.testCases);
  const testCaseByName = new Map(existing.testCases.map((t) => [t.name, t.id]));
  const declared = doc.testCases.map((t) => {
    const prev = oldTestCases.get(t.name);
    const id = prev?.id ?? randomUUID();
    testCaseByName.set(t.name, id);
    return { doc: t, id, prev };
  });
  const graph = new Map<string, DependencyEdges>(
    existing.testCases.map((t) => [t.id, { resumeFrom: t.resumeFromId, waitFor: t.waitForIds }]),
  );
  const testCases = declared.map(({ doc: t, id, prev }, ti) => {
    const at = (...rest: (string | number)[]) => ['testCases', ti, ...rest];
    const applicationId = refs.applicationByName.get(t.application);
    if (!applicationId) problem(at('application'), namesNo('application', t.application, projectLabel));
    const configIds = t.configs.flatMap((c, ci) => {
      const cid = refs.configByName.get(c);
      if (!cid) problem(at('configs', ci), namesNo('config', c, projectLabel));
      return cid ? [cid] : [];
    });
    const scenarioId = t.scenario ? refs.scenarioByName.get(t.scenario) : undefined;
    if (t.scenario && !scenarioId) problem(at('scenario'), namesNo('scenario', t.scenario, projectLabel));
    const resumeFromId = t.resumeFrom ? testCaseByName.get(t.resumeFrom) : undefined;
    if (t.resumeFrom && !resumeFromId) problem(at('resumeFrom'), namesNo('test case', t.resumeFrom, projectLabel));
    if (new Set(t.waitFor).size !== t.waitFor.length) problem(at('waitFor'), 'lists a test case more than once');
    const waitForIds = t.waitFor.flatMap((w, wi) => {
      const wid = testCaseByName.get(w);
      if (!wid) problem(at('waitFor', wi), namesNo('test case', w, projectLabel));
      return wid ? [wid] : [];
    });
    graph.set(id, { resumeFrom: resumeFromId ?? null, waitFor: waitForIds });
    const regenerate = burnInNeeded(prev, { goal: t.goal, applicationId });
    return {
      id,
      applicationId: applicationId ?? '',
      name: t.name,
      goal: t.goal,
      expectedResult: t.expectedResult ?? null,
      scenarioId: scenarioId ?? null,
      resumeFromId: resumeFromId ?? null,
      waitForIds: [...new Set(waitForIds)],
      configIds: [...new Set(configIds)],
      isEnabled: t.enabled,
      generationStatus: regenerate || !prev ? ('GENERATING' as const) : prev.generationStatus,
      regenerate,
      created: !prev,
    };
  });
  const cycle = findCycle(graph);
  if (cycle) {
    const nameOf = new Map([...testCaseByName].map(([name, id]) => [id, name]));
    const first = declared.findIndex((d) => cycle.includes(d.id));
    // The circle read from the first of its test cases in the file, whatever order the search found it in.
    const ring = cycle.slice(0, -1);
    const at = first >= 0 ? Math.max(0, ring.indexOf(declared[first]!.id)) : 0;
    const from = [...ring.slice(at), ...ring.slice(0, at), ring[at]!];
    problem(
      first >= 0 ? ['testCases', first] : ['testCases'],
      `dependencies form a cycle: ${from.map((id) => nameOf.get(id) ?? id).join(' → ')}; a test case cannot depend on itself, directly or through others`,
    );
  }
  return { testCases, testCaseByName, graph, problems };
}

/** The rows to write, dependencies before dependents; only for a plan without problems (no cycle). */
export function testCaseRows(plan: TestCasesPlan): ProjectWrite['testCases'] {
  const byId = new Map(rows(plan.testCases).map((t) => [t.id, t]));
  return topologicalOrder(
    plan.testCases.map((t) => t.id),
    plan.graph,
  ).map((id) => byId.get(id)!);
}
