// Request schemas of the REST API v1. Unknown fields are ignored (older and newer clients keep working);
// every known field is checked with a message that says how to fix it.
import { z } from 'zod';
import { SHORT_ID_PATTERNS, UUID_PATTERN, shortIdExample, type ShortIdKind } from '../short-ids.js';

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

export const uuid = z.string().regex(UUID_PATTERN, {
  error: (iss) =>
    `must be a test case UUID such as 3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c, not ${JSON.stringify(iss.input)}`,
});

const httpUrl = z.string().refine(
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
);

export const environmentOverrideSchema = z.union(
  [
    z.object({ url: httpUrl, name: z.string().min(1).max(120).optional() }),
    z.object({ shortId: shortId('environment') }),
  ],
  {
    error: () =>
      'must be either {"url": "https://...", "name": "optional"} for a preview environment or {"shortId": "env_..."} for an existing one',
  },
);

export const applicationOverrideSchema = z.object({
  applicationShortId: shortId('application'),
  environment: environmentOverrideSchema.optional(),
  devicePresetShortId: shortId('devicePreset').optional(),
});

export const notificationOverrideSchema = z.object({
  type: z.literal('slack', {
    error: (iss) => `must be "slack" (the only notification type), not ${JSON.stringify(iss.input)}`,
  }),
  channel: z.string().min(1),
  notifyOn: z.enum(['always', 'failure']).optional(),
});

const optionalText = (max: number) => z.string().max(max).optional();

export const startRunSchema = z.object({
  trigger: z.enum(['API', 'REPOHOST']).optional(),
  testPlanShortId: shortId('testPlan').optional(),
  applications: z.array(applicationOverrideSchema).optional(),
  notifications: z
    .array(notificationOverrideSchema)
    .min(1, { error: 'must hold at least one notification when present; omit the field to use the project defaults' })
    .optional(),
  actor: optionalText(255),
  branch: optionalText(1024),
  commitHash: optionalText(255),
  commitMessage: optionalText(65536),
  repository: optionalText(1024),
});
export type StartRunInput = z.infer<typeof startRunSchema>;

export const rerunSchema = z.object({
  failedOnly: z.boolean().optional(),
  projectTestCaseIds: z.array(uuid).optional(),
});
export type RerunInput = z.infer<typeof rerunSchema>;

/** Characters as a person (and PostgreSQL's char_length) counts them: code points, not UTF-16 units. */
const characters = (text: string) => [...text].length;

export const createTestCaseSchema = z.object({
  name: z.string().refine((name) => name.trim().length >= 1 && characters(name) <= 80, {
    error: (iss) =>
      `must be 1 to 80 characters (got ${characters(String(iss.input))}${String(iss.input).trim() ? '' : ', blank'})`,
  }),
  goal: z
    .string()
    .refine((goal) => goal.trim().length > 0, { error: 'must describe the objective of the test; it is empty' }),
  applicationShortId: shortId('application'),
  expectedResult: z.string().optional(),
  configShortIds: z.array(shortId('config')).optional(),
  scenarioShortId: shortId('scenario').optional(),
  resumeFromDependencyProjectTestCaseId: uuid.optional(),
  waitForDependenciesProjectTestCaseIds: z.array(uuid).optional(),
});
export type CreateTestCaseInput = z.infer<typeof createTestCaseSchema>;

const ENABLE_HOW = 'send {"isEnabled": true} to enable the test case or {"isEnabled": false} to disable it';

/** Goalie extension: the one field PATCH /v1/test-cases/{id} changes. Strict: anything else is a mistake. */
export const updateTestCaseSchema = z.strictObject(
  {
    isEnabled: z.boolean({
      error: (iss) =>
        iss.input === undefined
          ? `is required: ${ENABLE_HOW}`
          : `must be true or false, not ${JSON.stringify(iss.input)}; ${ENABLE_HOW}`,
    }),
  },
  {
    error: (iss) =>
      iss.code === 'unrecognized_keys'
        ? `has unknown field${iss.keys.length === 1 ? '' : 's'} ${iss.keys.join(', ')}: only isEnabled can be changed; ${ENABLE_HOW}`
        : undefined,
  },
);
export type UpdateTestCaseInput = z.infer<typeof updateTestCaseSchema>;

export const runTestCasesQuerySchema = z.enum(['failed', 'all']);
/** `extensions=true`: each run test case also carries Goalie's extension fields (docs/api.md). */
export const runExtensionsQuerySchema = z.enum(['true', 'false']);
