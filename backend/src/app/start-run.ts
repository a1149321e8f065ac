// Start a run of a test plan: resolve the plan, the overrides and the test cases (with their
// dependencies), then write the run and its test cases, counting usage, in one transaction
// (write-run.ts, shared with rerun.ts).
import { randomUUID } from 'node:crypto';
import type { StartRunInput } from '../../../shared/src/api/schemas.js';
import { topologicalOrder, withDependencies, type DependencyMap } from '../domain/dependency-graph.js';
import { effectiveSettings } from '../domain/precedence.js';
import { makePlainShortId, makeShortId } from '../domain/short-id.js';
import { urlRefusal } from '../domain/url-policy.js';
import type { AppContext } from './context.js';
import { AppError, BadRequest, Conflict, NotFound } from './errors.js';
import { projectNetworkAccess } from './network-access.js';
import type { DueSchedule } from './ports/execution-store.js';
import type { NewEnvironment, NewRunTestCase } from './ports/store.js';
import type {
  ApplicationRecord,
  Caller,
  EnvironmentRecord,
  NotificationRequest,
  StoredTrigger,
  TestCaseRecord,
  TestPlanRecord,
} from './records.js';
import { retryOnConflict } from './run-engine/retry-on-conflict.js';
import { resolveChannels } from './notifications/channels.js';
import { validateNotifications } from './validate-notifications.js';
import { remapRunTestCases, writeRun, type RunToWrite } from './write-run.js';
import { insideCaller } from './project-caller.js';

export interface StartedRun {
  id: string;
  shortId: string;
  url: string;
  testCount: number;
  testPlan: { name: string; shortId: string };
}

export interface StartRunRequest extends StartRunInput {
  /** Stored trigger; SCHEDULE and MANUAL come from inside the service. */
  storedTrigger?: StoredTrigger;
  scheduleId?: string | null;
  /** Notifications that need no check (the Slack channel a command came from). */
  knownNotifications?: NotificationRequest[];
}

interface ResolvedOverride {
  application: ApplicationRecord;
  environmentId: string | null;
  newEnvironment: NewEnvironment | null;
  devicePresetId: string | null;
}

export async function resolvePlan(
  ctx: AppContext,
  caller: Caller,
  testPlanShortId: string | undefined,
): Promise<TestPlanRecord> {
  const { project } = caller;
  if (testPlanShortId) {
    const plan = await ctx.store.testPlans.findByShortId(project.id, testPlanShortId);
    if (!plan)
      throw new NotFound(
        `Test plan ${testPlanShortId} was not found in project ${project.name}. Check the short ID (\`goalie apply --json\` lists them).`,
      );
    return plan;
  }
  const plan = project.defaultTestPlanId
    ? await ctx.store.testPlans.findById(project.id, project.defaultTestPlanId)
    : null;
  if (!plan) {
    throw new NotFound(
      `Project ${project.name} has no default test plan. Send testPlanShortId, or mark a plan \`default: true\` in the project YAML and run \`goalie apply\`.`,
    );
  }
  return plan;
}

