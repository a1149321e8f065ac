// Request schemas of the REST API v1: what the server validates and, with their `meta` descriptions,
// the request part of the OpenAPI document (openapi.ts). Unknown fields are ignored (older and newer
// clients keep working); every known field is checked with a message that says how to fix it.
import { z } from 'zod';
import { SHORT_ID_PATTERNS, UUID_PATTERN, shortIdExample, type ShortIdKind } from '../short-ids.js';
import { triggerSchema } from './responses.js';

const KIND_NAMES: Record<ShortIdKind, string> = {
  testPlan: 'a test plan short ID',
  application: 'an application short ID',
  environment: 'an environment short ID',
  config: 'a config short ID',
  devicePreset: 'a device preset short ID',
  scenario: 'a scenario short ID',
};

export function shortId(kind: ShortIdKind) {
  return z.string().regex(SHORT_ID_PATTERNS[kind], {
    error: (iss) => `must be ${KIND_NAMES[kind]} such as ${shortIdExample(kind)}, not ${JSON.stringify(iss.input)}`,
  });
}

export const uuid = z
  .string()
  .regex(UUID_PATTERN, {
    error: (iss) =>
      `must be a test case UUID such as 3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c, not ${JSON.stringify(iss.input)}`,
  })
  .meta({ format: 'uuid' });

const described = <T extends z.ZodType>(schema: T, description: string): T => schema.meta({ description });

const httpUrl = z
  .string()
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    },
    {
      error: (iss) =>
        `must be an absolute http(s) URL such as https://preview.example.com, not ${JSON.stringify(iss.input)}`,
    },
  )
  .meta({ format: 'uri' });

export const environmentOverrideSchema = z
  .union(
    [
      z
        .object({
          url: described(httpUrl, 'URL of the environment.'),
          name: described(z.string().min(1).max(120), 'Name of the environment.').optional(),
        })
        .meta({ description: 'By URL: defines a new or preview environment.' }),
      z
        .object({ shortId: described(shortId('environment'), 'Environment short ID.') })
        .meta({ description: 'By reference: an existing environment.' }),
    ],
    {
      error: () =>
        'must be either {"url": "https://...", "name": "optional"} for a preview environment or {"shortId": "env_..."} for an existing one',
    },
  )
  .meta({ description: 'Either a URL (a new or preview environment) or the short ID of an existing environment.' });

export const applicationOverrideSchema = z
  .object({
    applicationShortId: described(shortId('application'), 'Application short ID.'),
    environment: environmentOverrideSchema.optional(),
    devicePresetShortId: described(shortId('devicePreset'), 'Device preset short ID.').optional(),
  })
  .meta({ description: 'Environment and device preset override for one application.' });

export const notificationOverrideSchema = z
  .object({
    type: z
      .literal('slack', {
        error: (iss) => `must be "slack" (the only notification type), not ${JSON.stringify(iss.input)}`,
      })
      .meta({ description: 'Notification type; only slack.' }),
    channel: described(z.string().min(1), "Slack channel ID; the service's bot must have access to the channel."),
    notifyOn: z.enum(['always', 'failure']).optional().meta({
      default: 'always',
      description:
        'always: run-started message and final summary; failure: final summary only, when the result is not PASSED.',
    }),
  })
  .meta({ description: 'Per-run Slack notification.' });

/** Ignored unless the trigger is REPOHOST. */
const optionalText = (max: number, description: string) =>
  described(z.string().max(max), `${description} (ignored when trigger is API).`).optional();

const startRunFields = {
  trigger: triggerSchema.optional().meta({
    default: 'API',
    description: 'API (default) or REPOHOST (run triggered from a repository-hosting CI integration).',
  }),
  testPlanShortId: described(
    shortId('testPlan'),
    "Plan to execute; the project's default test plan when omitted.",
  ).optional(),
  applications: described(z.array(applicationOverrideSchema), 'Environment and device preset overrides.').optional(),
  notifications: described(
    z.array(notificationOverrideSchema).min(1, {
      error: 'must hold at least one notification when present; omit the field to use the project defaults',
    }),
    'Per-run Slack notifications; at least one element when present.',
  ).optional(),
  actor: optionalText(255, 'User that triggered the workflow'),
  branch: optionalText(1024, 'Branch name'),
  commitHash: optionalText(255, 'Full commit hash'),
  commitMessage: optionalText(65536, 'Commit message'),
  repository: optionalText(1024, 'Repository name in owner/repo form'),
};

