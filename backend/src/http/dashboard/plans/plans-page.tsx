// A project's test plans, each at #plan-<shortId>: its latest run and Run now first, then its test
// cases in order, the environment and device preset of each application, its schedules (cron in
// words, time zone, next fire times), its Slack channel, and its status badge with the Markdown to paste.
import type { Links } from '../../../app/context.js';
import type { PlanSummary } from '../../../app/ports/overview.js';
import type { DeclaredChannels } from '../../../app/notifications/channels.js';
import type { PlanDetails } from '../../../app/ports/plan-queries.js';
import { can, type Role } from '../../../domain/access.js';
import { describeCron } from '../../../../../shared/src/cron-description.js';
import { nextFireTimes } from '../../../../../shared/src/cron.js';
import { Badge, Notice, PostForm, TableHead, Time } from '../components.js';

export const NEXT_FIRE_TIMES = 3;

/** A time in the schedule's own time zone: "Tue 5 Jan 2027, 06:00". */
export function zonedTime(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')}`;
}

/** The next fire times; none when the expression or zone cannot be read (apply checks both). */
function upcoming(cron: string, timezone: string, now: Date): Date[] {
  try {
    return nextFireTimes(cron, timezone, now, NEXT_FIRE_TIMES);
  } catch {
    return [];
  }
}

export interface PlansPageProps {
  projectName: string;
  projectSlug: string;
  publicResults: boolean;
  plans: PlanDetails[];
  /** The project's email and Teams defaults, for plans without channels of their own. */
  projectChannels: DeclaredChannels;
  summaries: PlanSummary[];
  role: Role | null;
  csrf: string;
  links: Links;
  now: Date;
  passRateDays: number;
  error?: { planShortId: string; message: string } | null;
}

function LatestRun({ summary, passRateDays }: { summary: PlanSummary | undefined; passRateDays: number }) {
  if (!summary?.latestRun) return <p class="muted">It has not run yet.</p>;
  const run = summary.latestRun;
  return (
    <p>
      Latest run <a href={`/runs/${encodeURIComponent(run.shortId)}`}>{run.shortId}</a>{' '}
      <Badge value={run.result ?? run.status} /> <Time at={run.createdAt} />
      {summary.finishedRuns ? (
        <span class="muted">
          {' '}
          · {summary.passedRuns} of {summary.finishedRuns} finished runs passed in the last {passRateDays} days
        </span>
      ) : null}
    </p>
  );
}

