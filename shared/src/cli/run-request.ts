// `goalie run` arguments -> StartRunRequest: plan, application overrides (URL or environment, device
// preset), Slack notifications, and the trigger with CI attribution.
import type { ApplicationOverride, NotificationOverride, StartRunRequest, Trigger } from '../api/types.js';
import type { DetectedCi } from '../ci/attribution.js';
import { isShortId, shortIdExample } from '../short-ids.js';
import { noPositionals, parseCommandArgs, UsageError } from './args.js';
import type { ConnectionFlags } from './connection.js';
import { FOLLOW_OPTIONS, followFlags, type FollowFlags } from './follow-flags.js';

export interface RunArgs {
  connection: ConnectionFlags;
  json: boolean;
  follow: FollowFlags;
  /** Everything but the trigger and attribution, which depend on the environment. */
  request: StartRunRequest;
  /** --plan given by name: resolved to its short ID before the run is started. */
  planName?: string;
  trigger?: Trigger;
  noCi: boolean;
  help: boolean;
}

const C = 'run';

export function parseRunArgs(args: string[]): RunArgs {
  const { values, positionals } = parseCommandArgs(C, args, {
    plan: { type: 'string' },
    app: { type: 'string', multiple: true },
    device: { type: 'string', multiple: true },
    slack: { type: 'string', multiple: true },
    trigger: { type: 'string' },
    'no-ci': { type: 'boolean' },
    ...FOLLOW_OPTIONS,
  });
  const base = {
    connection: values,
    json: values.json ?? false,
    help: values.help ?? false,
    noCi: values['no-ci'] ?? false,
  };
  if (base.help) return { ...base, follow: { wait: false, timeoutMs: 0 }, request: {} };
  noPositionals(C, positionals);

  const request: StartRunRequest = {};
  let planName: string | undefined;
  if (values.plan !== undefined) {
    if (!values.plan.trim())
      throw new UsageError(`--plan is empty: give the test plan's name or short ID (${shortIdExample('testPlan')})`, C);
    // A name is looked up when the command runs (plan-option.ts).
    if (isShortId('testPlan', values.plan)) request.testPlanShortId = values.plan;
    else planName = values.plan;
  }
  const applications = applicationOverrides(values.app ?? [], values.device ?? []);
  if (applications.length) request.applications = applications;
  const notifications = (values.slack ?? []).map(slackNotification);
  if (notifications.length) request.notifications = notifications;

  return { ...base, follow: followFlags(C, values), request, planName, trigger: parseTrigger(values.trigger) };
}

function parseTrigger(value: string | undefined): Trigger | undefined {
  if (value === undefined) return undefined;
  const upper = value.toUpperCase();
  if (upper === 'API' || upper === 'REPOHOST') return upper;
  throw new UsageError(`--trigger ${JSON.stringify(value)}: use --trigger API or --trigger REPOHOST`, C);
}

/** `app_x=VALUE` -> [app_x, VALUE], with the application checked. */
function pair(flag: string, text: string, right: string, command: string): [string, string] {
  const at = text.indexOf('=');
  if (at < 0)
    throw new UsageError(
      `--${flag} ${JSON.stringify(text)}: write --${flag} ${shortIdExample('application')}=${right}`,
      command,
    );
  const app = text.slice(0, at).trim();
  const value = text.slice(at + 1).trim();
  if (!isShortId('application', app))
    throw new UsageError(
      `--${flag} ${JSON.stringify(text)}: ${JSON.stringify(app)} is not an application short ID such as ${shortIdExample('application')}`,
      command,
    );
  if (!value)
    throw new UsageError(
      `--${flag} ${JSON.stringify(text)}: nothing after "="; write --${flag} ${app}=${right}`,
      command,
    );
  return [app, value];
}

/** `--app` and `--device` values as `applications` overrides; `command` names the command in messages. */
export function applicationOverrides(apps: string[], devices: string[], command = C): ApplicationOverride[] {
  const byApp = new Map<string, ApplicationOverride>();
  const get = (id: string) => byApp.get(id) ?? byApp.set(id, { applicationShortId: id }).get(id)!;
  for (const text of apps) {
    const [app, value] = pair('app', text, 'https://preview.example.com', command);
    if (byApp.get(app)?.environment)
      throw new UsageError(`--app ${app} is given twice; give one environment per application`, command);
    get(app).environment = environmentOverride(text, value, command);
  }
  for (const text of devices) {
    const [app, preset] = pair('device', text, shortIdExample('devicePreset'), command);
    if (!isShortId('devicePreset', preset))
      throw new UsageError(
        `--device ${JSON.stringify(text)}: ${JSON.stringify(preset)} is not a device preset short ID such as ${shortIdExample('devicePreset')}`,
        command,
      );
    if (byApp.get(app)?.devicePresetShortId)
      throw new UsageError(`--device ${app} is given twice; give one device preset per application`, command);
    get(app).devicePresetShortId = preset;
  }
  return [...byApp.values()];
}

function environmentOverride(text: string, value: string, command: string): ApplicationOverride['environment'] {
  if (isShortId('environment', value)) return { shortId: value };
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) {
    const url = parseUrl(value);
    if (url && (url.protocol === 'http:' || url.protocol === 'https:')) return { url: value };
    throw new UsageError(
      `--app ${JSON.stringify(text)}: ${JSON.stringify(value)} is not an http:// or https:// URL`,
      command,
    );
  }
  throw new UsageError(
    `--app ${JSON.stringify(text)}: after "=" give a URL (https://...) or an environment short ID such as ${shortIdExample('environment')}`,
    command,
  );
}

/** URL.canParse is Node 18.17+; the bundled client runs on any Node 18. */
function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** `C0123ABC` (notify always) or `C0123ABC:failure`. */
export function slackNotification(text: string): NotificationOverride {
  const [channel = '', notifyOn, ...rest] = text.split(':');
  if (rest.length || (notifyOn !== undefined && notifyOn !== 'failure' && notifyOn !== 'always')) {
    throw new UsageError(`--slack ${JSON.stringify(text)}: write --slack CHANNEL_ID or --slack CHANNEL_ID:failure`, C);
  }
  if (!/^[A-Z0-9]+$/.test(channel)) {
    throw new UsageError(
      `--slack ${JSON.stringify(text)}: give the Slack channel ID (like C0123ABCD, under the channel's details in Slack), not its name`,
      C,
    );
  }
  return notifyOn ? { type: 'slack', channel, notifyOn } : { type: 'slack', channel };
}

/**
 * The trigger and attribution: in a recognised CI system (ci/attribution.ts), REPOHOST with who,
 * branch, commit and repository, unless --no-ci or --trigger API says otherwise.
 */
export function withTrigger(
  request: StartRunRequest,
  flags: { trigger?: Trigger; noCi: boolean },
  ci: DetectedCi | null,
): StartRunRequest {
  if (flags.noCi || flags.trigger === 'API' || !ci) return { trigger: flags.trigger ?? 'API', ...request };
  return { trigger: 'REPOHOST', ...request, ...ci.attribution };
}
