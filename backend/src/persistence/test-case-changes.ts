// The TestCaseChanges port over TypeORM: a test case's fields and lists replaced, its row deleted
// (the foreign keys keep run rows and drop memberships, configs and steps), its plan memberships.
import { In, type EntityManager } from 'typeorm';
import type { Dependent, TestCaseChanges } from '../app/ports/test-case-changes.js';
import {
  TestCaseConfigEntity,
  TestCaseEntity,
  TestCaseWaitForEntity,
  TestPlanTestCaseEntity,
} from './entities/index.js';

/** The first key of the advisory lock on a project's test cases (the second is the project). */
const TEST_CASE_GRAPH_LOCK = 7340;

export function testCaseChanges(m: EntityManager): TestCaseChanges {
  return {
    async lockProject(projectId) {
      // A transaction-scoped advisory lock, keyed by the project (the first key says what it guards).
      await m.query(`SELECT pg_advisory_xact_lock(${TEST_CASE_GRAPH_LOCK}, hashtext($1))`, [projectId]);
    },

    async dependentsOf(id) {
      return await m.query<Dependent[]>(
        `SELECT id, name, 'resumes from' AS how FROM test_cases WHERE resume_from_id = $1
         UNION ALL
         SELECT t.id, t.name, 'waits for' AS how FROM test_case_wait_for w JOIN test_cases t ON t.id = w.test_case_id
          WHERE w.depends_on_id = $1
         ORDER BY name, how`,
        [id],
      );
    },

    async update(id, change, at) {
      const { waitForIds, configIds, burnInAgain, ...fields } = change;
      await m.update(
        TestCaseEntity,
        { id },
        {
          ...fields,
          ...(burnInAgain ? { generationStatus: 'GENERATING' as const, generationError: null } : {}),
          updatedAt: at,
        },
      );
      if (waitForIds) {
        await m.delete(TestCaseWaitForEntity, { testCaseId: id });
        if (waitForIds.length)
          await m.insert(
            TestCaseWaitForEntity,
            waitForIds.map((dependsOnId) => ({ testCaseId: id, dependsOnId })),
          );
      }
      if (configIds) {
        await m.delete(TestCaseConfigEntity, { testCaseId: id });
        if (configIds.length)
          await m.insert(
            TestCaseConfigEntity,
            configIds.map((configId, position) => ({ testCaseId: id, configId, position })),
          );
      }
    },

    async delete(id) {
      await m.delete(TestCaseEntity, { id: In([id]) });
    },

    async addToPlan(testPlanId, testCaseId) {
      const rows = await m.query<unknown[]>(
        `INSERT INTO test_plan_test_cases (test_plan_id, test_case_id, position)
         SELECT $1, $2, coalesce(max(position) + 1, 0) FROM test_plan_test_cases WHERE test_plan_id = $1
         ON CONFLICT (test_plan_id, test_case_id) DO NOTHING
         RETURNING test_case_id`,
        [testPlanId, testCaseId],
      );
      return rows.length > 0;
    },

    async removeFromPlan(testPlanId, testCaseId) {
      const result = await m.delete(TestPlanTestCaseEntity, { testPlanId, testCaseId });
      return (result.affected ?? 0) > 0;
    },
  };
}