function TestCases({ plan }: { plan: PlanDetails }) {
  const enabled = plan.testCases.filter((t) => t.isEnabled).length;
  return (
    <>
      <h3>
        Test cases{' '}
        <small class="muted">
          ({plan.testCases.length === 0 ? 'none' : `${enabled} of ${plan.testCases.length} enabled`})
        </small>
      </h3>
      {plan.testCases.length === 0 ? (
        <p class="muted">None: list them under testCases: of the plan in the project YAML.</p>
      ) : (
        <ol>
          {plan.testCases.map((t) => (
            <li>
              <a href={`/test-cases/${t.id}`}>{t.name}</a>
              {t.isEnabled ? null : <span class="muted"> — disabled, left out of runs</span>}
              {t.generationStatus === 'FAILED' ? (
                <span class="muted"> — burn-in failed</span>
              ) : t.generationStatus === 'GENERATING' ? (
                <span class="muted"> — burning in</span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <p class="muted">
        <small>A run also runs the test cases these wait for or resume from, enabled or not.</small>
      </p>
    </>
  );
}

function Applications({ plan }: { plan: PlanDetails }) {
  if (plan.applications.length === 0) return null;
  return (
    <>
      <h3>Where it runs</h3>
      <table>
        <TableHead columns={['Application', 'Environment', 'Device preset']} />
        <tbody>
          {plan.applications.map((a) => (
            <tr>
              <td>{a.name}</td>
              <td>
                {a.environment ? (
                  <>
                    {a.environment.name} <small class="muted">{a.environment.url}</small>
                    {a.fromPlan ? null : <small class="muted"> (the application's default)</small>}
                  </>
                ) : (
                  <span class="muted">none: give the application a default environment</span>
                )}
              </td>
              <td>{a.devicePreset ?? <span class="muted">Chromium's default</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function Schedules({ plan, now }: { plan: PlanDetails; now: Date }) {
  return (
    <>
      <h3>Schedules</h3>
      {plan.schedules.length === 0 ? (
        <p class="muted">
          None: it runs when started (Run now, the API, CI or a review). Add schedules: to the plan in the project YAML
          to run it on a timetable.
        </p>
      ) : (
        <table>
          <TableHead columns={['When', 'Cron', 'Time zone', `Next ${NEXT_FIRE_TIMES} runs`]} />
          <tbody>
            {plan.schedules.map((s) => (
              <tr>
                <td>
                  {describeCron(s.cron)}
                  {s.description ? (
                    <>
                      <br />
                      <small class="muted">{s.description}</small>
                    </>
                  ) : null}
                </td>
                <td>
                  <code>{s.cron}</code>
                </td>
                <td>{s.timezone}</td>
                <td>
                  {s.enabled ? (
                    <ul class="plain">
                      {upcoming(s.cron, s.timezone, now).map((at) => (
                        <li>
                          <time dateTime={at.toISOString()}>{zonedTime(at, s.timezone)}</time>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <span class="muted">paused (enabled: false)</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function StatusBadge({
  plan,
  projectSlug,
  publicResults,
  links,
}: {
  plan: PlanDetails;
  projectSlug: string;
  publicResults: boolean;
  links: Links;
}) {
  const url = links.badge(plan.shortId, publicResults ? null : plan.badgeToken);
  const markdown = `[![Goalie](${url})](${links.plan(projectSlug, plan.shortId)})`;
  const path = new URL(url).pathname;
  return (
    <>
      <h3>Status badge</h3>
      <p>
        <img src={path} alt={`Status badge of ${plan.name}`} height={20} />
      </p>
      <p class="muted">
        {publicResults
          ? 'Anyone may see it: the project’s results are public. It shows the last finished run of the plan.'
          : 'Its address holds a secret, so anyone with the address sees whether the plan’s last finished run passed, and nothing else. The project’s results are not public, so there is no address without the secret.'}
      </p>
      <div class="badge-markdown">
        <label class="visually-hidden" for={`badge-${plan.shortId}`}>
          Markdown of the status badge of {plan.name}
        </label>
        <input type="text" id={`badge-${plan.shortId}`} readOnly value={markdown} />
        <button type="button" class="secondary" data-copy={markdown}>
          Copy Markdown
        </button>
      </div>
    </>
  );
}

function Plan({ plan, props }: { plan: PlanDetails; props: PlansPageProps }) {
  const summary = props.summaries.find((s) => s.id === plan.id);
  const enabled = plan.testCases.some((t) => t.isEnabled);
  const headingId = `plan-${plan.shortId}-name`;
  return (
    <section class="plan" id={`plan-${plan.shortId}`} aria-labelledby={headingId}>
      <h2 id={headingId}>
        {plan.name} {plan.isDefault ? <span class="badge">default plan</span> : null}
      </h2>
      {plan.description ? <p>{plan.description}</p> : null}
      <p class="muted">
        <small>
          Short ID <code>{plan.shortId}</code>
          {plan.owner ? ` · owner ${plan.owner}` : ''}
        </small>
      </p>
      {props.error?.planShortId === plan.shortId ? <Notice kind="error">{props.error.message}</Notice> : null}
      <LatestRun summary={summary} passRateDays={props.passRateDays} />
      {can(props.role, 'run') ? (
        enabled ? (
          <PostForm
            action={`/p/${props.projectSlug}/plans/${encodeURIComponent(plan.shortId)}/run`}
            csrf={props.csrf}
            class="actions"
          >
            <button type="submit" aria-describedby={headingId}>
              Run now
            </button>
          </PostForm>
        ) : (
          <p class="muted">Nothing to run: none of its test cases is enabled.</p>
        )
      ) : (
        <p class="muted">Starting a run needs the member role.</p>
      )}
      <TestCases plan={plan} />
      <Applications plan={plan} />
      <Schedules plan={plan} now={props.now} />
      <h3>Notifications</h3>
      <p>
        {plan.slack ? (
          <>
            Slack channel <code>{plan.slack.channel}</code>,{' '}
            {plan.slack.notifyOn === 'failure' ? 'when a run fails' : 'for every run'}
          </>
        ) : (
          <span class="muted">No Slack channel of its own (the project's default channel, if it has one).</span>
        )}
      </p>
      <OtherChannels plan={plan} project={props.projectChannels} />
      <StatusBadge
        plan={plan}
        projectSlug={props.projectSlug}
        publicResults={props.publicResults}
        links={props.links}
      />
    </section>
  );
}

export function PlansPage(props: PlansPageProps) {
  // The default plan (what a run without a plan runs) first, then the others by name.
  const plans = [...props.plans].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  return (
    <>
      <h1>Plans</h1>
      <p>
        {props.plans.length === 0
          ? 'No test plans yet. Declare them under testPlans: in the project YAML and run goalie apply.'
          : `${props.plans.length} test plan${props.plans.length === 1 ? '' : 's'} in ${props.projectName}. Plans are declared in the project YAML (goalie apply); here they are run and read.`}
      </p>
      {props.plans.length > 1 ? (
        <nav aria-label="Plans on this page">
          <ul class="plain">
            {plans.map((plan) => (
              <li>
                <a href={`#plan-${plan.shortId}`}>{plan.name}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {plans.map((plan) => (
        <Plan plan={plan} props={props} />
      ))}
    </>
  );
}

const when = (notifyOn: 'always' | 'failure') => (notifyOn === 'failure' ? 'when a run fails' : 'for every run');

/** Email recipients and Teams channels; a Teams webhook URL is a secret, so only its masked form. */
function OtherChannels({ plan, project }: { plan: PlanDetails; project: DeclaredChannels }) {
  const email = plan.email ?? project.email ?? [];
  const teams = plan.teams ?? project.teams ?? [];
  const whose = (own: unknown) => (own === null ? " (the project's)" : '');
  return (
    <>
      {email.length === 0 ? (
        <p class="muted">No email recipients.</p>
      ) : (
        email.map((e) => (
          <p>
            Email to{' '}
            {e.to.map((address, i) => (
              <>
                {i ? ', ' : ''}
                <code>{address}</code>
              </>
            ))}
            , {when(e.notifyOn)}
            {whose(plan.email)}
          </p>
        ))
      )}
      {teams.length === 0 ? (
        <p class="muted">No Teams channel.</p>
      ) : (
        teams.map((t) => (
          <p>
            Teams channel <code>{t.label}</code>, {when(t.notifyOn)}
            {whose(plan.teams)}
          </p>
        ))
      )}
    </>
  );
}
