// What applying a project file did, or would do (a dry run): the answer of the apply, whether it ran
// on the server's database (`goalie apply`) or over the API (`goalie apply --api-url`, the client
// bundle), and the words both print for it.

export type ApplyStatus = 'created' | 'changed' | 'unchanged';

export interface AppliedObject {
  name: string;
  id: string;
  shortId?: string;
  created: boolean;
  /** What this apply did to it (a changed Slack or repository secret alone leaves the project `unchanged`). */
  status: ApplyStatus;
  /** When `changed`: the file's fields that differ from the stored ones ("goal", "expectedResult"). */
  changedFields?: string[];
}

/** Names of stored objects the file does not mention: apply leaves them as they are. */
export interface LeftAlone {
  applications: string[];
  devicePresets: string[];
  configs: string[];
  scenarios: string[];
  testCases: string[];
  testPlans: string[];
}

export interface RepositorySummary {
  shortId: string;
  host: 'github' | 'gitlab';
  repository: string;
  /** How Goalie signs in to the host; never the secret itself. */
  auth: { kind: 'token' } | { kind: 'app'; appId: number; installationId: number };
  webhookUrl: string;
  /** created, updated, or the reason it could not be set up. */
  webhook: { ok: true; created: boolean; id: string } | { ok: false; error: string };
}

export interface ApplySummary {
  organization: AppliedObject;
  project: AppliedObject & { slug: string; defaultTestPlan: string | null };
  applications: (AppliedObject & { environments: (AppliedObject & { url: string; default: boolean })[] })[];
  devicePresets: AppliedObject[];
  configs: AppliedObject[];
  scenarios: AppliedObject[];
  testCases: (AppliedObject & { enabled: boolean; generationStatus: string; regenerate: boolean })[];
  testPlans: (AppliedObject & { default: boolean; schedules: number })[];
  /** Test cases whose steps must be (re)generated: new, or goal or application changed. */
  toGenerate: string[];
  leftAlone: LeftAlone;
  /** Null in a dry run: the webhook is set up on the host only when the file is applied. */
  repository: RepositorySummary | null;
}

const KINDS = [
  ['applications', 'application'],
  ['devicePresets', 'device preset'],
  ['configs', 'config'],
  ['scenarios', 'scenario'],
  ['testCases', 'test case'],
  ['testPlans', 'test plan'],
] as const;

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
/** At most this many names in a line of the summary; the rest are counted. */
const NAMES_SHOWN = 5;
const names = (list: string[], separator = ', ') =>
  list.length > NAMES_SHOWN
    ? `${list.slice(0, NAMES_SHOWN).join(separator)} and ${list.length - NAMES_SHOWN} more`
    : list.join(separator);

/** "created: 2 applications, 5 test cases" for one status; changed objects are named. */
function statusLine(s: ApplySummary, status: ApplyStatus, dryRun: boolean): string | null {
  const parts = KINDS.flatMap(([key, what]) => {
    const objects = (s[key] as AppliedObject[]).filter((o) => o.status === status);
    if (!objects.length) return [];
    // A dry run names every object it would create or change: that is what a reviewer reads it for.
    const named = status === 'changed' || (dryRun && status === 'created');
    // What changed in each, for the reviewer of a plan: "Checkout: goal, expectedResult".
    const label = (o: AppliedObject) =>
      status === 'changed' && o.changedFields?.length ? `${o.name}: ${o.changedFields.join(', ')}` : o.name;
    return [
      `${plural(objects.length, what)}${named ? ` (${names(objects.map(label), objects.some((o) => o.changedFields?.length) ? '; ' : ', ')})` : ''}`,
    ];
  });
  const label = dryRun ? { created: 'would create', changed: 'would change', unchanged: 'unchanged' }[status] : status;
  return parts.length ? `  ${label}: ${parts.join(', ')}` : null;
}

function leftAloneLine(left: LeftAlone): string | null {
  const parts = KINDS.flatMap(([key, what]) =>
    left[key].length ? [`${plural(left[key].length, what)} (${names(left[key])})`] : [],
  );
  return parts.length ? `  left alone, in the database but not in the file: ${parts.join(', ')}` : null;
}

/** The test cases of the file whose burn-in is queued or running: new, or goal or application changed, or not finished before. */
export function generating(s: ApplySummary): ApplySummary['testCases'] {
  return s.testCases.filter((t) => t.generationStatus === 'GENERATING');
}

/** The test cases of the file whose last burn-in failed and that this apply did not queue again. */
export function failedBefore(s: ApplySummary): ApplySummary['testCases'] {
  return s.testCases.filter((t) => t.generationStatus === 'FAILED');
}

export interface SummaryContext {
  /** Where it wrote (the database, or the server's URL). */
  database?: string;
  /** Variables unset where the file was read whose `${NAME:-default}` default was used. */
  defaulted?: string[];
  /** Workers alive on the database; null when not asked. */
  workers?: number | null;
  /** --wait: the burn-ins are reported after the wait (describeBurnIns), not here. */
  waiting?: boolean;
  /** A plan: nothing was written. */
  dryRun?: boolean;
  /** How to see a test case, with its UUID: `goalie test-case show` by default. */
  showCommand?: (id: string) => string;
}

const SHOW = (id: string) => `goalie test-case show ${id}`;

