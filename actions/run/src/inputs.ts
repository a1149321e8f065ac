// The action's raw inputs (strings, as GitHub passes them) turned into one typed, validated
// settings object. Pure: `read` is the input source (core.getInput in the action, a map in tests).
// Every problem names the input and says how to fix it; all problems are reported at once.
import type {
  ApplicationEnvironmentOverride,
  ApplicationOverride,
  NotificationOverride,
} from '../../../shared/src/api/types.js';
import { normalizeApiUrl } from '../../../shared/src/client/api-client.js';
import { isShortId, shortIdExample } from '../../../shared/src/short-ids.js';
import { InputError, isHttpUrl, type InputReader } from '../../../shared/src/actions/inputs.js';

export interface RunSettings {
  /** Base URL including /v1. */
  apiUrl: string;
  apiToken: string;
  testPlanShortId?: string;
  applications?: ApplicationOverride[];
  notifications?: NotificationOverride[];
  blocking: boolean;
  timeoutMinutes: number;
  /** Set: rerun the failed test cases of this run instead of starting a run. */
  rerunFailedOf?: string;
  /** QA.tech's project_id: the project UUID the token must belong to (checked by the server). */
  projectId?: string;
  /** Not errors, but worth a line in the log (inputs that have no effect). */
  warnings: string[];
}

export { InputError, type InputReader };

export const DEFAULT_TIMEOUT_MINUTES = 60;

const APPLICATIONS_EXAMPLE =
  '[{"applicationShortId": "app_4kq8z1", "environment": {"url": "https://pr-42.preview.example.com"}}], ' +
  'or {"app_4kq8z1": {"environment": {"url": "https://pr-42.preview.example.com"}}}, ' +
  'or {"app_4kq8z1": "https://pr-42.preview.example.com"}';

const describe = (value: unknown) =>
  typeof value === 'string'
    ? JSON.stringify(value)
    : value === null
      ? 'null'
      : Array.isArray(value)
        ? 'an array'
        : typeof value;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Parses JSON, or records a problem that says what the input should look like. */
function parseJson(name: string, text: string, example: string, problems: string[]): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    problems.push(
      `${name} is not valid JSON (${(error as Error).message}). Give JSON such as ${example}. ` +
        `In the workflow, write it as a YAML block scalar (\`${name}: |\` and the JSON on the next lines) so its quotes survive.`,
    );
    return undefined;
  }
}

function parseEnvironment(
  where: string,
  value: unknown,
  problems: string[],
): ApplicationEnvironmentOverride | undefined {
  if (typeof value === 'string') {
    // Convenience: a URL is a preview environment, an env_... short ID an existing one.
    if (isShortId('environment', value)) return { shortId: value };
    if (value.trim() === '') {
      problems.push(
        `${where} is an empty string. If it comes from an earlier job's output (\`\${{ needs.deploy.outputs.url }}\`), check that the job sets that output.`,
      );
      return undefined;
    }
    if (!isHttpUrl(value)) {
      problems.push(
        `${where} must be an absolute http(s) URL such as https://pr-42.preview.example.com, or an environment short ID such as ${shortIdExample('environment')}, not ${describe(value)}.`,
      );
      return undefined;
    }
    return { url: value };
  }
  if (!isObject(value)) {
    problems.push(
      `${where} must be {"url": "https://...", "name": "optional"} for a preview environment or {"shortId": "${shortIdExample('environment')}"} for an existing one, not ${describe(value)}.`,
    );
    return undefined;
  }
  const unknown = Object.keys(value).filter((key) => !['url', 'name', 'shortId'].includes(key));
  if (unknown.length > 0) {
    problems.push(
      `${where} has unknown field${unknown.length === 1 ? '' : 's'} ${unknown.map((k) => JSON.stringify(k)).join(', ')}; use "url" (and optionally "name") for a preview environment, or "shortId" for an existing one.`,
    );
    return undefined;
  }
  if ('shortId' in value) {
    if ('url' in value || 'name' in value) {
      problems.push(
        `${where} gives both "shortId" and "url"/"name": give {"shortId": ...} for an existing environment or {"url": ...} for a preview, not both.`,
      );
      return undefined;
    }
    if (typeof value.shortId !== 'string' || !isShortId('environment', value.shortId)) {
      problems.push(
        `${where}.shortId must be an environment short ID such as ${shortIdExample('environment')}, not ${describe(value.shortId)}.`,
      );
      return undefined;
    }
    return { shortId: value.shortId };
  }
  if (typeof value.url !== 'string' || !isHttpUrl(value.url)) {
    const empty =
      value.url === '' ? " If it comes from an earlier job's output, check that the job sets that output." : '';
    problems.push(
      `${where}.url must be an absolute http(s) URL such as https://pr-42.preview.example.com, not ${describe(value.url)}.${empty}`,
    );
    return undefined;
  }
  if (
    value.name !== undefined &&
    (typeof value.name !== 'string' || value.name.trim() === '' || value.name.length > 120)
  ) {
    problems.push(
      `${where}.name must be a text of 1 to 120 characters, not ${describe(value.name)}; or leave it out (the environment is then named after the URL's host).`,
    );
    return undefined;
  }
  return value.name === undefined ? { url: value.url } : { url: value.url, name: value.name };
}

