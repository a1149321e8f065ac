// Applications and their environments, matched by name; one environment of each is the default.
import { randomUUID } from 'node:crypto';
import type { ProjectFile } from '../../../../shared/src/project-file/schema.js';
import { makeShortId } from '../../domain/short-id.js';
import type { ExistingProject, ProjectWrite } from '../ports/projects-as-code.js';
import { lookup, problemList, type Problem } from './planning.js';

export interface PlannedApplication {
  name: string;
  id: string;
  shortId: string;
  created: boolean;
  environments: { name: string; id: string; shortId: string; created: boolean; url: string; default: boolean }[];
}

export interface ApplicationsPlan {
  /** In file order. */
  applications: PlannedApplication[];
  environments: ProjectWrite['environments'];
  /** application name -> id, file first, then database. */
  applicationByName: Map<string, string>;
  /** application id -> environment name -> id, file first, then database. */
  environmentIndex: Map<string, Map<string, string>>;
  problems: Problem[];
}

export function planApplications(
  doc: Pick<ProjectFile, 'applications'>,
  existing: Pick<ExistingProject, 'applications'>,
): ApplicationsPlan {
  const { problems, problem } = problemList();
  const oldApps = lookup(existing.applications);
  const environments: ProjectWrite['environments'] = [];
  const environmentIndex = new Map<string, Map<string, string>>();
  for (const a of existing.applications) environmentIndex.set(a.id, new Map(a.environments.map((e) => [e.name, e.id])));
  const applications = doc.applications.map((a, ai): PlannedApplication => {
    const prevApp = oldApps.get(a.name);
    const app: PlannedApplication = {
      name: a.name,
      id: prevApp?.id ?? randomUUID(),
      shortId: prevApp?.shortId ?? makeShortId('application', a.name),
      created: !prevApp,
      environments: [],
    };
    const old = lookup(prevApp?.environments ?? []);
    const defaults = a.environments.filter((e) => e.default);
    if (defaults.length > 1)
      problem(
        ['applications', ai, 'environments'],
        `marks ${defaults.length} environments default: true; mark exactly one`,
      );
    // With none marked, the first declared environment is the default.
    const defaultName = defaults[0]?.name ?? a.environments[0]?.name;
    const index = environmentIndex.get(app.id) ?? new Map<string, string>();
    environmentIndex.set(app.id, index);
    for (const e of a.environments) {
      const prev = old.get(e.name);
      const row = {
        id: prev?.id ?? randomUUID(),
        shortId: prev?.shortId ?? makeShortId('environment', e.name),
        applicationId: app.id,
        name: e.name,
        url: e.url,
        isDefault: e.name === defaultName,
      };
      environments.push(row);
      index.set(e.name, row.id);
      app.environments.push({
        name: e.name,
        id: row.id,
        shortId: row.shortId,
        created: !prev,
        url: e.url,
        default: row.isDefault,
      });
    }
    return app;
  });
  const applicationByName = new Map([
    ...existing.applications.map((a) => [a.name, a.id] as const),
    ...applications.map((a) => [a.name, a.id] as const),
  ]);
  return { applications, environments, applicationByName, environmentIndex, problems };
}
