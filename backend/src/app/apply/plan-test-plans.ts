// Test plans: their test cases, the application settings they run with, their schedules, and which
// plan is the project's default.
import { randomUUID } from 'node:crypto';
import type { ProjectFile } from '../../../../shared/src/project-file/schema.js';
import { makeShortId } from '../../domain/short-id.js';
import { teamsChannel } from '../notifications/channels.js';
import type { ExistingProject, ProjectWrite } from '../ports/projects-as-code.js';
import { lookup, namesNo, problemList, type Planned, type Problem } from './planning.js';

export interface TestPlansPlan {
  /** In file order; `created`: new in this apply. */
  testPlans: Planned<ProjectWrite['testPlans'][number]>[];
  /** name -> id, file first, then database. */
  testPlanByName: Map<string, string>;
  /** undefined: keep the stored default. */
  defaultTestPlanId: string | undefined;
  problems: Problem[];
}

/** What test plans refer to, by name: file first, then database. */
export interface TestPlanReferences {
  applicationByName: Map<string, string>;
  /** application id -> environment name -> id. */
  environmentIndex: Map<string, Map<string, string>>;
  presetByName: Map<string, string>;
  testCaseByName: Map<string, string>;
}

export function planTestPlans(
  doc: Pick<ProjectFile, 'testPlans'>,
  existing: Pick<ExistingProject, 'testPlans' | 'project'>,
  refs: TestPlanReferences,
  projectLabel: string,
): TestPlansPlan {
  const { problems, problem } = problemList();
  const oldPlans = lookup(existing.testPlans);
  const defaults = doc.testPlans.filter((p) => p.default);
  if (defaults.length > 1)
    problem(
      ['testPlans'],
      `marks ${defaults.length} plans default: true (${defaults.map((p) => p.name).join(', ')}); mark at most one`,
    );
  const testPlans = doc.testPlans.map((p, pi) => {
    const at = (...rest: (string | number)[]) => ['testPlans', pi, ...rest];
    const prev = oldPlans.get(p.name);
    if (new Set(p.testCases).size !== p.testCases.length) problem(at('testCases'), 'lists a test case more than once');
    const members = p.testCases.flatMap((name, i) => {
      const id = refs.testCaseByName.get(name);
      if (!id) problem(at('testCases', i), namesNo('test case', name, projectLabel));
      return id ? [id] : [];
    });
    const params = Object.entries(p.applications).flatMap(([appName, settings]) => {
      const applicationId = refs.applicationByName.get(appName);
      if (!applicationId) {
        problem(at('applications', appName), namesNo('application', appName, projectLabel));
        return [];
      }
      const environmentId = refs.environmentIndex.get(applicationId)?.get(settings.environment);
      if (!environmentId)
        problem(
          at('applications', appName, 'environment'),
          `names no environment ${JSON.stringify(settings.environment)} of application ${appName}`,
        );
      const devicePresetId = settings.devicePreset ? refs.presetByName.get(settings.devicePreset) : null;
      if (settings.devicePreset && !devicePresetId)
        problem(
          at('applications', appName, 'devicePreset'),
          namesNo('device preset', settings.devicePreset, projectLabel),
        );
      return environmentId ? [{ applicationId, environmentId, devicePresetId: devicePresetId ?? null }] : [];
    });
    const oldSchedules = prev?.schedules ?? [];
    return {
      id: prev?.id ?? randomUUID(),
      shortId: prev?.shortId ?? makeShortId('testPlan', p.name),
      name: p.name,
      description: p.description ?? null,
      owner: p.owner ?? null,
      slackChannel: p.notifications?.slack?.channel ?? null,
      slackNotifyOn: p.notifications?.slack?.notifyOn ?? null,
      emailNotifications: p.notifications?.email ?? null,
      teamsNotifications: p.notifications?.teams?.map(teamsChannel) ?? null,
      testCaseIds: [...new Set(members)],
      applications: params,
      schedules: p.schedules.map((s) => ({
        // Same cron and time zone: the same schedule, so it keeps its firing history.
        id: oldSchedules.find((o) => o.cron === s.cron && o.timezone === s.timezone)?.id ?? randomUUID(),
        cron: s.cron,
        description: s.description,
        timezone: s.timezone,
        enabled: s.enabled,
      })),
      created: !prev,
    };
  });
  // The plan marked default; with none marked, a new project's first plan.
  const defaultPlan = defaults[0] ? testPlans[doc.testPlans.indexOf(defaults[0])]! : null;
  const defaultTestPlanId = defaultPlan
    ? defaultPlan.id
    : existing.project?.defaultTestPlanId
      ? undefined
      : (testPlans[0]?.id ?? undefined);
  const testPlanByName = new Map([
    ...existing.testPlans.map((p) => [p.name, p.id] as const),
    ...testPlans.map((p) => [p.name, p.id] as const),
  ]);
  return { testPlans, testPlanByName, defaultTestPlanId, problems };
}