function checkApplicationShortId(where: string, value: unknown, problems: string[]): value is string {
  if (typeof value === 'string' && isShortId('application', value)) return true;
  problems.push(
    `${where} must be an application short ID such as ${shortIdExample('application')}, not ${describe(value)} (\`goalie apply --json\` lists them).`,
  );
  return false;
}

function checkDevicePreset(where: string, value: unknown, problems: string[]): value is string {
  if (typeof value === 'string' && isShortId('devicePreset', value)) return true;
  problems.push(
    `${where} must be a device preset short ID such as ${shortIdExample('devicePreset')}, not ${describe(value)}.`,
  );
  return false;
}

/** One override from {environment?, devicePresetShortId?} (object form) or the array element form. */
function parseOverrideFields(
  where: string,
  applicationShortId: string,
  fields: Record<string, unknown>,
  allowed: string[],
  problems: string[],
): ApplicationOverride | undefined {
  const unknown = Object.keys(fields).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) {
    problems.push(
      `${where} has unknown field${unknown.length === 1 ? '' : 's'} ${unknown.map((k) => JSON.stringify(k)).join(', ')}; known fields: ${allowed.join(', ')}.`,
    );
    return undefined;
  }
  const override: ApplicationOverride = { applicationShortId };
  const before = problems.length;
  if (fields.environment !== undefined) {
    const environment = parseEnvironment(`${where}.environment`, fields.environment, problems);
    if (environment) override.environment = environment;
  }
  if (
    fields.devicePresetShortId !== undefined &&
    checkDevicePreset(`${where}.devicePresetShortId`, fields.devicePresetShortId, problems)
  ) {
    override.devicePresetShortId = fields.devicePresetShortId;
  }
  return problems.length === before ? override : undefined;
}

function parseApplications(text: string, problems: string[]): ApplicationOverride[] | undefined {
  if (text === '') return undefined;
  let value = parseJson('applications', text, APPLICATIONS_EXAMPLE, problems);
  if (value === undefined) return undefined;
  // QA.tech's action (before it renamed the input applications_config) wrapped the keyed form in
  // {"applications": ...}; "applications" is no application short ID, so the wrapper is unambiguous.
  if (isObject(value) && Object.keys(value).length === 1 && isObject(value.applications)) value = value.applications;
  return applicationOverrides('applications', value, problems);
}

/** QA.tech's applications_config: {"applications": {"<application short ID>": {"environment": {...}}}}. */
function parseApplicationsConfig(text: string, problems: string[]): ApplicationOverride[] | undefined {
  if (text === '') return undefined;
  const example = `{"applications": {"${shortIdExample('application')}": {"environment": {"url": "https://pr-42.preview.example.com"}}}}`;
  const value = parseJson('applications_config', text, example, problems);
  if (value === undefined) return undefined;
  if (!isObject(value) || !isObject(value.applications) || Object.keys(value).length !== 1) {
    problems.push(
      `applications_config must be a JSON object with one field, "applications", as QA.tech's action takes it: ${example}; got ${
        isObject(value)
          ? `an object with ${
              Object.keys(value)
                .map((k) => JSON.stringify(k))
                .join(', ') || 'no fields'
            }`
          : describe(value)
      }.`,
    );
    return undefined;
  }
  return applicationOverrides('applications_config.applications', value.applications, problems);
}

