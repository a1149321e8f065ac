// Device presets, configs and scenarios: objects that are a name and settings, referred to by name.
import { randomUUID } from 'node:crypto';
import type { ProjectFile } from '../../../../shared/src/project-file/schema.js';
import { makeShortId } from '../../domain/short-id.js';
import type { ExistingProject, ProjectWrite } from '../ports/projects-as-code.js';
import { namesNo, problemList, type Planned, type Problem } from './planning.js';

export interface NamedObjectsPlan {
  devicePresets: Planned<ProjectWrite['devicePresets'][number]>[];
  configs: Planned<ProjectWrite['configs'][number]>[];
  scenarios: Planned<ProjectWrite['scenarios'][number]>[];
  /** name -> id, file first, then database. */
  presetByName: Map<string, string>;
  configByName: Map<string, string>;
  scenarioByName: Map<string, string>;
  /** undefined: the file does not say; null: none. */
  defaultDevicePresetId: string | null | undefined;
  problems: Problem[];
}

type Kind = 'devicePreset' | 'config' | 'scenario';

/** Stored id and short id by name, or new ones. */
function identify<D extends { name: string }>(docs: D[], old: ExistingProject['devicePresets'], kind: Kind) {
  return docs.map((d) => {
    const prev = old.find((o) => o.name === d.name);
    return {
      doc: d,
      id: prev?.id ?? randomUUID(),
      shortId: prev?.shortId ?? makeShortId(kind, d.name),
      created: !prev,
    };
  });
}

const byName = (file: { name: string; id: string }[], db: { name: string; id: string }[]) =>
  new Map([...db.map((o) => [o.name, o.id] as const), ...file.map((o) => [o.name, o.id] as const)]);

export function planNamedObjects(
  doc: Pick<ProjectFile, 'devicePresets' | 'configs' | 'scenarios' | 'project'>,
  existing: Pick<ExistingProject, 'devicePresets' | 'configs' | 'scenarios'>,
  projectLabel: string,
): NamedObjectsPlan {
  const { problems, problem } = problemList();
  const devicePresets = identify(doc.devicePresets, existing.devicePresets, 'devicePreset').map(
    ({ doc: d, id, shortId, created }) => ({
      id,
      shortId,
      name: d.name,
      viewportWidth: d.viewport?.width ?? null,
      viewportHeight: d.viewport?.height ?? null,
      locale: d.locale ?? null,
      timezone: d.timezone ?? null,
      userAgent: d.userAgent ?? null,
      extraHeaders: d.extraHeaders ?? {},
      colorScheme: d.colorScheme ?? null,
      created,
    }),
  );
  const configs = identify(doc.configs, existing.configs, 'config').map(({ doc: c, id, shortId, created }) => ({
    id,
    shortId,
    name: c.name,
    entries: Object.entries(c.values).map(([key, value]) =>
      typeof value === 'object'
        ? { key, value: String(value.secret), secret: true }
        : { key, value: String(value), secret: false },
    ),
    created,
  }));
  const scenarios = identify(doc.scenarios, existing.scenarios, 'scenario').map(({ doc: s, id, shortId, created }) => ({
    id,
    shortId,
    name: s.name,
    description: s.description ?? null,
    examples: s.examples ?? null,
    created,
  }));
  const presetByName = byName(devicePresets, existing.devicePresets);

  let defaultDevicePresetId: string | null | undefined;
  if (doc.project.defaultDevicePreset === null) defaultDevicePresetId = null;
  else if (doc.project.defaultDevicePreset !== undefined) {
    defaultDevicePresetId = presetByName.get(doc.project.defaultDevicePreset);
    if (!defaultDevicePresetId)
      problem(
        ['project', 'defaultDevicePreset'],
        namesNo('device preset', doc.project.defaultDevicePreset, projectLabel),
      );
  }
  return {
    devicePresets,
    configs,
    scenarios,
    presetByName,
    configByName: byName(configs, existing.configs),
    scenarioByName: byName(scenarios, existing.scenarios),
    defaultDevicePresetId,
    problems,
  };
}