export const startRunSchema = z.object(startRunFields).meta({ description: 'Start a run; every field is optional.' });
export type StartRunInput = z.infer<typeof startRunSchema>;

export const legacyApplicationSettingsSchema = z
  .object({
    environment: environmentOverrideSchema.optional(),
    devicePresetShortId: described(shortId('devicePreset'), 'Device preset short ID.').optional(),
  })
  .meta({ description: 'Overrides for the application whose short ID is the key.' });

/**
 * Described only, never parsed: the deprecated route turns its body into a v1 one (legacy/normalize.ts)
 * before startRunSchema checks it.
 */
export const legacyStartRunSchema = z
  .object({
    ...startRunFields,
    trigger: described(
      z.string(),
      'Any string: API (default); GITHUB, GITLAB, REPOHOST and other CI host names count as REPOHOST.',
    ).optional(),
    applications: z
      .union([
        described(z.array(applicationOverrideSchema), 'Environment and device preset overrides.'),
        described(z.record(z.string(), legacyApplicationSettingsSchema), 'Overrides keyed by application short ID.'),
      ])
      .optional()
      .meta({ description: 'Either the v1 array of ApplicationOverride, or an object keyed by application short ID.' }),
  })
  .meta({
    description:
      'Deprecated start-run body: the v1 fields (snake_case spellings are accepted too), plus the older forms of trigger and applications.',
  });

export const rerunSchema = z
  .object({
    failedOnly: described(z.boolean(), 'When true, reruns only failed, skipped or errored test cases.').optional(),
    projectTestCaseIds: described(
      z.array(described(uuid, 'Project test case UUID.')),
      'Reruns only these test cases.',
    ).optional(),
  })
  .meta({
    description: 'Rerun a run; send {} to rerun everything. Giving both failedOnly and projectTestCaseIds is a 400.',
    not: { required: ['failedOnly', 'projectTestCaseIds'] },
  });
export type RerunInput = z.infer<typeof rerunSchema>;

/** Characters as a person (and PostgreSQL's char_length) counts them: code points, not UTF-16 units. */
const characters = (text: string) => [...text].length;

export const createTestCaseSchema = z
  .object({
    name: z
      .string()
      .refine((name) => name.trim().length >= 1 && characters(name) <= 80, {
        error: (iss) =>
          `must be 1 to 80 characters (got ${characters(String(iss.input))}${String(iss.input).trim() ? '' : ', blank'})`,
      })
      // What the refinement checks, for the document (it cannot read a function).
      .meta({ minLength: 1, maxLength: 80, description: 'Name of the test case, 1 to 80 characters.' }),
    goal: described(
      z
        .string()
        .refine((goal) => goal.trim().length > 0, { error: 'must describe the objective of the test; it is empty' }),
      'Objective of the test.',
    ),
    applicationShortId: described(shortId('application'), 'Application short ID; must belong to the project.'),
    expectedResult: described(z.string(), 'Description of success.').optional(),
    configShortIds: described(
      z.array(described(shortId('config'), 'Config short ID.')),
      'Configs available to the test during execution.',
    ).optional(),
    scenarioShortId: described(shortId('scenario'), 'Scenario short ID; must belong to the project.').optional(),
    resumeFromDependencyProjectTestCaseId: described(
      uuid,
      'Resume From dependency: project test case UUID.',
    ).optional(),
    waitForDependenciesProjectTestCaseIds: described(
      z.array(described(uuid, 'Project test case UUID.')),
      'Wait For dependencies: project test case UUIDs.',
    ).optional(),
  })
  .meta({ description: 'Create a test case.' });
export type CreateTestCaseInput = z.infer<typeof createTestCaseSchema>;

const ENABLE_HOW = 'send {"isEnabled": true} to enable the test case or {"isEnabled": false} to disable it';

/** What PATCH /v1/test-cases/{id} can change, in the order the error messages name them. */
export const UPDATABLE_TEST_CASE_FIELDS = [
  'name',
  'goal',
  'expectedResult',
  'applicationShortId',
  'configShortIds',
  'scenarioShortId',
  'resumeFromDependencyProjectTestCaseId',
  'waitForDependenciesProjectTestCaseIds',
  'isEnabled',
] as const;

