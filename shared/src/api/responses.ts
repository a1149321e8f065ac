// Response bodies of the REST API v1 (spec/rest-api.md), the one source of their wire types
// (types.ts) and of their part of the OpenAPI document (openapi.ts). Closed (`strictObject`), so
// tests that check answers against the document catch stray fields.
import { z } from 'zod';
import { SHORT_ID_PATTERNS, UUID_PATTERN, type ShortIdKind } from '../short-ids.js';

const text = (description: string) => z.string().meta({ description });
const nullableText = (description: string) => z.string().nullable().meta({ description });
const uuid = (description: string) => z.string().regex(UUID_PATTERN).meta({ format: 'uuid', description });
const link = (description: string) => z.string().meta({ format: 'uri', description });
const count = (description: string) => z.int().min(0).meta({ format: 'int32', description });
const shortId = (kind: ShortIdKind, description: string) =>
  z.string().regex(SHORT_ID_PATTERNS[kind]).meta({ description });
const success = (what: string) => z.boolean().meta({ description: `Whether ${what}.` });

// The run test case values are left open by the spec; these are the ones Goalie uses (docs/runs.md).
export const RUN_STATUSES = ['INITIATED', 'RUNNING', 'COMPLETED', 'ERROR', 'CANCELLED'] as const;
const RESULTS = ['PASSED', 'FAILED', 'SKIPPED'] as const;
const RUN_TEST_CASE_STATUSES = ['PENDING', 'RUNNING', 'COMPLETED', 'SKIPPED', 'ERROR', 'CANCELLED'] as const;

export const triggerSchema = z.enum(['API', 'REPOHOST']);
export const runStatusSchema = z.enum(RUN_STATUSES);
export const runResultSchema = z.enum(RESULTS);
export const generationStatusSchema = z.enum(['GENERATING', 'COMPLETED', 'FAILED']);

export const errorBodySchema = z
  .strictObject({ message: text('What went wrong and how to fix it.') })
  .meta({ description: 'Body of every error response.' });

const testPlanFields = {
  name: text('Name of the test plan.'),
  shortId: shortId('testPlan', 'Test plan short ID.'),
};

export const testPlanRefSchema = z
  .strictObject(testPlanFields)
  .meta({ description: 'The test plan that was executed.' });

const runFields = {
  id: uuid('Internal run identifier.'),
  shortId: text('Run short ID; used in URLs and in the run path parameter.'),
  url: link('Link to the run results in the dashboard.'),
  testCount: count('Number of test cases in the run.'),
};

export const runSchema = z
  .strictObject({ ...runFields, testPlan: testPlanRefSchema })
  .meta({ description: 'The run started by POST /run.' });

export const rerunRunSchema = z
  .strictObject(runFields)
  .meta({ description: 'The new run created by a rerun; it carries no test plan object.' });

const nullableDateTime = (description: string) =>
  z.string().nullable().optional().meta({ format: 'date-time', description });

export const runTestCaseSchema = z
  .strictObject({
    id: uuid('Run test case identifier.'),
    shortId: text('Run test case short ID.'),
    name: text('Name of the test case.'),
    status: z.enum(RUN_TEST_CASE_STATUSES).meta({
      description:
        'Status of the test case in this run: PENDING (waiting for its turn or its dependencies), RUNNING, ' +
        'COMPLETED (result PASSED or FAILED), SKIPPED (a dependency did not pass), ERROR (could not reach a verdict), ' +
        'CANCELLED (the run was cancelled).',
    }),
    result: runResultSchema
      .nullable()
      .meta({ description: 'Result of the test case, e.g. PASSED or FAILED; null until it has one.' }),
    resultTitle: nullableText('Brief failure or summary title.'),
    evaluationThought: nullableText('Detailed explanation of the evaluation.'),
    promptGoal: nullableText('Original test goal.'),
    promptExamples: nullableText('Example scenarios used.'),
    // Goalie extensions (docs/api.md), present only with ?extensions=true, so that the
    // specification's shape stays exact for every other client.
    projectTestCaseId: z.string().regex(UUID_PATTERN).nullable().optional().meta({
      format: 'uuid',
      description:
        "Goalie extension: the test case's own UUID (as rerun's projectTestCaseIds takes it); null once the test case was deleted.",
    }),
    startedAt: nullableDateTime(
      'Goalie extension: when it started in this run (ISO 8601, UTC); null until it started.',
    ),
    finishedAt: nullableDateTime('Goalie extension: when it ended in this run (ISO 8601, UTC); null until it ended.'),
    healed: z
      .array(
        z.strictObject({
          step: z.number().int().meta({ description: 'The healed step, counted from 1.' }),
          sentence: text("The step's sentence."),
          before: text('The recorded target and its first locator.'),
          after: text('The target the heal found instead, and its first locator.'),
          change: z.enum(['none', 'typo', 'reworded', 'role']).nullable().meta({
            description:
              'How far the target moved: its name the same, a typo, reworded, or another role (a link for a button); null for heals recorded before Goalie kept it.',
          }),
        }),
      )
      .optional()
      .meta({
        description:
          'Goalie extension: the steps healed in this run (the page changed and Goalie found the element again), with the old and new target.',
      }),
  })
  .meta({ description: 'Result of one test case within a run.' });