/** The overrides of a parsed `applications` value (array or keyed form); `name` prefixes each problem. */
function applicationOverrides(name: string, value: unknown, problems: string[]): ApplicationOverride[] | undefined {
  const overrides: ApplicationOverride[] = [];
  if (Array.isArray(value)) {
    // The API's own form.
    value.forEach((element, i) => {
      const where = `${name}[${i}]`;
      if (!isObject(element)) {
        problems.push(
          `${where} must be an object such as {"applicationShortId": "${shortIdExample('application')}", "environment": {"url": "https://..."}}, not ${describe(element)}.`,
        );
        return;
      }
      if (!checkApplicationShortId(`${where}.applicationShortId`, element.applicationShortId, problems)) return;
      const { applicationShortId, ...fields } = element;
      const override = parseOverrideFields(
        where,
        applicationShortId,
        fields,
        ['environment', 'devicePresetShortId'],
        problems,
      );
      if (override) overrides.push(override);
    });
  } else if (isObject(value)) {
    // Keyed by application short ID: {"app_x": {"environment": {...}}} or {"app_x": "https://..."}.
    for (const [key, entry] of Object.entries(value)) {
      const where = `${name}.${key}`;
      if (!checkApplicationShortId(`${name} key ${JSON.stringify(key)}`, key, problems)) continue;
      if (typeof entry === 'string') {
        const environment = parseEnvironment(where, entry, problems);
        if (environment) overrides.push({ applicationShortId: key, environment });
      } else if (isObject(entry)) {
        const override = parseOverrideFields(where, key, entry, ['environment', 'devicePresetShortId'], problems);
        if (override) overrides.push(override);
      } else {
        problems.push(
          `${where} must be a preview URL ("https://...") or an object {"environment": {"url": "https://..."}}, not ${describe(entry)}.`,
        );
      }
    }
  } else {
    problems.push(`${name} must be a JSON array or object, such as ${APPLICATIONS_EXAMPLE}; got ${describe(value)}.`);
    return undefined;
  }
  const seen = new Set<string>();
  for (const override of overrides) {
    if (seen.has(override.applicationShortId)) {
      problems.push(`${name} names ${override.applicationShortId} more than once; give one entry per application.`);
    }
    seen.add(override.applicationShortId);
  }
  return overrides;
}

function parseDevicePresets(text: string, problems: string[]): Map<string, string> | undefined {
  if (text === '') return undefined;
  const example = `{"${shortIdExample('application')}": "${shortIdExample('devicePreset')}"}`;
  const value = parseJson('device_presets', text, example, problems);
  if (value === undefined) return undefined;
  if (!isObject(value)) {
    problems.push(
      `device_presets must be a JSON object from application short ID to device preset short ID, such as ${example}; got ${describe(value)}.`,
    );
    return undefined;
  }
  const presets = new Map<string, string>();
  for (const [key, preset] of Object.entries(value)) {
    if (!checkApplicationShortId(`device_presets key ${JSON.stringify(key)}`, key, problems)) continue;
    if (checkDevicePreset(`device_presets.${key}`, preset, problems)) presets.set(key, preset);
  }
  return presets;
}

/** Adds the device presets to the overrides: into an application's entry, or as an entry of its own. */
function mergeDevicePresets(
  applications: ApplicationOverride[] | undefined,
  presets: Map<string, string> | undefined,
  problems: string[],
): ApplicationOverride[] | undefined {
  if (!presets || presets.size === 0) return applications;
  const merged = [...(applications ?? []).map((o) => ({ ...o }))];
  for (const [applicationShortId, devicePresetShortId] of presets) {
    const existing = merged.find((o) => o.applicationShortId === applicationShortId);
    if (!existing) merged.push({ applicationShortId, devicePresetShortId });
    else if (existing.devicePresetShortId && existing.devicePresetShortId !== devicePresetShortId) {
      problems.push(
        `device_presets.${applicationShortId} (${devicePresetShortId}) contradicts the devicePresetShortId ${existing.devicePresetShortId} given in applications; give the preset in one place.`,
      );
    } else existing.devicePresetShortId = devicePresetShortId;
  }
  return merged;
}