const create = createTestCaseSchema.shape;
const clearable = <T extends z.ZodType>(schema: T, description: string) =>
  described(schema.nullable(), description).optional();

/**
 * Goalie extension: PATCH /v1/test-cases/{id} changes any of these fields (at least one). Strict:
 * an unknown field is a mistake (a misspelled field would otherwise seem to change something).
 */
export const updateTestCaseSchema = z
  .strictObject(
    {
      name: create.name.optional(),
      goal: described(create.goal, 'New objective; a changed goal is burned in again.').optional(),
      expectedResult: clearable(z.string(), 'Description of success; null or "" clears it.'),
      applicationShortId: described(
        shortId('application'),
        'Application short ID; a changed application is burned in again.',
      ).optional(),
      configShortIds: described(
        z.array(described(shortId('config'), 'Config short ID.')),
        'Configs available to the test; replaces the list ([] clears it).',
      ).optional(),
      scenarioShortId: clearable(shortId('scenario'), 'Scenario short ID; null clears it.'),
      resumeFromDependencyProjectTestCaseId: clearable(uuid, 'Resume From dependency (UUID); null clears it.'),
      waitForDependenciesProjectTestCaseIds: described(
        z.array(described(uuid, 'Project test case UUID.')),
        'Wait For dependencies; replaces the list ([] clears it).',
      ).optional(),
      isEnabled: z
        .boolean({
          error: (iss) => `must be true or false, not ${JSON.stringify(iss.input)}; ${ENABLE_HOW}`,
        })
        .optional()
        .meta({ description: 'true to enable (only once the burn-in is COMPLETED), false to disable.' }),
    },
    {
      error: (iss) =>
        iss.code === 'unrecognized_keys'
          ? `has unknown field${iss.keys.length === 1 ? '' : 's'} ${iss.keys.join(', ')}: the fields that can be changed are ${UPDATABLE_TEST_CASE_FIELDS.join(', ')}`
          : undefined,
    },
  )
  .refine((body) => UPDATABLE_TEST_CASE_FIELDS.some((field) => body[field] !== undefined), {
    error: `changes nothing: send at least one of ${UPDATABLE_TEST_CASE_FIELDS.join(', ')}, e.g. {"goal": "Go to /. Click 'Checkout'"} or {"isEnabled": true}`,
  })
  .meta({
    description:
      "The fields to change (at least one); the others keep their values. Unlike the specification's request bodies, unknown fields are refused (400).",
  });
export type UpdateTestCaseInput = z.infer<typeof updateTestCaseSchema>;

/** Goalie extension: POST /v1/test-plans/{shortId}/test-cases. */
export const addToPlanSchema = z
  .strictObject(
    { testCaseId: described(uuid, 'The test case to add (its UUID).') },
    {
      error: (iss) =>
        iss.code === 'unrecognized_keys'
          ? `has unknown field${iss.keys.length === 1 ? '' : 's'} ${iss.keys.join(', ')}: send {"testCaseId": "<test case UUID>"}`
          : undefined,
    },
  )
  .meta({ description: 'The test case to add to the plan; unknown fields are refused (400).' });
export type AddToPlanInput = z.infer<typeof addToPlanSchema>;

/** Goalie extension: POST /v1/test-cases/{id}/run. Body optional; unknown fields are refused. */
export const runTestCaseSchema = z
  .strictObject(
    {
      testPlanShortId: described(
        shortId('testPlan'),
        'Whose environments and device presets to use; default: the default plan when the test case is in it, else the first of its plans by name, else the default plan.',
      ).optional(),
      applications: startRunFields.applications,
    },
    {
      error: (iss) =>
        iss.code === 'unrecognized_keys'
          ? `has unknown field${iss.keys.length === 1 ? '' : 's'} ${iss.keys.join(', ')}: only testPlanShortId and applications are taken`
          : undefined,
    },
  )
  .meta({ description: 'Run one test case (and what it depends on) now; send {} or no body for the defaults.' });
export type RunTestCaseInput = z.infer<typeof runTestCaseSchema>;

export const runTestCasesQuerySchema = z.enum(['failed', 'all']);
/** `extensions=true`: each run test case also carries Goalie's extension fields (docs/api.md). */
export const runExtensionsQuerySchema = z.enum(['true', 'false']);
