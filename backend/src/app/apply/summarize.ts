// What `goalie apply` reports: each planned object with what the apply did to it, and the stored
// objects the file leaves alone (the answer's types are shared with the clients that print it).
import type { ProjectFile } from '../../../../shared/src/project-file/schema.js';
import type {
  ApplyStatus,
  ApplySummary,
  RepositorySummary,
} from '../../../../shared/src/project-file/apply-summary.js';
import type { ApplyChanges } from '../apply-changes.js';
import type { ExistingProject, ProjectWrite } from '../ports/projects-as-code.js';
import type { ApplicationsPlan } from './plan-applications.js';
import type { NamedObjectsPlan } from './plan-named-objects.js';
import type { OrganizationPlan } from './plan-organization.js';
import type { TestCasesPlan } from './plan-test-cases.js';
import type { TestPlansPlan } from './plan-test-plans.js';

export type { AppliedObject, ApplySummary, LeftAlone } from '../../../../shared/src/project-file/apply-summary.js';

/** Snapshots hold no secret values: a config whose secret values alone changed is found here. */
export function markSecretChanges(
  changes: ApplyChanges,
  configs: ProjectWrite['configs'],
  existing: Pick<ExistingProject, 'configs'>,
): void {
  for (const c of configs) {
    const stored = existing.configs.find((o) => o.id === c.id)?.secretValues;
    const secrets = Object.fromEntries(c.entries.filter((e) => e.secret).map((e) => [e.key, e.value]));
    if (
      stored &&
      changes.objects.configs.get(c.name) === 'unchanged' &&
      JSON.stringify(Object.entries(stored).sort()) !== JSON.stringify(Object.entries(secrets).sort())
    ) {
      changes.objects.configs.set(c.name, 'changed');
      changes.fields.configs.set(c.name, [...(changes.fields.configs.get(c.name) ?? []), 'values']);
    }
  }
}

export interface ApplyPlan {
  organization: OrganizationPlan;
  applications: ApplicationsPlan;
  named: NamedObjectsPlan;
  testCases: TestCasesPlan;
  testPlans: TestPlansPlan;
}

export function summarizeApply(
  doc: ProjectFile,
  existing: ExistingProject,
  plan: ApplyPlan,
  changes: ApplyChanges,
  repository: RepositorySummary | null,
): ApplySummary {
  const { organizationId, projectId, slug } = plan.organization;
  const { testPlans, defaultTestPlanId } = plan.testPlans;
  const status = (kind: keyof ApplyChanges['objects'], name: string): ApplyStatus =>
    changes.objects[kind].get(name) ?? 'unchanged';
  // The status, and for a changed object the fields that changed.
  const state = (kind: keyof ApplyChanges['objects'], name: string) => {
    const fields = changes.fields[kind].get(name);
    return { status: status(kind, name), ...(fields?.length ? { changedFields: fields } : {}) };
  };
  const notIn = (stored: { name: string }[], declared: { name: string }[]) =>
    stored
      .map((o) => o.name)
      .filter((n) => !declared.some((d) => d.name === n))
      .sort();
  const finalDefaultPlanId =
    defaultTestPlanId === undefined ? (existing.project?.defaultTestPlanId ?? null) : defaultTestPlanId;
  const named = (kind: 'devicePresets' | 'configs' | 'scenarios') =>
    plan.named[kind].map(({ name, id, shortId, created }) => ({
      name,
      id,
      shortId,
      created,
      ...state(kind, name),
    }));
  return {
    organization: {
      name: doc.organization.name,
      id: organizationId,
      created: !existing.organization,
      status: !existing.organization ? 'created' : existing.project ? changes.project : 'unchanged',
    },
    project: {
      name: doc.project.name,
      id: projectId,
      slug,
      created: !existing.project,
      status: changes.project,
      defaultTestPlan:
        testPlans.find((p) => p.id === finalDefaultPlanId)?.shortId ??
        existing.testPlans.find((p) => p.id === finalDefaultPlanId)?.shortId ??
        null,
    },
    applications: plan.applications.applications.map((a) => ({
      name: a.name,
      id: a.id,
      shortId: a.shortId,
      created: a.created,
      ...state('applications', a.name),
      environments: a.environments.map((e) => ({
        ...e,
        status: changes.environments.get(a.name)?.get(e.name) ?? 'unchanged',
      })),
    })),
    devicePresets: named('devicePresets'),
    configs: named('configs'),
    scenarios: named('scenarios'),
    testCases: plan.testCases.testCases.map((t) => ({
      name: t.name,
      id: t.id,
      created: t.created,
      ...state('testCases', t.name),
      enabled: t.isEnabled,
      generationStatus: t.generationStatus,
      regenerate: t.regenerate,
    })),
    testPlans: testPlans.map((p) => ({
      name: p.name,
      id: p.id,
      shortId: p.shortId,
      created: p.created,
      ...state('testPlans', p.name),
      default: p.id === finalDefaultPlanId,
      schedules: p.schedules.length,
    })),
    toGenerate: plan.testCases.testCases.filter((t) => t.regenerate).map((t) => t.id),
    leftAlone: {
      applications: notIn(existing.applications, doc.applications),
      devicePresets: notIn(existing.devicePresets, doc.devicePresets),
      configs: notIn(existing.configs, doc.configs),
      scenarios: notIn(existing.scenarios, doc.scenarios),
      testCases: notIn(existing.testCases, doc.testCases),
      testPlans: notIn(existing.testPlans, doc.testPlans),
    },
    repository,
  };
}