async function resolveOverrides(
  ctx: AppContext,
  caller: Caller,
  input: StartRunInput,
): Promise<Map<string, ResolvedOverride>> {
  const overrides = input.applications ?? [];
  const { project } = caller;
  const seen = new Set<string>();
  for (const [i, o] of overrides.entries()) {
    if (seen.has(o.applicationShortId))
      throw new BadRequest(
        `applications[${i}].applicationShortId ${o.applicationShortId} appears more than once; give one override per application.`,
      );
    seen.add(o.applicationShortId);
  }
  const [apps, envs, presets] = await Promise.all([
    ctx.store.catalog.applicationsByShortId(project.id, [...seen]),
    ctx.store.catalog.environmentsByShortId(
      project.id,
      overrides.flatMap((o) => (o.environment && 'shortId' in o.environment ? [o.environment.shortId] : [])),
    ),
    ctx.store.catalog.devicePresetsByShortId(
      project.id,
      overrides.flatMap((o) => (o.devicePresetShortId ? [o.devicePresetShortId] : [])),
    ),
  ]);

  const resolved = new Map<string, ResolvedOverride>();
  for (const [i, o] of overrides.entries()) {
    const application = apps.find((a) => a.shortId === o.applicationShortId);
    if (!application)
      throw new NotFound(
        `applications[${i}]: application ${o.applicationShortId} was not found in project ${project.name}.`,
      );
    let environmentId: string | null = null;
    let newEnvironment: NewEnvironment | null = null;
    if (o.environment && 'shortId' in o.environment) {
      const env: EnvironmentRecord | undefined = envs.find(
        (e) => e.shortId === (o.environment as { shortId: string }).shortId,
      );
      if (!env)
        throw new NotFound(
          `applications[${i}].environment: environment ${o.environment.shortId} was not found in project ${project.name}.`,
        );
      if (env.applicationId !== application.id) {
        throw new BadRequest(
          `applications[${i}].environment: environment ${env.shortId} belongs to another application than ${application.shortId}; pick one of ${application.shortId}'s environments or give a URL.`,
        );
      }
      environmentId = env.id;
    } else if (o.environment) {
      await checkDestination(ctx, project.id, `applications[${i}].environment.url`, o.environment.url);
      const url = new URL(o.environment.url);
      const name = o.environment.name ?? `Preview ${url.host}`;
      newEnvironment = {
        id: randomUUID(),
        shortId: makeShortId('environment', name),
        applicationId: application.id,
        name,
        url: o.environment.url,
        isPreview: true,
        createdByRunId: null,
      };
      environmentId = newEnvironment.id;
    }
    let devicePresetId: string | null = null;
    if (o.devicePresetShortId) {
      const preset = presets.find((p) => p.shortId === o.devicePresetShortId);
      if (!preset)
        throw new NotFound(
          `applications[${i}].devicePresetShortId: device preset ${o.devicePresetShortId} was not found in project ${project.name}.`,
        );
      devicePresetId = preset.id;
    }
    resolved.set(application.id, { application, environmentId, newEnvironment, devicePresetId });
  }
  return resolved;
}

/**
 * A URL given for a run is checked before anything is written: an address the browser may never
 * reach, or one the project does not allow, is a 400 (the browser's guard checks the rest after DNS).
 * Goalie's own ports are not named here: the browser finds them closed, as a port where nothing
 * listens, so a run or a review cannot tell one from the other (docs/security.md).
 */
export async function checkDestination(ctx: AppContext, projectId: string, field: string, url: string): Promise<void> {
  const access = await projectNetworkAccess(ctx, projectId);
  const why = urlRefusal(url, access, { ports: [], isOwnAddress: ctx.browserNetwork?.isOwnAddress ?? (() => false) });
  if (why)
    throw new BadRequest(
      `${field}: the browser may not go to ${url}: ${why}. See "What the browser may reach" in docs/security.md.`,
    );
}

export function dependencyMap(testCases: readonly TestCaseRecord[]): DependencyMap {
  return new Map(testCases.map((tc) => [tc.id, { resumeFrom: tc.resumeFromId, waitFor: tc.waitForIds }]));
}

/**
 * Run test case rows for `selected` test cases in dependency order, each wired to the rows of its
 * dependencies. `settingsFor` gives the environment and device preset a test case runs with.
 */
export function planRunTestCases(
  runId: string,
  selected: readonly TestCaseRecord[],
  graph: DependencyMap,
  settingsFor: (tc: TestCaseRecord) => { environmentId: string; environmentUrl: string; devicePresetId: string | null },
): NewRunTestCase[] {
  const byId = new Map(selected.map((tc) => [tc.id, tc]));
  const ordered = topologicalOrder(
    selected.map((tc) => tc.id),
    graph,
  ).map((id) => byId.get(id)!);
  return remapRunTestCases(runId, ordered, (tc) => ({
    testCaseId: tc.id,
    name: tc.name,
    promptGoal: tc.goal,
    promptExamples: null,
    expectedResult: tc.expectedResult,
    applicationId: tc.applicationId,
    ...settingsFor(tc),
  }));
}

/** Everything a new run needs, resolved and checked; nothing written yet. */
interface PreparedRun extends RunToWrite {
  testPlan: { name: string; shortId: string };
}

/**
 * `only`: a run of that test case alone (and what it depends on) with the plan's settings; it is
 * not a run of the plan (no test_plan_id), so the plan's latest run, pass rate and badge leave it out.
 */
