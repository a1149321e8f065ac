// `goalie apply`: make a project what its YAML says. Objects are matched by name; every reference is
// checked (in the file, then in the database) before anything is written; everything is written in one
// transaction. Objects the file does not mention are left alone. One planner per section of the file
// (apply/plan-*.ts), in the order below: each section refers only to the ones before it.
import type { ProjectFile } from '../../../shared/src/project-file/schema.js';
import { compareSnapshots } from './apply-changes.js';
import { connectRepository } from './apply/connect-repository.js';
import { planApplications } from './apply/plan-applications.js';
import { planNamedObjects } from './apply/plan-named-objects.js';
import { checkNotificationChannels } from './apply/plan-notification-channels.js';
import { organizationRows, planOrganization } from './apply/plan-organization.js';
import { planRepository } from './apply/plan-repository.js';
import { planTestCases, testCaseRows } from './apply/plan-test-cases.js';
import { planTestPlans } from './apply/plan-test-plans.js';
import { planWebhooks } from './apply/plan-webhooks.js';
import { rows, type Problem } from './apply/planning.js';
import { markSecretChanges, summarizeApply, type ApplySummary } from './apply/summarize.js';
import type { AppContext } from './context.js';
import { BadRequest } from './errors.js';
import { networkAccess } from './network-access.js';
import type { ProjectSnapshot, ProjectWrite } from './ports/projects-as-code.js';
import { UniqueViolation } from './ports/store.js';
import { retryOnConflict } from './run-engine/retry-on-conflict.js';

export type { DocPath } from './apply/planning.js';
export { connectRepository, type RepositorySummary } from './apply/connect-repository.js';
export type { AppliedObject, ApplySummary, LeftAlone } from './apply/summarize.js';

export class ProjectInvalid extends BadRequest {
  constructor(readonly problems: Problem[]) {
    super(problems.map((p) => `${p.path.join('.')}: ${p.message}`).join('\n'));
  }
}

export interface ApplyOptions {
  /**
   * Plan only: everything is written and read back in a transaction that is then rolled back, so the
   * summary is exactly what the apply would do; no burn-in is queued and no repository webhook is set up.
   */
  dryRun?: boolean;
}

/** Thrown inside a dry run's transaction to roll it back, carrying what was read back. */
class DryRunRollback extends Error {
  constructor(readonly after: ProjectSnapshot) {
    super('dry run: rolled back');
  }
}

export async function applyProject(
  ctx: AppContext,
  doc: ProjectFile,
  options: ApplyOptions = {},
): Promise<ApplySummary> {
  // Two applies of a new organization or project at once both plan to create it; the one whose
  // write hits the unique constraint plans again, and now finds what the other one created.
  for (let attempt = 1; ; attempt++) {
    try {
      const summary = await applyOnce(ctx, doc, options.dryRun ?? false);
      // A suspension or a renamed project applied by this process counts from its next API request on.
      if (!options.dryRun) ctx.callers?.clear();
      return summary;
    } catch (error) {
      if (!(error instanceof UniqueViolation) || attempt >= 5) throw error;
    }
  }
}

async function applyOnce(ctx: AppContext, doc: ProjectFile, dryRun: boolean): Promise<ApplySummary> {
  const existing = await ctx.store.projectsAsCode.load(doc.organization.name, doc.project.name);
  const projectLabel = `project ${doc.project.name}`;

  const organization = await planOrganization(ctx, doc, existing);
  const applications = planApplications(doc, existing);
  const named = planNamedObjects(doc, existing, projectLabel);
  const testCases = planTestCases(doc, existing, { ...applications, ...named }, projectLabel);
  const testPlans = planTestPlans(doc, existing, { ...applications, ...named, ...testCases }, projectLabel);
  const { repository, ...repositoryPlan } = planRepository(
    doc,
    existing,
    { ...applications, ...testPlans },
    { access: networkAccess(ctx, doc.project.network ?? null), ownPorts: ctx.browserNetwork?.ownPorts ?? [] },
  );
  const { webhooks, ...webhooksPlan } = planWebhooks(ctx, doc);

  const channels = checkNotificationChannels(ctx, doc);
  const problems = [
    organization,
    applications,
    named,
    testCases,
    testPlans,
    repositoryPlan,
    webhooksPlan,
    channels,
  ].flatMap((p) => p.problems);
  if (problems.length > 0) throw new ProjectInvalid(problems);

  const write: ProjectWrite = {
    ...organizationRows(doc, organization, {
      defaultDevicePresetId: named.defaultDevicePresetId,
      defaultTestPlanId: testPlans.defaultTestPlanId,
    }),
    applications: applications.applications.map(({ id, shortId, name }) => ({ id, shortId, name })),
    environments: applications.environments,
    devicePresets: rows(named.devicePresets),
    configs: rows(named.configs),
    scenarios: rows(named.scenarios),
    testCases: testCaseRows(testCases),
    testPlans: rows(testPlans.testPlans),
    repository,
  };
  // Read outside the transaction: a snapshot's queries run in parallel, which one transaction's
  // connection cannot. Only the report depends on them.
  const before = existing.project ? await ctx.store.projectsAsCode.snapshot(organization.projectId) : null;
  // Workers burning in this project's test cases write the same rows: a deadlock or serialization
  // failure is tried again (the whole file, all or nothing) rather than failing the apply.
  let after: ProjectSnapshot | null = null;
  try {
    await retryOnConflict(() =>
      ctx.store.transaction(async (tx) => {
        await tx.projectsAsCode.write(write);
        if (webhooks) await tx.webhooks.replaceEndpoints(organization.projectId, webhooks);
        if (dryRun) throw new DryRunRollback((await tx.projectsAsCode.snapshot(organization.projectId))!);
        const generate = write.testCases
          .filter((t) => t.regenerate)
          .map((t) => ({ queue: 'generate-test-case' as const, data: { testCaseId: t.id } }));
        if (generate.length) await ctx.queue.enqueue(generate, tx.sql);
      }),
    );
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
    after = error.after;
  }

  const changes = compareSnapshots(before, after ?? (await ctx.store.projectsAsCode.snapshot(organization.projectId))!);
  // Not in a plan: "changed" or "unchanged" would tell whoever may plan whether a guess of a secret
  // is the stored value, without ever applying it.
  if (!dryRun) markSecretChanges(changes, write.configs, existing);
  return summarizeApply(
    doc,
    existing,
    { organization, applications, named, testCases, testPlans },
    changes,
    repository && !dryRun ? await connectRepository(ctx, repository.id) : null,
  );
}
