// The project YAML of `goalie apply` (docs/projects-as-code.md): its structure and field rules.
// References between objects (by name) are checked by the apply use case, which also sees the database.
import { CronExpressionParser } from 'cron-parser';
import { z } from 'zod';
import { emailChannels, projectNotificationChannels, teamsChannels } from './notification-channels.js';
import { checkCredentials, githubApp, hasKnownHost, repositoryToken, toCredentials } from './repository-credentials.js';

/** A Slack channel ID: public (C), direct (D) or private group (G), as Slack's "Copy link" gives it. */
export const SLACK_CHANNEL_ID = /^[CDG][A-Z0-9]{2,}$/;

const name = (max = 120) =>
  z
    .string()
    .max(max)
    .refine((value) => value.trim().length > 0, { error: 'must not be blank' })
    .transform((value) => value.trim());

const httpUrl = z.string().refine(
  (value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  },
  {
    error: (iss) =>
      `must be an absolute http(s) URL such as https://staging.example.com, not ${JSON.stringify(iss.input)}`,
  },
);

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const timeZone = z.string().refine(isTimeZone, {
  error: (iss) => `must be an IANA time zone such as Europe/Stockholm or UTC, not ${JSON.stringify(iss.input)}`,
});

/** Five-field cron (minute hour day-of-month month day-of-week); null when valid, else the problem. */
export function cronProblem(expression: string): string | null {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5)
    return `must have 5 fields (minute hour day-of-month month day-of-week), e.g. "0 6 * * 1-5"; got ${fields.length}`;
  try {
    CronExpressionParser.parse(expression);
    return null;
  } catch (error) {
    return `is not a valid cron expression: ${(error as Error).message}`;
  }
}