async function prepareRun(
  ctx: AppContext,
  caller: Caller,
  input: StartRunRequest,
  only?: TestCaseRecord,
): Promise<PreparedRun> {
  const { project } = caller;
  const plan = await resolvePlan(ctx, caller, input.testPlanShortId);
  // Per-run Slack channels override the plan's, which override the project's default channel.
  // Email and Teams are the plan's (else the project's) whatever the request says.
  const slack: NotificationRequest[] | null =
    input.knownNotifications ??
    (input.notifications
      ? await validateNotifications(ctx, caller, input.notifications)
      : configuredNotifications(project, plan));
  const channels = await ctx.store.projects.notificationChannels(project.id, plan.id);
  const resolved = [...(slack ?? []), ...resolveChannels(channels.plan, channels.project)];
  const notifications = resolved.length ? resolved : null;
  const overrides = await resolveOverrides(ctx, caller, input);

  // The plan's enabled test cases, plus every dependency (enabled or not: the dependent needs it).
  const all = await ctx.store.testCases.listByProject(project.id);
  const byId = new Map(all.map((tc) => [tc.id, tc]));
  const graph = dependencyMap(all);
  const roots = only ? [only.id] : plan.testCaseIds.filter((id) => byId.get(id)?.isEnabled);
  const selected = withDependencies(roots, graph).map((id) => byId.get(id)!);

  const applications = await ctx.store.catalog.applicationsById(project.id, [
    ...new Set(selected.map((tc) => tc.applicationId)),
  ]);
  const planParams = new Map(plan.applications.map((a) => [a.applicationId, a]));
  const effective = new Map(
    applications.map((app) => {
      const override = overrides.get(app.id);
      const params = planParams.get(app.id);
      return [
        app.id,
        effectiveSettings(
          {
            projectEnvironmentId: app.defaultEnvironmentId,
            planEnvironmentId: params?.environmentId ?? null,
            planDevicePresetId: params?.devicePresetId ?? null,
            runEnvironmentId: override?.environmentId ?? null,
            runDevicePresetId: override?.devicePresetId ?? null,
          },
          project.defaultDevicePresetId,
        ),
      ];
    }),
  );
  const missing = applications.filter((app) => !effective.get(app.id)?.environmentId);
  if (missing.length > 0) {
    const names = missing.map((a) => `${a.name} (${a.shortId})`).join(', ');
    throw new BadRequest(
      `No environment to run against for ${names}: give the application a default environment in the project YAML, set one in the test plan, or pass applications[].environment.`,
    );
  }
  const envUrls = new Map(
    (await ctx.store.catalog.environmentsById([...effective.values()].map((e) => e.environmentId!))).map((e) => [
      e.id,
      e.url,
    ]),
  );
  for (const o of overrides.values()) if (o.newEnvironment) envUrls.set(o.newEnvironment.id, o.newEnvironment.url);

  const runId = randomUUID();
  const repohost = (input.trigger ?? 'API') === 'REPOHOST' || input.storedTrigger === 'MANUAL';
  const rows = planRunTestCases(runId, selected, graph, (tc) => {
    const e = effective.get(tc.applicationId)!;
    return {
      environmentId: e.environmentId!,
      environmentUrl: envUrls.get(e.environmentId!)!,
      devicePresetId: e.devicePresetId,
    };
  });
  return {
    run: {
      id: runId,
      shortId: makePlainShortId(),
      projectId: project.id,
      testPlanId: only ? null : plan.id,
      testPlanName: plan.name,
      testPlanShortId: plan.shortId,
      trigger: input.storedTrigger ?? (repohost ? 'REPOHOST' : 'API'),
      // Attribution is only meaningful when a repository host triggered the run (spec).
      actor: repohost ? (input.actor ?? null) : null,
      branch: repohost ? (input.branch ?? null) : null,
      commitHash: repohost ? (input.commitHash ?? null) : null,
      commitMessage: repohost ? (input.commitMessage ?? null) : null,
      repository: repohost ? (input.repository ?? null) : null,
      rerunOfRunId: null,
      scheduleId: input.scheduleId ?? null,
      notifications,
    },
    previews: [...overrides.values()].flatMap((o) =>
      o.newEnvironment ? [{ ...o.newEnvironment, createdByRunId: runId }] : [],
    ),
    rows,
    testPlan: { name: plan.name, shortId: plan.shortId },
  };
}

function configuredNotifications(project: Caller['project'], plan: TestPlanRecord): NotificationRequest[] | null {
  if (!project.slackConfigured) return null;
  if (plan.slack) return [{ type: 'slack', channel: plan.slack.channel, notifyOn: plan.slack.notifyOn }];
  if (project.slackDefaultChannel)
    return [{ type: 'slack', channel: project.slackDefaultChannel, notifyOn: project.slackNotifyOn }];
  return null;
}

export async function startRun(ctx: AppContext, caller: Caller, input: StartRunRequest): Promise<StartedRun> {
  return started(ctx, caller, await prepareRun(ctx, caller, input));
}

