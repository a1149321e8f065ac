// The Resume From chain of a burn-in (or a dashboard try): the test cases it resumes from, oldest
// first, each with its latest steps (null before its own burn-in) and its own configs, replayed
// before the goal. A cycle (refused on every write, but read defensively) ends the chain.
import type { EntityManager } from 'typeorm';
import type { Prelude } from '../app/ports/test-executor.js';
import type { Step } from '../domain/steps.js';
import { configValuesOf } from './config-values.js';
import { TestCaseConfigEntity, TestCaseEntity, TestCaseStepVersionEntity } from './entities/index.js';
import type { SecretBox } from './secret-box.js';

/** `from`: the test case resumed from first (null: none); `seen`: ids that end the chain (the test case itself). */
export async function resumeChain(
  m: EntityManager,
  secrets: SecretBox,
  from: string | null,
  seen: Set<string>,
): Promise<Prelude[]> {
  const preludes: Prelude[] = [];
  for (let parentId = from; parentId && !seen.has(parentId);) {
    seen.add(parentId);
    const parent = await m.findOne(TestCaseEntity, { where: { id: parentId } });
    if (!parent) break;
    const [latest, links] = await Promise.all([
      m.findOne(TestCaseStepVersionEntity, { where: { testCaseId: parent.id }, order: { version: 'DESC' } }),
      m.find(TestCaseConfigEntity, { where: { testCaseId: parent.id }, order: { position: 'ASC' } }),
    ]);
    // Each test case of the chain is replayed with its own configs, not the dependent's.
    preludes.unshift({
      name: parent.name,
      goal: parent.goal,
      steps: (latest?.steps as Step[] | undefined) ?? null,
      configs: await configValuesOf(
        m,
        secrets,
        links.map((l) => l.configId),
      ),
    });
    parentId = parent.resumeFromId;
  }
  return preludes;
}
