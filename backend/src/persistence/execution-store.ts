// The ExecutionStore over TypeORM: small, explicit statements; the run row lock orders progress.
import { In, IsNull, LessThan, MoreThanOrEqual, type EntityManager } from 'typeorm';
import type { HeldJob } from '../app/ports/queue.js';
import type { ExecutionStore } from '../app/ports/execution-store.js';
import { projectBrowserAccess } from './browser-access.js';
import type { SecretValue } from '../domain/mask-secrets.js';
import type { RunTestCaseResult, RunTestCaseStatus } from '../domain/run-state.js';
import type { ConfigValues, Step } from '../domain/steps.js';
import {
  DevicePresetEntity,
  EnvironmentEntity,
  ProjectEntity,
  RunEntity,
  RunTestCaseEntity,
  TestCaseConfigEntity,
  TestCaseEntity,
  TestCaseStepVersionEntity,
  WorkerEntity,
} from './entities/index.js';
import { configValuesOf, projectSecretValues } from './config-values.js';
import { toDevicePreset } from './mappers.js';
import { resumeChain } from './resume-chain.js';
import type { SecretBox } from './secret-box.js';
import { storable } from './storable.js';

export function executionStore(m: EntityManager, secrets: SecretBox): ExecutionStore {
  async function configValues(testCaseId: string | null): Promise<ConfigValues> {
    if (!testCaseId) return {};
    const links = await m.find(TestCaseConfigEntity, { where: { testCaseId }, order: { position: 'ASC' } });
    return configValuesOf(
      m,
      secrets,
      links.map((l) => l.configId),
    );
  }

  const projectSecrets = (projectId: string): Promise<SecretValue[]> => projectSecretValues(m, secrets, projectId);

  async function latestSteps(testCaseId: string): Promise<{ version: number; steps: Step[] } | null> {
    const row = await m.findOne(TestCaseStepVersionEntity, { where: { testCaseId }, order: { version: 'DESC' } });
    return row ? { version: row.version, steps: row.steps as Step[] } : null;
  }

  return {
    async lockRun(runId) {
      const [row] = await m.query(
        `SELECT id, short_id, project_id, status, cancel_requested_at FROM runs WHERE id = $1 FOR NO KEY UPDATE`,
        [runId],
      );
      if (!row) return null;
      return {
        id: row.id,
        shortId: row.short_id,
        projectId: row.project_id,
        status: row.status,
        cancelRequested: row.cancel_requested_at !== null,
      };
    },

    async progressRows(runId) {
      const rows = await m.find(RunTestCaseEntity, {
        where: { runId },
        order: { position: 'ASC' },
        select: {
          id: true,
          name: true,
          status: true,
          result: true,
          resumeFromId: true,
          waitForIds: true,
          queuedAt: true,
          attempt: true,
        },
      });
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        status: r.status as RunTestCaseStatus,
        result: r.result as RunTestCaseResult | null,
        resumeFromId: r.resumeFromId,
        waitForIds: r.waitForIds,
        queued: r.queuedAt !== null,
        attempt: r.attempt,
      }));
    },

    async markQueued(ids, at) {
      if (ids.length) await m.update(RunTestCaseEntity, { id: In(ids) }, { queuedAt: at });
    },

    async skip(items, at) {
      for (const item of items) {
        await m.update(
          RunTestCaseEntity,
          { id: item.id, status: 'PENDING' },
          {
            status: 'SKIPPED',
            result: 'SKIPPED',
            resultTitle: item.title,
            evaluationThought: item.thought,
            finishedAt: at,
          },
        );
      }
    },

    async markRunRunning(runId, at) {
      await m.update(RunEntity, { id: runId, status: 'INITIATED' }, { status: 'RUNNING', startedAt: at });
    },

    async finishRun(runId, status, result, at, errorMessage = null) {
      await m.query(
        `UPDATE runs SET status = $2, result = $3, finished_at = $4, started_at = COALESCE(started_at, $4), error_message = COALESCE($5, error_message)
          WHERE id = $1 AND status IN ('INITIATED', 'RUNNING')`,
        [runId, status, result, at, errorMessage],
      );
    },

    async claim(runTestCaseId, attempt, workerId, at, parallelism) {
      const [target] = await m.query(
        `SELECT r.project_id, r.id AS run_id FROM run_test_cases rtc JOIN runs r ON r.id = rtc.run_id WHERE rtc.id = $1`,
        [runTestCaseId],
      );
      if (!target) return null;
      // NO KEY UPDATE: enough to order claims, and it leaves alone new runs (their foreign key
      // takes KEY SHARE on the project), which FOR UPDATE made part of a deadlock with cancels.
      await m.query(`SELECT id FROM projects WHERE id = $1 FOR NO KEY UPDATE`, [target.project_id]);
      // The run row before its test case, the order every writer of a run follows (cancel-run,
      // advance-run, recovery): the other order deadlocked with a cancel.
      await m.query(`SELECT id FROM runs WHERE id = $1 FOR NO KEY UPDATE`, [target.run_id]);
      const [{ running }] = await m.query(
        `SELECT count(*)::int AS running FROM run_test_cases x JOIN runs y ON y.id = x.run_id WHERE y.project_id = $1 AND x.status = 'RUNNING'`,
        [target.project_id],
      );
      if (running >= parallelism) return 'busy';
      const rows: { run_id: string }[] = await m
        .query(
          `UPDATE run_test_cases rtc SET status = 'RUNNING', worker_id = $3, started_at = $4
            FROM runs r
           WHERE rtc.id = $1 AND rtc.attempt = $2 AND rtc.status = 'PENDING' AND r.id = rtc.run_id AND r.cancel_requested_at IS NULL
       RETURNING rtc.run_id`,
          [runTestCaseId, attempt, workerId, at],
        )
        .then(
          (result: unknown) =>
            (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as { run_id: string }[],
        );
      return rows[0] ? { runId: rows[0].run_id } : null;
    },

    async executionInput(runTestCaseId) {
      const row = await m.findOneOrFail(RunTestCaseEntity, { where: { id: runTestCaseId } });
      const [testCase, presetRow, resumeRow, dependents, run] = await Promise.all([
        row.testCaseId ? m.findOne(TestCaseEntity, { where: { id: row.testCaseId } }) : null,
        row.devicePresetId ? m.findOne(DevicePresetEntity, { where: { id: row.devicePresetId } }) : null,
        row.resumeFromId
          ? m.findOne(RunTestCaseEntity, { where: { id: row.resumeFromId }, select: { id: true, browserState: true } })
          : null,
        m.count(RunTestCaseEntity, { where: { runId: row.runId, resumeFromId: row.id } }),
        m.findOneOrFail(RunEntity, { where: { id: row.runId }, select: { id: true, projectId: true } }),
      ]);
      return {
        runTestCaseId: row.id,
        runId: row.runId,
        testCaseId: row.testCaseId,
        name: row.name,
        // The test case as it is now (its goal may have been edited since the run was created).
        goal: testCase?.goal ?? row.promptGoal ?? '',
        expectedResult: testCase ? testCase.expectedResult : row.expectedResult,
        baseUrl: row.environmentUrl ?? '',
        devicePreset: toDevicePreset(presetRow),
        configs: await configValues(row.testCaseId),
        secrets: await projectSecrets(run.projectId),
        steps: row.testCaseId ? await latestSteps(row.testCaseId) : null,
        resumeState: resumeRow?.browserState ? secrets.open(resumeRow.browserState) : null,
        hasResumingDependents: dependents > 0,
        access: await projectBrowserAccess(m, { runId: row.runId }),
      };
    },

    async holdsClaim(runTestCaseId, claim) {
      const rows: unknown[] = await m.query(
        `SELECT id FROM run_test_cases WHERE id = $1 AND status = 'RUNNING' AND attempt = $2 AND worker_id IS NOT DISTINCT FROM $3 FOR NO KEY UPDATE`,
        [runTestCaseId, claim.attempt, claim.workerId],
      );
      return rows.length > 0;
    },

    async recordOutcome(runTestCaseId, claim, o) {
      const result = await m.update(
        RunTestCaseEntity,
        { id: runTestCaseId, status: 'RUNNING', attempt: claim.attempt, workerId: claim.workerId ?? IsNull() },
        storable({
          status: o.status,
          result: o.result,
          resultTitle: o.resultTitle,
          evaluationThought: o.evaluationThought,
          promptExamples: o.promptExamples,
          stepVersion: o.stepVersion,
          healed: o.healed,
          evidence: o.evidence,
          browserState: o.browserState ? secrets.seal(o.browserState) : null,
          errorMessage: o.errorMessage,
          modelPromptTokens: o.modelTokens?.promptTokens ?? null,
          modelCompletionTokens: o.modelTokens?.completionTokens ?? null,
          finishedAt: o.finishedAt,
        }),
      );
      return (result.affected ?? 0) > 0;
    },

    async saveSteps(testCaseId, steps, source, runId, at) {
      // The test case row lock orders concurrent savers (a burn-in and a run) on version numbers.
      await m.query(`SELECT id FROM test_cases WHERE id = $1 FOR UPDATE`, [testCaseId]);
      const [{ next }] = await m.query(
        `SELECT COALESCE(max(version), 0) + 1 AS next FROM test_case_step_versions WHERE test_case_id = $1`,
        [testCaseId],
      );
      await m.insert(TestCaseStepVersionEntity, { testCaseId, version: next, steps: storable(steps), source, runId });
      await m.update(
        TestCaseEntity,
        { id: testCaseId },
        { generationStatus: 'COMPLETED', generationError: null, generatedAt: at },
      );
      return Number(next);
    },

    async cancelPending(runId, at) {
      await m.update(
        RunTestCaseEntity,
        { runId, status: 'PENDING' },
        { status: 'CANCELLED', finishedAt: at, resultTitle: 'Cancelled before it started' },
      );
      const running = await m.find(RunTestCaseEntity, { where: { runId, status: 'RUNNING' }, select: { id: true } });
      return running.map((r) => r.id);
    },

    async requestCancel(runId, at) {
      await m.update(RunEntity, { id: runId, cancelRequestedAt: IsNull() }, { cancelRequestedAt: at });
    },

    async strandedRuns() {
      const rows: { id: string; short_id: string }[] = await m.query(
        `SELECT r.id, r.short_id FROM runs r
          WHERE r.status IN ('INITIATED', 'RUNNING')
            AND NOT EXISTS (SELECT 1 FROM run_test_cases x WHERE x.run_id = r.id AND x.status = 'RUNNING')
            AND (r.cancel_requested_at IS NOT NULL OR NOT EXISTS (SELECT 1 FROM run_test_cases x WHERE x.run_id = r.id AND x.status = 'PENDING'))
          ORDER BY r.id`,
      );
      return rows.map((r) => ({ runId: r.id, shortId: r.short_id }));
    },

    async staleWork(before) {
      const rows: { id: string; run_id: string; attempt: number; worker_id: string | null; name: string }[] =
        await m.query(
          `SELECT rtc.id, rtc.run_id, rtc.attempt, rtc.worker_id, rtc.name FROM run_test_cases rtc
           LEFT JOIN workers w ON w.id = rtc.worker_id
          WHERE rtc.status = 'RUNNING' AND (w.id IS NULL OR w.heartbeat_at < $1)`,
          [before],
        );
      return rows.map((r) => ({
        runTestCaseId: r.id,
        runId: r.run_id,
        attempt: r.attempt,
        workerId: r.worker_id,
        name: r.name,
      }));
    },

    async jobTarget(runTestCaseId, attempt) {
      const [row] = await m.query(`SELECT run_id, status, attempt, queued_at FROM run_test_cases WHERE id = $1`, [
        runTestCaseId,
      ]);
      if (!row) return null;
      const state =
        row.attempt !== attempt
          ? 'past'
          : row.status === 'RUNNING'
            ? 'claimed'
            : row.status === 'PENDING' && row.queued_at !== null
              ? 'unclaimed'
              : 'past';
      return { runId: row.run_id, state };
    },

    async retry(runTestCaseId, attempt, at) {
      const result = await m.update(
        RunTestCaseEntity,
        { id: runTestCaseId, status: 'RUNNING', attempt },
        { status: 'PENDING', attempt: attempt + 1, workerId: null, startedAt: null, queuedAt: at },
      );
      return (result.affected ?? 0) > 0;
    },

    async release(runTestCaseId, claim, at) {
      const result = await m.update(
        RunTestCaseEntity,
        { id: runTestCaseId, status: 'RUNNING', attempt: claim.attempt, workerId: claim.workerId },
        { status: 'PENDING', workerId: null, startedAt: null, queuedAt: at },
      );
      return (result.affected ?? 0) > 0;
    },

    async forgetWorkers(before) {
      await m.delete(WorkerEntity, { heartbeatAt: LessThan(before) });
    },

    async registerWorker(worker, at) {
      await m.upsert(WorkerEntity, { ...worker, startedAt: at, heartbeatAt: at }, ['id']);
    },

    async heartbeat(workerId, active, at, held) {
      await m.update(WorkerEntity, { id: workerId }, { heartbeatAt: at, ...(held ? { jobs: held } : {}) });
      if (!active.length) return [];
      const rows: { id: string }[] = await m.query(
        `SELECT rtc.id FROM run_test_cases rtc JOIN runs r ON r.id = rtc.run_id WHERE rtc.id = ANY($1::uuid[]) AND r.cancel_requested_at IS NOT NULL`,
        [active],
      );
      return rows.map((r) => r.id);
    },

    async workersWithHeldJobs(before) {
      const rows: { id: string; jobs: HeldJob[] }[] = await m.query(
        `SELECT id, jobs FROM workers WHERE heartbeat_at < $1 AND jobs <> '[]'::jsonb ORDER BY heartbeat_at`,
        [before],
      );
      return rows.map((r) => ({ workerId: r.id, jobs: r.jobs }));
    },

    async dropHeldJob(workerId, jobId) {
      await m.query(
        `UPDATE workers SET jobs = COALESCE((SELECT jsonb_agg(j) FROM jsonb_array_elements(jobs) j WHERE j->>'id' <> $2), '[]'::jsonb) WHERE id = $1`,
        [workerId, jobId],
      );
    },

    async removeWorker(workerId) {
      await m.delete(WorkerEntity, { id: workerId });
    },

    async liveWorkers(since) {
      return m.count(WorkerEntity, { where: { heartbeatAt: MoreThanOrEqual(since) } });
    },

    async schedules() {
      const rows = await m.query(
        `SELECT s.id, s.cron, s.timezone, s.description, s.created_at, s.last_fired_at, p.id AS plan_id, p.short_id AS plan_short_id, p.project_id
           FROM test_plan_schedules s JOIN test_plans p ON p.id = s.test_plan_id WHERE s.enabled`,
      );
      return rows.map((r: Record<string, never>) => ({
        id: r.id,
        cron: r.cron,
        timezone: r.timezone,
        description: r.description,
        createdAt: r.created_at,
        lastFiredAt: r.last_fired_at,
        testPlanId: r.plan_id,
        testPlanShortId: r.plan_short_id,
        projectId: r.project_id,
      }));
    },

    async claimSchedule(scheduleId, due) {
      const result = await m.query(
        `UPDATE test_plan_schedules SET last_fired_at = $2 WHERE id = $1 AND (last_fired_at IS NULL OR last_fired_at < $2) RETURNING id`,
        [scheduleId, due],
      );
      const rows = Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result;
      return rows.length > 0;
    },

    async generationInput(testCaseId) {
      const tc = await m.findOne(TestCaseEntity, { where: { id: testCaseId } });
      if (!tc) return null;
      const [environment, project] = await Promise.all([
        m.findOne(EnvironmentEntity, { where: { applicationId: tc.applicationId, isDefault: true } }),
        m.findOneOrFail(ProjectEntity, { where: { id: tc.projectId } }),
      ]);
      const presetRow = project.defaultDevicePresetId
        ? await m.findOne(DevicePresetEntity, { where: { id: project.defaultDevicePresetId } })
        : null;
      const preludes = await resumeChain(m, secrets, tc.resumeFromId, new Set([tc.id]));
      await m.update(TestCaseEntity, { id: tc.id }, { generationStartedAt: new Date() });
      return {
        testCaseId: tc.id,
        projectId: tc.projectId,
        name: tc.name,
        goal: tc.goal,
        expectedResult: tc.expectedResult,
        baseUrl: environment?.url ?? null,
        devicePreset: toDevicePreset(presetRow),
        configs: await configValues(tc.id),
        preludes,
        access: await projectBrowserAccess(m, { projectId: tc.projectId }),
        secrets: await projectSecrets(tc.projectId),
      };
    },

    async lockGoal(testCaseId) {
      const [row] = await m.query<{ goal: string }[]>(`SELECT goal FROM test_cases WHERE id = $1 FOR UPDATE`, [
        testCaseId,
      ]);
      return row?.goal ?? null;
    },

    async finishGeneration(testCaseId, outcome, at) {
      await m.update(
        TestCaseEntity,
        { id: testCaseId },
        { generationStatus: outcome.status, generationError: storable(outcome.error), generatedAt: at },
      );
    },

    async recordBurnInTokens(testCaseId, tokens) {
      await m.update(
        TestCaseEntity,
        { id: testCaseId },
        { burnInPromptTokens: tokens?.promptTokens ?? null, burnInCompletionTokens: tokens?.completionTokens ?? null },
      );
    },
  };
}
