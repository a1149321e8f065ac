// What an apply did to each object: the stored project before and after the write, compared by name.
// Snapshots hold no secret values: apply/summarize.ts compares a config's secret values itself.
import type { ApplyStatus } from '../../../shared/src/project-file/apply-summary.js';
import type { ProjectSnapshot } from './ports/projects-as-code.js';

export type { ApplyStatus };

type Kind = 'applications' | 'devicePresets' | 'configs' | 'scenarios' | 'testCases' | 'testPlans';

export interface ApplyChanges {
  /** The project's own settings, the organization's, the repository connection's and its webhooks'. */
  project: ApplyStatus;
  /** name -> status, per kind of object. */
  objects: Record<Kind, Map<string, ApplyStatus>>;
  /** name -> the fields that differ, per kind, for the changed objects ("goal", "expectedResult"). */
  fields: Record<Kind, Map<string, string[]>>;
  /** application name -> environment name -> status. */
  environments: Map<string, Map<string, ApplyStatus>>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The top-level fields of two versions of an object that differ, in the order of the newer one. */
function changedFields(before: object, after: object): string[] {
  const old = before as Record<string, unknown>;
  return Object.entries(after as Record<string, unknown>)
    .filter(([key, value]) => !same(old[key], value))
    .map(([key]) => key);
}

function fieldChanges<T extends { name: string }>(before: readonly T[], after: readonly T[]): Map<string, string[]> {
  const old = new Map(before.map((o) => [o.name, o]));
  return new Map(
    after.flatMap((o) => {
      const was = old.get(o.name);
      const fields = was ? changedFields(was, o) : [];
      return fields.length ? [[o.name, fields] as const] : [];
    }),
  );
}

function statuses<T extends { name: string }>(before: readonly T[], after: readonly T[]): Map<string, ApplyStatus> {
  const old = new Map(before.map((o) => [o.name, o]));
  return new Map(
    after.map((o) => [o.name, !old.has(o.name) ? 'created' : same(old.get(o.name), o) ? 'unchanged' : 'changed']),
  );
}

export function compareSnapshots(before: ProjectSnapshot | null, after: ProjectSnapshot): ApplyChanges {
  const b = before;
  const kinds: Kind[] = ['applications', 'devicePresets', 'configs', 'scenarios', 'testCases', 'testPlans'];
  const objects = Object.fromEntries(
    kinds.map((k) => [k, statuses<{ name: string }>(b?.[k] ?? [], after[k])]),
  ) as ApplyChanges['objects'];
  const fields = Object.fromEntries(
    kinds.map((k) => [k, fieldChanges<{ name: string }>(b?.[k] ?? [], after[k])]),
  ) as ApplyChanges['fields'];
  const environments = new Map(
    after.applications.map((a) => [
      a.name,
      statuses(b?.applications.find((o) => o.name === a.name)?.environments ?? [], a.environments),
    ]),
  );
  const settings = (s: ProjectSnapshot) => [s.organization, s.project, s.repository, s.webhooks];
  return {
    project: b === null ? 'created' : same(settings(b), settings(after)) ? 'unchanged' : 'changed',
    objects,
    fields,
    environments,
  };
}
