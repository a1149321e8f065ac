// Create a test case through the API: validated references, no dependency cycles, stored disabled
// with generationStatus GENERATING (the burn-in records its steps). The checks of references, names
// and cycles are shared with changing a test case (update-test-case.ts).
import { randomUUID } from 'node:crypto';
import type { CreateTestCaseInput } from '../../../shared/src/api/schemas.js';
import { findCycle, type DependencyEdges } from '../domain/dependency-graph.js';
import type { AppContext } from './context.js';
import { BadRequest, NotFound } from './errors.js';
import { UniqueViolation, type NewTestCase, type Repositories } from './ports/store.js';
import type { Caller, TestCaseRecord } from './records.js';
import { dependencyMap } from './start-run.js';

export interface CreatedTestCase {
  id: string;
  name: string;
  url: string;
}

function missing(kind: string, ids: string[], project: string): NotFound {
  return new NotFound(
    `${kind} ${ids.join(', ')} ${ids.length === 1 ? 'was' : 'were'} not found in project ${project}.`,
  );
}

/** The references a test case body may carry, by short ID or UUID; undefined: not given. */
export interface ReferenceInput {
  applicationShortId?: string;
  configShortIds?: string[];
  scenarioShortId?: string | null;
  resumeFromDependencyProjectTestCaseId?: string | null;
  waitForDependenciesProjectTestCaseIds?: string[];
}

export interface ResolvedReferences {
  applicationId?: string;
  /** In the order given, each once. */
  configIds?: string[];
  scenarioId?: string | null;
  /** Every test case of the project: the dependency graph needs all of them. */
  all: TestCaseRecord[];
}

/** Each given reference found in the caller's project (404 naming the missing ones), and every test case. */
export async function resolveReferences(
  ctx: AppContext,
  caller: Caller,
  input: ReferenceInput,
): Promise<ResolvedReferences> {
  const { project } = caller;
  const configShortIds = input.configShortIds && [...new Set(input.configShortIds)];
  const waitFor = input.waitForDependenciesProjectTestCaseIds ?? [];
  if (new Set(waitFor).size !== waitFor.length) {
    throw new BadRequest(
      'waitForDependenciesProjectTestCaseIds lists a test case more than once; list each dependency once.',
    );
  }
  const dependencyIds = [
    ...new Set([
      ...waitFor,
      ...(input.resumeFromDependencyProjectTestCaseId ? [input.resumeFromDependencyProjectTestCaseId] : []),
    ]),
  ];
  const [apps, configs, scenarios, all] = await Promise.all([
    input.applicationShortId
      ? ctx.store.catalog.applicationsByShortId(project.id, [input.applicationShortId])
      : Promise.resolve([]),
    configShortIds?.length ? ctx.store.catalog.configsByShortId(project.id, configShortIds) : Promise.resolve([]),
    input.scenarioShortId
      ? ctx.store.catalog.scenariosByShortId(project.id, [input.scenarioShortId])
      : Promise.resolve([]),
    ctx.store.testCases.listByProject(project.id),
  ]);
  const application = apps[0];
  if (input.applicationShortId && !application) throw missing('Application', [input.applicationShortId], project.name);
  const absentConfigs = (configShortIds ?? []).filter((id) => !configs.some((c) => c.shortId === id));
  if (absentConfigs.length)
    throw missing(absentConfigs.length === 1 ? 'Config' : 'Configs', absentConfigs, project.name);
  const scenario = scenarios[0];
  if (input.scenarioShortId && !scenario) throw missing('Scenario', [input.scenarioShortId], project.name);
  const absentDeps = dependencyIds.filter((id) => !all.some((tc) => tc.id === id));
  if (absentDeps.length)
    throw missing(absentDeps.length === 1 ? 'Dependency test case' : 'Dependency test cases', absentDeps, project.name);
  return {
    applicationId: application?.id,
    configIds: configShortIds?.map((sid) => configs.find((c) => c.shortId === sid)!.id),
    scenarioId: input.scenarioShortId === undefined ? undefined : (scenario?.id ?? null),
    all,
  };
}