export const runStatusViewSchema = z
  .strictObject({
    id: uuid('Internal run identifier.'),
    shortId: text('Run short ID.'),
    status: runStatusSchema.meta({ description: 'Run status. Terminal statuses: COMPLETED, ERROR, CANCELLED.' }),
    result: runResultSchema
      .nullable()
      .meta({ description: 'Run result; null while the status is INITIATED or RUNNING.' }),
    runTestCases: z
      .array(runTestCaseSchema)
      .meta({ description: 'Per-test-case results; empty when the testCases query parameter is omitted.' }),
  })
  .meta({ description: 'Status and result of a run (GET /run/{shortId}).' });

export const testCaseSchema = z
  .strictObject({
    id: uuid('Test case identifier.'),
    name: text('Name of the test case.'),
    url: link('Link to the edit page of the test case in the dashboard.'),
  })
  .meta({
    description:
      'The created test case. It starts generating (burn-in) and is disabled until enabled: PATCH /test-cases/{id} once the burn-in is COMPLETED, or its page.',
  });

/** Goalie extension (docs/api.md): GET and PATCH /test-cases/{id}. */
export const testCaseViewSchema = z
  .strictObject({
    id: uuid('Test case identifier.'),
    name: text('Name of the test case.'),
    url: link("Link to the test case's page."),
    goal: text('Objective of the test.'),
    expectedResult: nullableText('Description of success; null when none was given.'),
    applicationShortId: shortId('application', 'Short ID of the application it tests.'),
    isEnabled: z
      .boolean()
      .meta({ description: 'Whether test plans run it. Can be true only once the burn-in is COMPLETED.' }),
    generationStatus: generationStatusSchema.meta({
      description:
        'The burn-in: GENERATING (queued or recording the steps; needs a worker), COMPLETED (steps recorded), FAILED (see generationError).',
    }),
    generationError: nullableText(
      'Why the burn-in failed and what would work; null unless generationStatus is FAILED.',
    ),
    createdVia: z.enum(['api', 'apply']).meta({
      description: 'api (POST /test-cases) or apply (a project file; its `enabled` is set again by each goalie apply).',
    }),
    stepCount: count('Number of recorded steps (0 before the burn-in recorded any).'),
    steps: z.array(text('One recorded step.')).meta({
      description: "The recorded steps' sentences, in order; config values appear as {{config.key}} placeholders.",
    }),
  })
  .meta({ description: 'A test case with its burn-in state and recorded steps (Goalie extension).' });

export const startRunResponseSchema = z.strictObject({ success: success('the run was started'), run: runSchema });
export const rerunResponseSchema = z.strictObject({
  success: success('the rerun was started'),
  run: rerunRunSchema,
});
export const createTestCaseResponseSchema = z.strictObject({
  success: success('the test case was created'),
  testCase: testCaseSchema,
});
export const outboundIpsResponseSchema = z.strictObject({
  ipAddresses: z
    .array(z.string())
    .meta({ description: 'Outbound IP addresses of the service, for firewall allowlisting.' }),
});

/** Goalie extension: POST /run/{shortId}/cancel. */
export const cancelRunResponseSchema = z.strictObject({
  success: success('the cancellation was accepted'),
  run: z.strictObject({
    id: uuid('Internal run identifier.'),
    shortId: text('Run short ID.'),
    status: runStatusSchema.meta({
      description: 'CANCELLED, or RUNNING while running test cases stop (within seconds).',
    }),
  }),
});