function parseSlackChannels(text: string, problems: string[]): NotificationOverride[] | undefined {
  const entries = text
    .split(/[,\n]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) return undefined;
  const notifications: NotificationOverride[] = [];
  for (const entry of entries) {
    const [channel = '', notifyOn, ...rest] = entry.split(':').map((part) => part.trim());
    if (channel.startsWith('#') || !/^[A-Za-z0-9]+$/.test(channel) || rest.length > 0) {
      problems.push(
        `slack_channels entry ${JSON.stringify(entry)} is not a channel ID: give IDs such as C0123ABCD or C0123ABCD:failure, separated by commas or new lines. ` +
          `A channel's ID (not its #name) is at the bottom of its details in Slack.`,
      );
      continue;
    }
    if (notifyOn === undefined) notifications.push({ type: 'slack', channel });
    else if (notifyOn === 'always' || notifyOn === 'failure') notifications.push({ type: 'slack', channel, notifyOn });
    else
      problems.push(
        `slack_channels entry ${JSON.stringify(entry)}: after the colon write "failure" (only the final summary, only when the run did not pass) or "always" (the default), not ${JSON.stringify(notifyOn)}.`,
      );
  }
  return notifications;
}

function parseBoolean(name: string, text: string, fallback: boolean, problems: string[]): boolean {
  if (text === '') return fallback;
  // The YAML 1.2 core schema's booleans, as @actions/core's getBooleanInput reads them.
  if (['true', 'True', 'TRUE'].includes(text)) return true;
  if (['false', 'False', 'FALSE'].includes(text)) return false;
  problems.push(`${name} must be true or false, not ${JSON.stringify(text)}.`);
  return fallback;
}

function parseTimeout(text: string, problems: string[]): number {
  if (text === '') return DEFAULT_TIMEOUT_MINUTES;
  const minutes = Number(text);
  if (!/^\d*\.?\d+$/.test(text) || !Number.isFinite(minutes) || minutes <= 0) {
    problems.push(
      `timeout_minutes must be a positive number of minutes such as 30 (decimals such as 0.5 work too), not ${JSON.stringify(text)}.`,
    );
    return DEFAULT_TIMEOUT_MINUTES;
  }
  return minutes;
}

/** A run short ID, or a run's URL (…/runs/<shortId>), whose last path segment is taken. */
function parseRunShortId(text: string, problems: string[]): string | undefined {
  if (text === '') return undefined;
  let shortId = text;
  if (/^https?:\/\//i.test(text) && isHttpUrl(text)) {
    shortId = new URL(text).pathname.split('/').filter(Boolean).at(-1) ?? '';
  }
  if (!/^[A-Za-z0-9_-]+$/.test(shortId)) {
    problems.push(
      `rerun_failed_of must be the short ID of an earlier run (the run_short_id output of this action, or the last part of the run's URL), not ${JSON.stringify(text)}.`,
    );
    return undefined;
  }
  return shortId;
}

/** QA.tech's own API, the default of its action's api_url: a workflow switched to Goalie must not call it. */
function isQaTechHost(url: string): boolean {
  const host = new URL(url).hostname.toLowerCase();
  return host === 'qa.tech' || host.endsWith('.qa.tech');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** QA.tech's project_id: optional here (the token decides the project), checked when given. */
function parseProjectId(text: string, problems: string[]): string | undefined {
  if (text === '') return undefined;
  if (UUID.test(text)) return text.toLowerCase();
  problems.push(
    `project_id must be your Goalie project's UUID, such as 0b7e4f2a-5c1d-4e8b-9a3f-6d2c1b0a9e8f (the dashboard's Settings, Integrations, API page and \`goalie apply --json\` show it), not ${JSON.stringify(text)}. ` +
      "A QA.tech project ID does not carry over: give Goalie's, or leave project_id out (the API token decides the project).",
  );
  return undefined;
}

/**
 * The test plan: test_plan_short_id, or the comma-separated lists of older QA.tech actions
 * (test_plan_short_ids, test_plan_ids). A run runs one plan, so a list must hold exactly one.
 */
function parseTestPlan(input: (name: string) => string, problems: string[]): string | undefined {
  const given = ['test_plan_short_id', 'test_plan_short_ids', 'test_plan_ids']
    .map((name) => ({
      name,
      ids: input(name)
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== ''),
    }))
    .filter((entry) => entry.ids.length > 0);
  for (const entry of given) {
    if (entry.ids.length > 1) {
      problems.push(
        `${entry.name} names ${entry.ids.length} test plans (${entry.ids.join(', ')}); a Goalie run runs one test plan. ` +
          'Give one in test_plan_short_id, and for several plans use one step per plan (or a matrix over the plans).',
      );
    }
  }
  const ids = [...new Set(given.flatMap((entry) => entry.ids))];
  if (given.length > 1 && ids.length > 1) {
    problems.push(
      `${given.map((entry) => entry.name).join(' and ')} name different test plans; give one, in test_plan_short_id.`,
    );
  }
  if (given.length === 0 || ids.length > 1) return undefined;
  const [testPlanShortId] = ids as [string];
  if (!isShortId('testPlan', testPlanShortId)) {
    problems.push(
      `${given[0]!.name} must be a test plan short ID such as ${shortIdExample('testPlan')}, not ${JSON.stringify(testPlanShortId)} (\`goalie apply --json\` lists them; QA.tech's short IDs do not carry over); ` +
        "leave it out to run the project's default plan.",
    );
    return undefined;
  }
  return testPlanShortId;
}