export function describeSummary(file: string, s: ApplySummary, context: SummaryContext = {}): string {
  const { database, defaulted = [], workers = null, waiting = false, dryRun = false, showCommand = SHOW } = context;
  const settings = s.project.status === 'changed' ? `, its settings ${dryRun ? 'would change' : 'changed'}` : '';
  const lines = [
    `${dryRun ? 'Plan (dry run, nothing was changed) for' : 'Applied'} ${file} ${dryRun ? 'on' : 'to'} organization ${s.organization.name}, project ${s.project.name} (slug ${s.project.slug})${s.project.created ? (dryRun ? ', would be created' : ', created') : settings}${database ? `, in ${database}` : ''}.`,
  ];
  const statuses = (['created', 'changed', 'unchanged'] as const)
    .map((status) => statusLine(s, status, dryRun))
    .filter((l): l is string => l !== null);
  lines.push(...(statuses.length ? statuses : ['  (no objects declared)']));
  const left = leftAloneLine(s.leftAlone);
  if (left) lines.push(left);
  if (defaulted.length) {
    lines.push(
      `  unset where goalie apply ran, so their \${NAME:-default} defaults were used: ${defaulted.join(', ')}`,
    );
  }
  if (dryRun) {
    const queued = generating(s).filter((t) => t.regenerate);
    if (queued.length)
      lines.push(
        `  would queue ${plural(queued.length, 'burn-in')} (new test cases, or goal or application changed): ${names(queued.map((t) => t.name))}`,
      );
    lines.push('  Run the same command without --dry-run to apply it (with a token of the admin scope, over the API).');
    return lines.join('\n') + '\n';
  }
  for (const plan of s.testPlans)
    lines.push(`  test plan ${plan.name}: ${plan.shortId}${plan.default ? ' (default)' : ''}`);
  for (const app of s.applications) {
    lines.push(`  application ${app.name}: ${app.shortId}`);
    for (const env of app.environments)
      lines.push(`    environment ${env.name}: ${env.shortId} ${env.url}${env.default ? ' (default)' : ''}`);
  }
  const queued = generating(s);
  if (queued.length) {
    lines.push(
      `  ${plural(queued.length, 'test case')} queued for burn-in (the goal is turned into recorded steps by a worker: goalie serve or goalie worker):`,
    );
    for (const t of queued) lines.push(`    ${t.name}: ${showCommand(t.id)}`);
    if (workers === 0 && !waiting)
      lines.push(
        '  No worker is running on this database now: the burn-ins wait until goalie serve or goalie worker runs with the same DATABASE_URL or GOALIE_HOME.',
      );
  }
  const failed = waiting ? [] : failedBefore(s);
  if (failed.length) {
    lines.push(
      `  ${failed.length === 1 ? '1 burn-in' : `${failed.length} burn-ins`} FAILED before and ${failed.length === 1 ? 'its goal is' : 'their goals are'} unchanged (a changed goal is burned in again):`,
    );
    for (const t of failed) lines.push(`    ${t.name}: ${showCommand(t.id)}`);
  }
  if (s.repository) {
    const r = s.repository;
    const as = r.auth.kind === 'app' ? ` as GitHub App ${r.auth.appId} (installation ${r.auth.installationId})` : '';
    lines.push(`  repository ${r.repository} on ${r.host}${as}: webhook ${r.webhookUrl}`);
    lines.push(
      r.webhook.ok
        ? `    webhook ${r.webhook.created ? 'created' : 'updated'} on ${r.host}`
        : `    webhook NOT set up: ${r.webhook.error}\n    The settings are saved; fix the problem and apply again.`,
    );
  }
  return lines.join('\n') + '\n';
}

/** A burn-in followed to its end, as `--wait` reports it. */
export interface BurnInEnd {
  name: string;
  id: string;
  generationError?: string | null;
}

export interface BurnInsReport {
  completed: BurnInEnd[];
  failed: BurnInEnd[];
  generating: BurnInEnd[];
  timedOut: boolean;
  /** Workers alive on the database; null when the client cannot know (over the API). */
  liveWorkers: number | null;
}

export function describeBurnIns(o: BurnInsReport, after: string): string {
  const lines: string[] = [];
  if (o.completed.length)
    lines.push(
      `Burn-in COMPLETED for ${o.completed.length} test case${o.completed.length === 1 ? '' : 's'}: ${o.completed.map((t) => t.name).join(', ')}.`,
    );
  for (const t of o.failed) {
    lines.push('', `Burn-in FAILED: ${t.name} (${t.id})`, (t.generationError ?? '(no message)').replace(/^/gm, '    '));
  }
  if (o.failed.length) {
    lines.push(
      '',
      `${o.failed.length} burn-in${o.failed.length === 1 ? '' : 's'} failed: fix ${o.failed.length === 1 ? 'its goal' : 'their goals'} in the file and run goalie apply --wait again (a changed goal is burned in again).`,
    );
  }
  if (o.timedOut) {
    lines.push(
      '',
      `Timed out after ${after}: ${o.generating.length} burn-in${o.generating.length === 1 ? ' is' : 's are'} still GENERATING: ${o.generating.map((t) => t.name).join(', ')}.`,
      o.liveWorkers === 0
        ? 'No worker is running on this database, and burn-ins run only in a worker: start goalie serve or goalie worker (with the same DATABASE_URL or GOALIE_HOME), then run goalie apply --wait again.'
        : `${o.liveWorkers === null ? 'The server' : `${o.liveWorkers} worker${o.liveWorkers === 1 ? ' is' : 's are'} running but`} did not finish them in time; run goalie apply --wait again (or with a longer --timeout) to keep waiting.`,
    );
  }
  return lines.join('\n') + '\n';
}