const cron = z.string().superRefine((value, ctx) => {
  const problem = cronProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const unique =
  <T>(key: (item: T) => string, what: string) =>
  (items: T[], ctx: z.RefinementCtx) => {
    const seen = new Map<string, number>();
    items.forEach((item, index) => {
      const k = key(item);
      if (seen.has(k))
        ctx.addIssue({
          code: 'custom',
          path: [index, 'name'],
          message: `repeats the ${what} name ${JSON.stringify(k)} (first at index ${seen.get(k)}); names must be unique`,
        });
      else seen.set(k, index);
    });
  };

const environment = z.strictObject({
  name: name(),
  url: httpUrl,
  default: z.boolean().optional(),
});

const application = z.strictObject({
  name: name(),
  environments: z
    .array(environment)
    .default([])
    .superRefine(unique((e) => e.name, 'environment')),
});

const devicePreset = z.strictObject({
  name: name(),
  viewport: z
    .strictObject({ width: z.number().int().min(200).max(7680), height: z.number().int().min(200).max(4320) })
    .optional(),
  locale: z
    .string()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, { error: 'must be a BCP 47 locale such as en-US or sv-SE' })
    .optional(),
  timezone: timeZone.optional(),
  userAgent: z.string().min(1).optional(),
  extraHeaders: z.record(z.string(), z.string()).optional(),
  colorScheme: z.enum(['light', 'dark', 'no-preference']).optional(),
});

const configValue = z.union(
  [z.string(), z.number(), z.boolean(), z.strictObject({ secret: z.union([z.string(), z.number()]) })],
  {
    error: 'must be a string, a number, true/false, or {secret: "..."} for a value stored encrypted',
  },
);

const config = z.strictObject({
  name: name(),
  values: z
    .record(
      z.string().regex(/^[A-Za-z_][A-Za-z0-9_.-]*$/, { error: 'must be a key made of letters, digits, _ . -' }),
      configValue,
    )
    .default({}),
});

const scenario = z.strictObject({
  name: name(),
  description: z.string().optional(),
  examples: z.string().optional(),
});

/** Characters as a person (and PostgreSQL's char_length) counts them: code points. */
const characters = (text: string) => [...text].length;

const testCase = z.strictObject({
  name: z
    .string()
    .refine((value) => value.trim().length >= 1 && characters(value) <= 80, {
      error: (iss) => `must be 1 to 80 characters (got ${characters(String(iss.input))})`,
    })
    .transform((value) => value.trim()),
  application: name(),
  goal: z.string().refine((value) => value.trim().length > 0, { error: 'must describe the objective of the test' }),
  expectedResult: z.string().optional(),
  configs: z.array(name()).default([]),
  scenario: name().optional(),
  resumeFrom: name(80).optional(),
  waitFor: z.array(name(80)).default([]),
  enabled: z.boolean().default(true),
});

const schedule = z.strictObject({
  cron,
  description: z.string().default(''),
  timezone: timeZone.default('UTC'),
  enabled: z.boolean().default(true),
});

const testPlan = z.strictObject({
  name: name(),
  default: z.boolean().optional(),
  description: z.string().optional(),
  owner: z.string().optional(),
  testCases: z.array(name(80)).default([]),
  applications: z
    .record(z.string(), z.strictObject({ environment: name(), devicePreset: name().optional() }))
    .default({}),
  schedules: z.array(schedule).default([]),
  notifications: z
    .strictObject({
      slack: z
        .strictObject({
          channel: z.string().regex(SLACK_CHANNEL_ID, {
            error: 'must be a Slack channel ID such as C0123456789 (right-click the channel, Copy link)',
          }),
          notifyOn: z.enum(['always', 'failure']).default('always'),
        })
        .optional(),
      email: emailChannels.optional(),
      teams: teamsChannels.optional(),
    })
    .optional(),
});

/** What outbound webhooks can be told of (docs/webhooks.md). */
export const WEBHOOK_EVENTS = [
  'run.started',
  'run.finished',
  'test_case.failed',
  'burn_in.failed',
  'review.finished',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * An outbound webhook (docs/webhooks.md); where the URL may point is checked by apply, which knows the
 * network settings. Also what the dashboard's Webhooks form is checked against.
 */
export const projectWebhook = z.strictObject({
  /** Defaults to the URL; names the endpoint in the dashboard and in log lines, and keeps its delivery history across applies. */
  name: name().optional(),
  url: z.string().refine(
    (value) => {
      try {
        const url = new URL(value);
        return ['http:', 'https:'].includes(url.protocol) && !url.username && !url.password;
      } catch {
        return false;
      }
    },
    {
      // Not echoed: a webhook URL can hold its secret (and a password, which is why it is refused).
      error: 'must be an absolute https URL without user or password, such as https://hooks.example.com/goalie',
    },
  ),
  /** Omitted: every event. */
  events: z
    .array(
      z.enum(WEBHOOK_EVENTS, {
        error: (iss) => `must be one of ${WEBHOOK_EVENTS.join(', ')}, not ${JSON.stringify(iss.input)}`,
      }),
    )
    .min(1, { error: 'must list at least one event; leave `events` out for all of them' })
    .optional(),
  secret: z.string().min(16, {
    error:
      'must be at least 16 characters, such as ${GOALIE_WEBHOOK_SECRET} set to the output of `openssl rand -hex 32`',
  }),
});

/** `repository.url` when the file leaves it out: the host's public API. */
export const DEFAULT_HOST_API_URLS = { github: 'https://api.github.com', gitlab: 'https://gitlab.com' } as const;

const repository = z
  .strictObject({
    host: z.enum(['github', 'gitlab']),
    /** API base: GitHub https://api.github.com (Enterprise: https://host/api/v3); GitLab https://gitlab.com or a self-managed URL. */
    url: httpUrl.optional(),
    repository: z.string().regex(/^[\w.-]+(\/[\w.-]+)+$/, {
      error: 'must be owner/repo (GitHub) or group/project, group/subgroup/project (GitLab)',
    }),
    /** Exactly one of token and app (GitHub only); see repository-credentials.ts. */
    token: repositoryToken.optional(),
    app: githubApp.optional(),
    webhookSecret: z
      .string()
      .min(16, { error: 'must be at least 16 characters; omit it and Goalie generates one' })
      .optional(),
    reviews: z
      .strictObject({
        autoRun: z.boolean().default(true),
        includeDrafts: z.boolean().default(false),
        postCommentOnOpened: z.boolean().default(true),
        mention: z
          .string()
          .regex(/^\S{2,64}$/, { error: 'must be one word such as @goalie' })
          .default('@goalie'),
        context: z.string().optional(),
        testPlan: name().optional(),
        /** Hosting environment name (or `review/*`) -> application name. */
        environments: z.record(z.string().min(1), name()).default({}),
        /** Hosts preview URLs may be on (`*.vercel.app`, `pr-*.preview.example.com`); unset: the environments' hosts and their subdomains. */
        previewOrigins: z
          .array(
            z
              .string()
              .regex(
                /^(https?:\/\/)?(\*|[a-z0-9*-]+)(\.[a-z0-9*-]+)*(:\d+)?$|^(https?:\/\/)?\[[0-9a-f:.]+\](:\d+)?$/i,
                {
                  error:
                    'must be a host pattern such as *.vercel.app, pr-*.preview.example.com or https://staging.example.com',
                },
              ),
          )
          .optional(),
        /** Who may ask for a review by mentioning Goalie: GitHub's levels; GitLab roles map onto them (docs/projects-as-code.md). */
        minimumPermission: z
          .enum(['read', 'triage', 'write', 'maintain', 'admin'], {
            error: 'must be one of read, triage, write, maintain, admin',
          })
          .default('write'),
        /** Automatic reviews of change requests from forks whose author cannot write to the repository. */
        allowForks: z.boolean().default(false),
      })
      .default({
        autoRun: true,
        includeDrafts: false,
        postCommentOnOpened: true,
        mention: '@goalie',
        environments: {},
        minimumPermission: 'write',
        allowForks: false,
      }),
  })
  // Also when a field inside is wrong (a bad key, say), so that every problem is listed at once.
  .superRefine(checkCredentials, { when: hasKnownHost })
  .transform(({ token, app, ...rest }) => ({ ...rest, credentials: toCredentials({ token, app }) }));

export const projectFileSchema = z.strictObject({
  organization: z.strictObject({
    name: name(),
    usageLimit: z.number().int().min(0).nullable().optional(),
    suspended: z.boolean().optional(),
  }),
  project: z.strictObject({
    name: name(),
    slug: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, { error: 'must be lowercase letters, digits and dashes, e.g. web-shop' })
      .optional(),
    defaultDevicePreset: name().nullable().optional(),
    sshTunnelProxy: z.boolean().optional(),
    /** Run, review and test case pages (and their evidence) readable by anyone with the link; default false. */
    publicResults: z.boolean().optional(),
    /** Days screenshots, traces and logs of runs, reviews and burn-ins are kept (the runs themselves stay); default 30. */
    evidenceRetentionDays: z.number().int().min(1).max(3650).optional(),
    /** What the browser may reach besides public addresses; unset: the server's default (docs/security.md). */
    network: z.strictObject({ allowLoopback: z.boolean().optional(), allowPrivate: z.boolean().optional() }).optional(),
    /** Outbound webhooks; left out: the stored ones stay, `[]` removes them all (docs/webhooks.md). */
    webhooks: z
      .array(projectWebhook)
      .superRefine(unique((w) => w.name ?? w.url, 'webhook'))
      .optional(),
    slack: z
      .object({
        /** Empty (`${SLACK_BOT_TOKEN:-}` with the variable unset): Slack off, the stored token removed. */
        botToken: z.string().optional(),
        /** Empty: the stored signing secret removed (the Slack app's requests are then refused). */
        signingSecret: z.string().optional(),
        defaultChannel: z.string().min(1).nullable().optional(),
        /** When the default channel hears of runs: always (start and summary) or failure (summary of runs that did not pass). */
        notifyOn: z.enum(['always', 'failure']).optional(),
      })
      .optional(),
    notifications: projectNotificationChannels.optional(),
  }),
  applications: z
    .array(application)
    .default([])
    .superRefine(unique((a) => a.name, 'application')),
  devicePresets: z
    .array(devicePreset)
    .default([])
    .superRefine(unique((p) => p.name, 'device preset')),
  configs: z
    .array(config)
    .default([])
    .superRefine(unique((c) => c.name, 'config')),
  scenarios: z
    .array(scenario)
    .default([])
    .superRefine(unique((s) => s.name, 'scenario')),
  testCases: z
    .array(testCase)
    .default([])
    .superRefine(unique((t) => t.name, 'test case')),
  testPlans: z
    .array(testPlan)
    .default([])
    .superRefine(unique((p) => p.name, 'test plan')),
  repository: repository.optional(),
});

export type ProjectFile = z.infer<typeof projectFileSchema>;
export type ProjectFileTestCase = ProjectFile['testCases'][number];
export type ProjectFileTestPlan = ProjectFile['testPlans'][number];