export function parseInputs(read: InputReader): RunSettings {
  const problems: string[] = [];
  const warnings: string[] = [];
  const input = (name: string) => read(name).trim();

  let apiUrl = '';
  const rawUrl = input('api_url');
  if (rawUrl === '') {
    problems.push(
      'api_url is required: the address of your Goalie server, such as https://goalie.example.com (the /v1 suffix is optional). ' +
        "A workflow written for QA.tech's action has none (that action defaults to QA.tech's own API): add `api_url:` with your Goalie server's address to the step's `with:`.",
    );
  } else if (!isHttpUrl(rawUrl)) {
    problems.push(
      `api_url must be an absolute http(s) URL such as https://goalie.example.com, not ${JSON.stringify(rawUrl)}.`,
    );
  } else if (isQaTechHost(rawUrl)) {
    problems.push(
      `api_url ${rawUrl} is QA.tech's API, not a Goalie server: give your Goalie server's address, such as https://goalie.example.com.`,
    );
  } else {
    apiUrl = normalizeApiUrl(rawUrl);
  }

  const apiToken = input('api_token');
  if (apiToken === '') {
    problems.push(
      'api_token is required: create a project token (`goalie token create --project <slug>`), store it as a repository secret and pass it as `api_token: ${{ secrets.GOALIE_API_TOKEN }}`. ' +
        'Workflows started from forks get no secrets: run the action only for pull requests from branches of the repository.',
    );
  }

  const projectId = parseProjectId(input('project_id'), problems);
  const testPlanShortId = parseTestPlan(input, problems);

  const ownApplications = parseApplications(input('applications'), problems);
  const qaTechApplications = parseApplicationsConfig(input('applications_config'), problems);
  if (ownApplications && qaTechApplications) {
    problems.push(
      "applications and applications_config (QA.tech's name for it) are both given; give the overrides in one of them.",
    );
  }
  const applications = mergeDevicePresets(
    ownApplications ?? qaTechApplications,
    parseDevicePresets(input('device_presets'), problems),
    problems,
  );
  const notifications = parseSlackChannels(input('slack_channels'), problems);
  const blocking = parseBoolean('blocking', input('blocking'), false, problems);
  const timeoutMinutes = parseTimeout(input('timeout_minutes'), problems);
  const rerunFailedOf = parseRunShortId(input('rerun_failed_of'), problems);

  if (rerunFailedOf) {
    const ignored = [
      ...['test_plan_short_id', 'test_plan_short_ids', 'test_plan_ids'].filter((name) => input(name) !== ''),
      input('applications') && 'applications',
      input('applications_config') && 'applications_config',
      input('device_presets') && 'device_presets',
      notifications && 'slack_channels',
    ].filter(Boolean);
    if (ignored.length > 0) {
      warnings.push(
        `${ignored.join(', ')} ${ignored.length === 1 ? 'has' : 'have'} no effect with rerun_failed_of: a rerun runs the failed test cases of run ${rerunFailedOf} with that run's plan, environments and notifications.`,
      );
    }
  }

  if (problems.length > 0) throw new InputError(problems);
  return {
    apiUrl,
    apiToken,
    ...(testPlanShortId && !rerunFailedOf ? { testPlanShortId } : {}),
    ...(applications && applications.length > 0 && !rerunFailedOf ? { applications } : {}),
    ...(notifications && !rerunFailedOf ? { notifications } : {}),
    blocking,
    timeoutMinutes,
    ...(rerunFailedOf ? { rerunFailedOf } : {}),
    ...(projectId ? { projectId } : {}),
    warnings,
  };
}
