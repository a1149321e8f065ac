// Create a test case through the API: validated references, no dependency cycles, stored disabled
// with generationStatus GENERATING (the burn-in records its steps).
import { randomUUID } from 'node:crypto';
import type { CreateTestCaseInput } from '../../../shared/src/api/schemas.js';
import { findCycle } from '../domain/dependency-graph.js';
import type { AppContext } from './context.js';
import { BadRequest, NotFound } from './errors.js';
import { UniqueViolation } from './ports/store.js';
import type { Caller } from './records.js';
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

export async function createTestCase(
  ctx: AppContext,
  caller: Caller,
  input: CreateTestCaseInput,
): Promise<CreatedTestCase> {
  const { project } = caller;
  const configShortIds = [...new Set(input.configShortIds ?? [])];
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
    ctx.store.catalog.applicationsByShortId(project.id, [input.applicationShortId]),
    configShortIds.length ? ctx.store.catalog.configsByShortId(project.id, configShortIds) : Promise.resolve([]),
    input.scenarioShortId
      ? ctx.store.catalog.scenariosByShortId(project.id, [input.scenarioShortId])
      : Promise.resolve([]),
    ctx.store.testCases.listByProject(project.id),
  ]);
  const application = apps[0];
  if (!application) throw missing('Application', [input.applicationShortId], project.name);
  const absentConfigs = configShortIds.filter((id) => !configs.some((c) => c.shortId === id));
  if (absentConfigs.length)
    throw missing(absentConfigs.length === 1 ? 'Config' : 'Configs', absentConfigs, project.name);
  const scenario = scenarios[0];
  if (input.scenarioShortId && !scenario) throw missing('Scenario', [input.scenarioShortId], project.name);
  const absentDeps = dependencyIds.filter((id) => !all.some((tc) => tc.id === id));
  if (absentDeps.length)
    throw missing(absentDeps.length === 1 ? 'Dependency test case' : 'Dependency test cases', absentDeps, project.name);

  const name = input.name.trim();

  const id = randomUUID();
  const graph = new Map(dependencyMap(all));
  graph.set(id, { resumeFrom: input.resumeFromDependencyProjectTestCaseId ?? null, waitFor });
  const cycle = findCycle(graph);
  if (cycle) {
    const names = cycle.map((tcId) => (tcId === id ? name : (all.find((tc) => tc.id === tcId)?.name ?? tcId)));
    throw new BadRequest(
      `These dependencies form a cycle: ${names.join(' → ')}. A test case cannot depend on itself, directly or through others.`,
    );
  }

  const nameTaken = () =>
    new BadRequest(
      `A test case named ${JSON.stringify(name)} already exists in project ${project.name}; test case names are unique within a project. Pick another name.`,
    );
  if (all.some((tc) => tc.name === name)) throw nameTaken();
  await ctx.store
    .transaction(async (tx) => {
      await tx.testCases.create({
        id,
        projectId: project.id,
        applicationId: application.id,
        name,
        goal: input.goal,
        expectedResult: input.expectedResult ?? null,
        scenarioId: scenario?.id ?? null,
        resumeFromId: input.resumeFromDependencyProjectTestCaseId ?? null,
        waitForIds: waitFor,
        configIds: configShortIds.map((sid) => configs.find((c) => c.shortId === sid)!.id),
        // The spec: a test case created by the API does not run in plans until it is enabled.
        isEnabled: false,
        createdVia: 'api',
      });
      // The burn-in is queued with the row: it exists exactly when the test case does.
      await ctx.queue.enqueue([{ queue: 'generate-test-case', data: { testCaseId: id } }], tx.sql);
    })
    .catch((error: unknown) => {
      // Two requests with one name at the same moment: the database decides, the loser hears why.
      throw error instanceof UniqueViolation ? nameTaken() : error;
    });
  return { id, name, url: ctx.links.testCase(id) };
}