/** 400 when the test case `id` (named `name`) with these dependencies would close a cycle. */
export function refuseCycle(all: readonly TestCaseRecord[], id: string, name: string, edges: DependencyEdges): void {
  const graph = new Map(dependencyMap(all));
  graph.set(id, edges);
  const cycle = findCycle(graph);
  if (!cycle) return;
  const names = cycle.map((tcId) => (tcId === id ? name : (all.find((tc) => tc.id === tcId)?.name ?? tcId)));
  throw new BadRequest(
    `These dependencies form a cycle: ${names.join(' → ')}. A test case cannot depend on itself, directly or through others.`,
  );
}

/**
 * Inside the transaction that writes a test case's dependencies: the project's test cases locked
 * against other such changes and read again, so that what was checked before still holds. `self`:
 * the test case changed, which must still exist.
 */
export async function recheckDependencies(
  tx: Repositories,
  caller: Caller,
  change: { id: string; name: string; edges: DependencyEdges; self: boolean },
): Promise<void> {
  const { project } = caller;
  await tx.testCaseChanges.lockProject(project.id);
  const all = await tx.testCases.listByProject(project.id);
  if (change.self && !all.some((tc) => tc.id === change.id)) throw missing('Test case', [change.id], project.name);
  const needed = [...(change.edges.resumeFrom ? [change.edges.resumeFrom] : []), ...change.edges.waitFor];
  const gone = needed.filter((id) => !all.some((tc) => tc.id === id));
  if (gone.length)
    throw missing(gone.length === 1 ? 'Dependency test case' : 'Dependency test cases', gone, project.name);
  refuseCycle(all, change.id, change.name, change.edges);
}

export function nameTaken(name: string, projectName: string): BadRequest {
  return new BadRequest(
    `A test case named ${JSON.stringify(name)} already exists in project ${projectName}; test case names are unique within a project. Pick another name.`,
  );
}

/** The burn-in is queued with the row: it exists exactly when the test case does. */
const queueBurnIn = (ctx: AppContext) => (tx: Repositories, id: string) =>
  ctx.queue.enqueue([{ queue: 'generate-test-case', data: { testCaseId: id } }], tx.sql);

/**
 * A new test case of the caller's project, created disabled as the API creates them (it runs in its
 * plans once enabled), its references resolved already (`all`: the project's test cases). Checked
 * for a cycle and its name, written with `then` (default: its burn-in queued) in one transaction.
 */
export async function insertTestCase(
  ctx: AppContext,
  caller: Caller,
  all: readonly TestCaseRecord[],
  row: Omit<NewTestCase, 'id' | 'projectId' | 'isEnabled' | 'createdVia'>,
  then: (tx: Repositories, id: string) => Promise<unknown> = queueBurnIn(ctx),
): Promise<string> {
  const { project } = caller;
  const { name } = row;
  const id = randomUUID();
  const edges = { resumeFrom: row.resumeFromId, waitFor: row.waitForIds };
  refuseCycle(all, id, name, edges);
  if (all.some((tc) => tc.name === name)) throw nameTaken(name, project.name);
  await ctx.store
    .transaction(async (tx) => {
      // What was checked of its dependencies still holds: no cycle, none deleted meanwhile.
      if (edges.resumeFrom || edges.waitFor.length)
        await recheckDependencies(tx, caller, { id, name, edges, self: false });
      await tx.testCases.create({ ...row, id, projectId: project.id, isEnabled: false, createdVia: 'api' });
      await then(tx, id);
    })
    .catch((error: unknown) => {
      // Two requests with one name at the same moment: the database decides, the loser hears why.
      throw error instanceof UniqueViolation ? nameTaken(name, project.name) : error;
    });
  return id;
}

export async function createTestCase(
  ctx: AppContext,
  caller: Caller,
  input: CreateTestCaseInput,
): Promise<CreatedTestCase> {
  const refs = await resolveReferences(ctx, caller, input);
  const name = input.name.trim();
  const id = await insertTestCase(ctx, caller, refs.all, {
    applicationId: refs.applicationId!,
    name,
    goal: input.goal,
    expectedResult: input.expectedResult ?? null,
    scenarioId: refs.scenarioId ?? null,
    resumeFromId: input.resumeFromDependencyProjectTestCaseId ?? null,
    waitForIds: input.waitForDependenciesProjectTestCaseIds ?? [],
    configIds: refs.configIds ?? [],
  });
  return { id, name, url: ctx.links.testCase(id) };
}