async function started(ctx: AppContext, caller: Caller, prepared: PreparedRun): Promise<StartedRun> {
  await retryOnConflict(() => ctx.store.transaction((tx) => writeRun(ctx, tx, caller, prepared)));
  const { shortId, id } = prepared.run;
  return { id, shortId, url: ctx.links.run(shortId), testCount: prepared.rows.length, testPlan: prepared.testPlan };
}

/**
 * Run now of one test case (the dashboard): it, and the test cases it waits for or resumes from,
 * with trigger MANUAL and `actor`, with the environments and device presets of a plan it is in (the
 * default plan when it is in it, else the first by name; a test case in no plan: the default plan's).
 * It runs whether enabled or not, once its burn-in has recorded steps.
 */
export async function startTestCaseRun(
  ctx: AppContext,
  caller: Caller,
  testCaseId: string,
  actor: string,
): Promise<StartedRun> {
  return startOneTestCase(ctx, caller, testCaseId, { storedTrigger: 'MANUAL', actor });
}

/**
 * One test case now, as startTestCaseRun, for any caller: `request.testPlanShortId` picks the plan
 * whose settings it runs with (any plan of the project), `request.applications` overrides them as
 * for a plan's run (POST /v1/test-cases/{id}/run).
 */
export async function startOneTestCase(
  ctx: AppContext,
  caller: Caller,
  testCaseId: string,
  request: StartRunRequest,
): Promise<StartedRun> {
  const { project } = caller;
  const [testCase] = await ctx.store.testCases.findByIds(project.id, [testCaseId]);
  if (!testCase) throw new NotFound(`Test case ${testCaseId} was not found in project ${project.name}.`);
  if (testCase.generationStatus !== 'COMPLETED') {
    throw new Conflict(
      testCase.generationStatus === 'GENERATING'
        ? `Test case ${JSON.stringify(testCase.name)} cannot run yet: its burn-in is still recording the steps. Run it once the burn-in is COMPLETED (a worker must be running: goalie serve or goalie worker).`
        : `Test case ${JSON.stringify(testCase.name)} cannot run: its burn-in FAILED, so it has no steps to replay. Fix its goal (goalie test-case update ${testCase.id} --goal "..." --wait, or burn it in again), then run it.`,
    );
  }
  const [plans, defaultPlan] = await Promise.all([
    ctx.store.testCaseQueries.plansOf(testCase.id),
    project.defaultTestPlanId
      ? ctx.store.testPlans.findById(project.id, project.defaultTestPlanId)
      : Promise.resolve(null),
  ]);
  const plan = request.testPlanShortId
    ? { shortId: request.testPlanShortId }
    : defaultPlan?.testCaseIds.includes(testCase.id)
      ? defaultPlan
      : (plans[0] ?? defaultPlan);
  if (!plan) {
    throw new Conflict(
      `Test case ${JSON.stringify(testCase.name)} is in no test plan, and project ${project.name} has no default plan, so there are no run settings to use. ` +
        'Add it to a test plan (goalie test-case update <UUID> --add-to-plan <plan>, or in the project YAML and goalie apply), or mark a plan `default: true`.',
    );
  }
  return started(ctx, caller, await prepareRun(ctx, caller, { ...request, testPlanShortId: plan.shortId }, testCase));
}

/**
 * A schedule's run. Claiming the fire time and writing the run share a transaction, so of several
 * processes exactly one starts it. A run that cannot start (usage limit, no environment) still
 * uses up the fire time, so it is reported once instead of retried every tick.
 */
export async function startScheduledRun(ctx: AppContext, schedule: DueSchedule, due: Date): Promise<string | null> {
  const project = await ctx.store.projects.findById(schedule.projectId);
  const organization = project && (await ctx.store.organizations.findById(project.organizationId));
  if (!project || !organization) return null;
  const caller = insideCaller(project, organization);
  try {
    const prepared = await prepareRun(ctx, caller, {
      testPlanShortId: schedule.testPlanShortId,
      storedTrigger: 'SCHEDULE',
      scheduleId: schedule.id,
    });
    return await ctx.store.transaction(async (tx) => {
      if (!(await tx.execution.claimSchedule(schedule.id, due))) return null;
      await writeRun(ctx, tx, caller, prepared);
      return prepared.run.shortId;
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const claimed = await ctx.store.execution.claimSchedule(schedule.id, due);
    if (claimed) throw error;
    return null;
  }
}