// Deprecated form: the test plan also carries its short ID in snake_case for older clients.
export const legacyTestPlanSchema = z
  .strictObject({ ...testPlanFields, short_id: shortId('testPlan', 'Same as shortId (deprecated spelling).') })
  .meta({ description: 'The test plan that was executed (deprecated form).' });
export const legacyRunSchema = z
  .strictObject({ ...runFields, testPlan: legacyTestPlanSchema })
  .meta({ description: 'The run started by the deprecated start-run form.' });
export const legacyStartRunResponseSchema = z.strictObject({
  success: success('the run was started'),
  run: legacyRunSchema,
});

// Goalie extensions (docs/api.md): GET /test-plans and GET /test-cases.
const planTestCaseSchema = z.strictObject({
  id: uuid('Test case identifier.'),
  name: text('Name of the test case.'),
  isEnabled: z.boolean().meta({ description: 'Whether runs of the plan include it.' }),
  generationStatus: generationStatusSchema.meta({ description: 'Its burn-in state.' }),
});

export const testPlanListEntrySchema = z.strictObject({
  shortId: shortId('testPlan', 'Test plan short ID (what POST /run takes as testPlanShortId).'),
  name: text('Name of the test plan.'),
  description: nullableText('Its description; null when it has none.'),
  isDefault: z.boolean().meta({ description: 'Whether POST /run without testPlanShortId runs it.' }),
  testCases: z.array(planTestCaseSchema).meta({ description: 'Its test cases, in plan order.' }),
});

export const testPlanListResponseSchema = z.strictObject({
  testPlans: z.array(testPlanListEntrySchema).meta({ description: "The project's test plans, by name." }),
});

const lastResultSchema = z.strictObject({
  result: z.enum(['PASSED', 'FAILED', 'ERROR', 'SKIPPED']).meta({ description: 'How it ended.' }),
  resultTitle: nullableText('One line on the result.'),
  runShortId: text('The run it ended in.'),
  runUrl: link("Link to that run's page."),
  finishedAt: z.string().meta({ format: 'date-time', description: 'When it ended (UTC).' }),
});

export const testCaseListEntrySchema = z.strictObject({
  id: uuid('Test case identifier.'),
  name: text('Name of the test case.'),
  url: link("Link to the test case's page."),
  applicationName: text('Name of the application it tests.'),
  isEnabled: z.boolean().meta({ description: 'Whether test plans run it.' }),
  generationStatus: generationStatusSchema.meta({
    description: 'The burn-in: GENERATING, COMPLETED or FAILED (GET /test-cases/{id} says why).',
  }),
  createdVia: z.enum(['api', 'apply']).meta({ description: 'api or apply (a project file).' }),
  testPlans: z
    .array(
      z.strictObject({ shortId: shortId('testPlan', 'Test plan short ID.'), name: text('Name of the test plan.') }),
    )
    .meta({ description: 'The plans it is in.' }),
  lastResult: lastResultSchema
    .nullable()
    .meta({ description: 'Its last finished result in a run; null when it never ran.' }),
});

export const testCaseListResponseSchema = z.strictObject({
  testCases: z.array(testCaseListEntrySchema).meta({ description: "The project's test cases, by name (at most 500)." }),
  truncated: z.boolean().meta({ description: 'More test cases exist than the answer holds.' }),
});

// Goalie extensions (docs/api.md): deleting a test case, and its place in a plan.
const planRefSchema = z.strictObject({
  shortId: shortId('testPlan', 'Test plan short ID.'),
  name: text('Name of the test plan.'),
});

export const deleteTestCaseResponseSchema = z.strictObject({
  success: success('the test case was deleted'),
  testCase: z
    .strictObject({ id: uuid('Identifier the test case had.'), name: text('Name it had.') })
    .meta({ description: 'The deleted test case.' }),
  removedFromTestPlans: z.array(planRefSchema).meta({ description: 'The plans it was in (it is no longer in them).' }),
});

export const testPlanMembershipResponseSchema = z.strictObject({
  success: success('the plan holds (or no longer holds) the test case'),
  changed: z
    .boolean()
    .meta({ description: 'false when the test case was already in the plan (adding) or not in it (removing).' }),
  testPlan: testPlanListEntrySchema,
});
