// Config values as the browser needs them (secrets opened) and the project's secret values as the
// masking needs them: shared by the burn-ins and runs (execution-store.ts) and the dashboard's tries
// (goal-tries-store.ts), so a try is masked exactly as they are.
import { In, type EntityManager } from 'typeorm';
import type { SecretValue } from '../domain/mask-secrets.js';
import type { ConfigValues } from '../domain/steps.js';
import { ConfigEntity } from './entities/index.js';
import type { SecretBox } from './secret-box.js';

/** The configs' values by config name, in the order of `configIds` (unknown ids are left out). */
export async function configValuesOf(
  m: EntityManager,
  secrets: SecretBox,
  configIds: readonly string[],
): Promise<ConfigValues> {
  if (!configIds.length) return {};
  const configs = await m.find(ConfigEntity, { where: { id: In([...configIds]) } });
  const out: ConfigValues = {};
  for (const id of configIds) {
    const config = configs.find((c) => c.id === id);
    if (!config) continue;
    out[config.name] = Object.fromEntries(
      config.entries.map((e) => [e.key, e.secret ? secrets.open(e.encrypted!) : (e.value ?? '')]),
    );
  }
  return out;
}

/** Every secret value of the project's configs: masking more than a test case uses costs nothing. */
export async function projectSecretValues(
  m: EntityManager,
  secrets: SecretBox,
  projectId: string,
): Promise<SecretValue[]> {
  const configs = await m.find(ConfigEntity, { where: { projectId } });
  return configs.flatMap((c) =>
    c.entries
      .filter((e) => e.secret && e.encrypted)
      .map((e) => ({ value: secrets.open(e.encrypted!), placeholder: `{{config.${e.key}}}` })),
  );
}
