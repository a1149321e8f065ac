// OpenAPI 3.0.3 description of the REST API (spec/rest-api.md), served at GET /v1/openapi.json.
// The spec is the contract: every field name, required/nullable flag and status code here comes from it.
// Request schemas stay open (the server ignores unknown fields); response schemas are closed
// (`additionalProperties: false`) so tests that check responses against this document catch stray fields.
import { SHORT_ID_PATTERNS, type ShortIdKind } from '../short-ids.js';

type Schema = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// Field helpers

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const text = (description: string): Schema => ({ type: 'string', description });
const nullableText = (description: string): Schema => ({ type: 'string', nullable: true, description });
const uuid = (description: string): Schema => ({ type: 'string', format: 'uuid', description });
const link = (description: string): Schema => ({ type: 'string', format: 'uri', description });

// OpenAPI 3.0.3: `nullable` does not override `enum`, so null must be listed among the values too.
const nullableEnum = (values: string[], description: string): Schema => ({
  type: 'string',
  nullable: true,
  enum: [...values, null],
  description,
});

function shortId(kind: ShortIdKind, description: string): Schema {
  return { type: 'string', pattern: SHORT_ID_PATTERNS[kind].source, description };
}

function arrayOf(items: Schema, description: string, extra: Schema = {}): Schema {
  return { type: 'array', items, description, ...extra };
}

/** A response object: every listed field is required and nothing else may appear. */
function closedObject(properties: Record<string, Schema>, description?: string): Schema {
  return {
    type: 'object',
    ...(description ? { description } : {}),
    required: Object.keys(properties),
    additionalProperties: false,
    properties,
  };
}

/** A response object with fields that are present only sometimes (not required). */
function withOptional(schema: Schema, optional: Record<string, Schema>): Schema {
  return { ...schema, properties: { ...(schema.properties as Record<string, Schema>), ...optional } };
}

/** A request object: unknown fields are allowed because the server ignores them. */
function openObject(properties: Record<string, Schema>, required: string[], description: string): Schema {
  return { type: 'object', description, ...(required.length ? { required } : {}), properties };
}

// ---------------------------------------------------------------------------------------------
// Enumerations (the run test case values are left open by the spec; these are the ones Goalie uses,
// documented in docs/runs.md)

const RUN_STATUSES = ['INITIATED', 'RUNNING', 'COMPLETED', 'ERROR', 'CANCELLED'];
const RESULTS = ['PASSED', 'FAILED', 'SKIPPED'];
const RUN_TEST_CASE_STATUSES = ['PENDING', 'RUNNING', 'COMPLETED', 'SKIPPED', 'ERROR', 'CANCELLED'];
const GENERATION_STATUSES = ['GENERATING', 'COMPLETED', 'FAILED'];

// ---------------------------------------------------------------------------------------------
// Response schemas

function runFields(): Record<string, Schema> {
  return {
    id: uuid('Internal run identifier.'),
    shortId: text('Run short ID; used in URLs and in the run path parameter.'),
    url: link('Link to the run results in the dashboard.'),
    testCount: { type: 'integer', format: 'int32', minimum: 0, description: 'Number of test cases in the run.' },
  };
}

function testPlanFields(): Record<string, Schema> {
  return {
    name: text('Name of the test plan.'),
    shortId: shortId('testPlan', 'Test plan short ID.'),
  };
}

function responseSchemas(): Record<string, Schema> {
  return {
    Error: closedObject({ message: text('What went wrong and how to fix it.') }, 'Body of every error response.'),
    TestPlan: closedObject(testPlanFields(), 'The test plan that was executed.'),
    Run: closedObject({ ...runFields(), testPlan: ref('TestPlan') }, 'The run started by POST /run.'),
    RerunRun: closedObject(runFields(), 'The new run created by a rerun; it carries no test plan object.'),
    RunTestCase: withOptional(
      closedObject(
        {
          id: uuid('Run test case identifier.'),
          shortId: text('Run test case short ID.'),
          name: text('Name of the test case.'),
          status: {
            type: 'string',
            enum: RUN_TEST_CASE_STATUSES,
            description:
              'Status of the test case in this run: PENDING (waiting for its turn or its dependencies), RUNNING, ' +
              'COMPLETED (result PASSED or FAILED), SKIPPED (a dependency did not pass), ERROR (could not reach a verdict), ' +
              'CANCELLED (the run was cancelled).',
          },
          result: nullableEnum(RESULTS, 'Result of the test case, e.g. PASSED or FAILED; null until it has one.'),
          resultTitle: nullableText('Brief failure or summary title.'),
          evaluationThought: nullableText('Detailed explanation of the evaluation.'),
          promptGoal: nullableText('Original test goal.'),
          promptExamples: nullableText('Example scenarios used.'),
        },
        'Result of one test case within a run.',
      ),
      {
        // Goalie extensions (docs/api.md), only with ?extensions=true: which test case it was, and when it ran.
        projectTestCaseId: {
          ...uuid(
            "Goalie extension: the test case's own UUID (as rerun's projectTestCaseIds takes it); null once the test case was deleted.",
          ),
          nullable: true,
        },
        startedAt: {
          type: 'string',
          format: 'date-time',
          nullable: true,
          description: 'Goalie extension: when it started in this run (ISO 8601, UTC); null until it started.',
        },
        finishedAt: {
          type: 'string',
          format: 'date-time',
          nullable: true,
          description: 'Goalie extension: when it ended in this run (ISO 8601, UTC); null until it ended.',
        },
      },
    ),
    RunStatusView: closedObject(
      {
        id: uuid('Internal run identifier.'),
        shortId: text('Run short ID.'),
        status: {
          type: 'string',
          enum: RUN_STATUSES,
          description: 'Run status. Terminal statuses: COMPLETED, ERROR, CANCELLED.',
        },
        result: nullableEnum(RESULTS, 'Run result; null while the status is INITIATED or RUNNING.'),
        runTestCases: arrayOf(
          ref('RunTestCase'),
          'Per-test-case results; empty when the testCases query parameter is omitted.',
        ),
      },
      'Status and result of a run (GET /run/{shortId}).',
    ),
    TestCase: closedObject(
      {
        id: uuid('Test case identifier.'),
        name: text('Name of the test case.'),
        url: link('Link to the edit page of the test case in the dashboard.'),
      },
      'The created test case. It starts generating (burn-in) and is disabled until enabled: PATCH /test-cases/{id} once the burn-in is COMPLETED, or its page.',
    ),
    // Goalie extension (docs/api.md): GET and PATCH /test-cases/{id}.
    TestCaseView: closedObject(
      {
        id: uuid('Test case identifier.'),
        name: text('Name of the test case.'),
        url: link("Link to the test case's page."),
        goal: text('Objective of the test.'),
        expectedResult: nullableText('Description of success; null when none was given.'),
        applicationShortId: shortId('application', 'Short ID of the application it tests.'),
        isEnabled: {
          type: 'boolean',
          description: 'Whether test plans run it. Can be true only once the burn-in is COMPLETED.',
        },
        generationStatus: {
          type: 'string',
          enum: GENERATION_STATUSES,
          description:
            'The burn-in: GENERATING (queued or recording the steps; needs a worker), COMPLETED (steps recorded), FAILED (see generationError).',
        },
        generationError: nullableText(
          'Why the burn-in failed and what would work; null unless generationStatus is FAILED.',
        ),
        createdVia: {
          type: 'string',
          enum: ['api', 'apply'],
          description:
            'api (POST /test-cases) or apply (a project file; its `enabled` is set again by each goalie apply).',
        },
        stepCount: {
          type: 'integer',
          format: 'int32',
          minimum: 0,
          description: 'Number of recorded steps (0 before the burn-in recorded any).',
        },
        steps: arrayOf(
          text('One recorded step.'),
          "The recorded steps' sentences, in order; config values appear as {{config.key}} placeholders.",
        ),
      },
      'A test case with its burn-in state and recorded steps (Goalie extension).',
    ),
    StartRunResponse: closedObject({
      success: { type: 'boolean', description: 'Whether the run was started.' },
      run: ref('Run'),
    }),
    RerunResponse: closedObject({
      success: { type: 'boolean', description: 'Whether the rerun was started.' },
      run: ref('RerunRun'),
    }),
    CreateTestCaseResponse: closedObject({
      success: { type: 'boolean', description: 'Whether the test case was created.' },
      testCase: ref('TestCase'),
    }),
    OutboundIpsResponse: closedObject({
      ipAddresses: arrayOf({ type: 'string' }, 'Outbound IP addresses of the service, for firewall allowlisting.'),
    }),
    // Deprecated form: the test plan also carries its short ID in snake_case for older clients.
    LegacyTestPlan: closedObject(
      { ...testPlanFields(), short_id: shortId('testPlan', 'Same as shortId (deprecated spelling).') },
      'The test plan that was executed (deprecated form).',
    ),
    LegacyRun: closedObject(
      { ...runFields(), testPlan: ref('LegacyTestPlan') },
      'The run started by the deprecated start-run form.',
    ),
    CancelRunResponse: closedObject({
      success: { type: 'boolean', description: 'Whether the cancellation was accepted.' },
      run: closedObject({
        id: uuid('Internal run identifier.'),
        shortId: text('Run short ID.'),
        status: {
          type: 'string',
          enum: RUN_STATUSES,
          description: 'CANCELLED, or RUNNING while running test cases stop (within seconds).',
        },
      }),
    }),
    LegacyStartRunResponse: closedObject({
      success: { type: 'boolean', description: 'Whether the run was started.' },
      run: ref('LegacyRun'),
    }),
    // Goalie extensions (docs/api.md): GET /test-plans and GET /test-cases.
    TestPlanListResponse: closedObject({
      testPlans: arrayOf(
        closedObject({
          shortId: shortId('testPlan', 'Test plan short ID (what POST /run takes as testPlanShortId).'),
          name: text('Name of the test plan.'),
          description: nullableText('Its description; null when it has none.'),
          isDefault: { type: 'boolean', description: 'Whether POST /run without testPlanShortId runs it.' },
          testCases: arrayOf(
            closedObject({
              id: uuid('Test case identifier.'),
              name: text('Name of the test case.'),
              isEnabled: { type: 'boolean', description: 'Whether runs of the plan include it.' },
              generationStatus: { type: 'string', enum: GENERATION_STATUSES, description: 'Its burn-in state.' },
            }),
            'Its test cases, in plan order.',
          ),
        }),
        "The project's test plans, by name.",
      ),
    }),
    TestCaseListResponse: closedObject({
      testCases: arrayOf(
        closedObject({
          id: uuid('Test case identifier.'),
          name: text('Name of the test case.'),
          url: link("Link to the test case's page."),
          applicationName: text('Name of the application it tests.'),
          isEnabled: { type: 'boolean', description: 'Whether test plans run it.' },
          generationStatus: {
            type: 'string',
            enum: GENERATION_STATUSES,
            description: 'The burn-in: GENERATING, COMPLETED or FAILED (GET /test-cases/{id} says why).',
          },
          createdVia: { type: 'string', enum: ['api', 'apply'], description: 'api or apply (a project file).' },
          testPlans: arrayOf(
            closedObject({
              shortId: shortId('testPlan', 'Test plan short ID.'),
              name: text('Name of the test plan.'),
            }),
            'The plans it is in.',
          ),
          lastResult: {
            ...closedObject({
              result: { type: 'string', enum: ['PASSED', 'FAILED', 'ERROR', 'SKIPPED'], description: 'How it ended.' },
              resultTitle: nullableText('One line on the result.'),
              runShortId: text('The run it ended in.'),
              runUrl: link("Link to that run's page."),
              finishedAt: { type: 'string', format: 'date-time', description: 'When it ended (UTC).' },
            }),
            nullable: true,
            description: 'Its last finished result in a run; null when it never ran.',
          },
        }),
        "The project's test cases, by name (at most 500).",
      ),
      truncated: { type: 'boolean', description: 'More test cases exist than the answer holds.' },
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Request schemas

function requestSchemas(): Record<string, Schema> {
  return {
    ApplicationEnvironmentOverride: {
      description: 'Either a URL (a new or preview environment) or the short ID of an existing environment.',
      oneOf: [
        openObject(
          { url: link('URL of the environment.'), name: text('Name of the environment.') },
          ['url'],
          'By URL: defines a new or preview environment.',
        ),
        openObject(
          { shortId: shortId('environment', 'Environment short ID.') },
          ['shortId'],
          'By reference: an existing environment.',
        ),
      ],
    },
    ApplicationOverride: openObject(
      {
        applicationShortId: shortId('application', 'Application short ID.'),
        environment: ref('ApplicationEnvironmentOverride'),
        devicePresetShortId: shortId('devicePreset', 'Device preset short ID.'),
      },
      ['applicationShortId'],
      'Environment and device preset override for one application.',
    ),
    NotificationOverride: openObject(
      {
        type: { type: 'string', enum: ['slack'], description: 'Notification type; only slack.' },
        channel: text("Slack channel ID; the service's bot must have access to the channel."),
        notifyOn: {
          type: 'string',
          enum: ['always', 'failure'],
          default: 'always',
          description:
            'always: run-started message and final summary; failure: final summary only, when the result is not PASSED.',
        },
      },
      ['type', 'channel'],
      'Per-run Slack notification.',
    ),
    StartRunRequest: openObject(startRunFields(), [], 'Start a run; every field is optional.'),
    RerunRequest: {
      ...openObject(
        {
          failedOnly: { type: 'boolean', description: 'When true, reruns only failed, skipped or errored test cases.' },
          projectTestCaseIds: arrayOf(uuid('Project test case UUID.'), 'Reruns only these test cases.'),
        },
        [],
        'Rerun a run; send {} to rerun everything. Giving both failedOnly and projectTestCaseIds is a 400.',
      ),
      not: { required: ['failedOnly', 'projectTestCaseIds'] },
    },
    CreateTestCaseRequest: openObject(
      {
        name: {
          type: 'string',
          minLength: 1,
          maxLength: 80,
          description: 'Name of the test case, 1 to 80 characters.',
        },
        goal: text('Objective of the test.'),
        applicationShortId: shortId('application', 'Application short ID; must belong to the project.'),
        expectedResult: text('Description of success.'),
        configShortIds: arrayOf(
          shortId('config', 'Config short ID.'),
          'Configs available to the test during execution.',
        ),
        scenarioShortId: shortId('scenario', 'Scenario short ID; must belong to the project.'),
        resumeFromDependencyProjectTestCaseId: uuid('Resume From dependency: project test case UUID.'),
        waitForDependenciesProjectTestCaseIds: arrayOf(
          uuid('Project test case UUID.'),
          'Wait For dependencies: project test case UUIDs.',
        ),
      },
      ['name', 'goal', 'applicationShortId'],
      'Create a test case.',
    ),
    UpdateTestCaseRequest: {
      type: 'object',
      description:
        'The one field that can be changed. Unlike the other request bodies, unknown fields are refused (400).',
      required: ['isEnabled'],
      additionalProperties: false,
      properties: {
        isEnabled: {
          type: 'boolean',
          description: 'true to enable (only once the burn-in is COMPLETED), false to disable.',
        },
      },
    },
    LegacyApplicationSettings: openObject(
      {
        environment: ref('ApplicationEnvironmentOverride'),
        devicePresetShortId: shortId('devicePreset', 'Device preset short ID.'),
      },
      [],
      'Overrides for the application whose short ID is the key.',
    ),
    LegacyStartRunRequest: openObject(
      {
        ...startRunFields(),
        trigger: text('Any string: API (default); GITHUB, GITLAB, REPOHOST and other CI host names count as REPOHOST.'),
        applications: {
          description: 'Either the v1 array of ApplicationOverride, or an object keyed by application short ID.',
          oneOf: [
            arrayOf(ref('ApplicationOverride'), 'Environment and device preset overrides.'),
            {
              type: 'object',
              additionalProperties: ref('LegacyApplicationSettings'),
              description: 'Overrides keyed by application short ID.',
            },
          ],
        },
      },
      [],
      'Deprecated start-run body: the v1 fields (snake_case spellings are accepted too), plus the older forms of trigger and applications.',
    ),
  };
}

function startRunFields(): Record<string, Schema> {
  return {
    trigger: {
      type: 'string',
      enum: ['API', 'REPOHOST'],
      default: 'API',
      description: 'API (default) or REPOHOST (run triggered from a repository-hosting CI integration).',
    },
    testPlanShortId: shortId('testPlan', "Plan to execute; the project's default test plan when omitted."),
    applications: arrayOf(ref('ApplicationOverride'), 'Environment and device preset overrides.'),
    notifications: arrayOf(
      ref('NotificationOverride'),
      'Per-run Slack notifications; at least one element when present.',
      { minItems: 1 },
    ),
    actor: text('User that triggered the workflow (ignored when trigger is API).'),
    branch: text('Branch name (ignored when trigger is API).'),
    commitHash: text('Full commit hash (ignored when trigger is API).'),
    commitMessage: text('Commit message (ignored when trigger is API).'),
    repository: text('Repository name in owner/repo form (ignored when trigger is API).'),
  };
}

// ---------------------------------------------------------------------------------------------
// Operations

type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 500;

const ERROR_MEANINGS: Record<ErrorStatus, string> = {
  400: 'Validation error or malformed body.',
  401: 'Missing or invalid API key.',
  402: 'Usage limit exceeded; the organization must upgrade.',
  403: 'Invalid token or organization suspended.',
  404: 'Resource not found.',
  409: 'The object is not in a state that allows the change.',
  500: 'Server error.',
};

interface OperationSpec {
  operationId: string;
  summary: string;
  tag: string;
  parameters?: Schema[];
  requestBody?: { schema: string; required: boolean; description: string };
  success: { schema: Schema; description: string };
  errors: ErrorStatus[];
  /** The spec's specific conditions, appended to the generic meaning of the status. */
  errorNotes?: Partial<Record<ErrorStatus, string>>;
  isPublic?: boolean;
  deprecated?: boolean;
}

const json = (schema: Schema) => ({ 'application/json': { schema } });

function errorResponse(status: ErrorStatus, note?: string): Schema {
  return {
    description: note ? `${ERROR_MEANINGS[status]} ${note}` : ERROR_MEANINGS[status],
    content: json(ref('Error')),
  };
}

function operation(spec: OperationSpec): Schema {
  const responses: Record<string, Schema> = {
    '200': { description: spec.success.description, content: json(spec.success.schema) },
  };
  for (const status of spec.errors) responses[String(status)] = errorResponse(status, spec.errorNotes?.[status]);
  return {
    operationId: spec.operationId,
    summary: spec.summary,
    tags: [spec.tag],
    ...(spec.deprecated ? { deprecated: true } : {}),
    ...(spec.isPublic ? { security: [] } : {}),
    ...(spec.parameters ? { parameters: spec.parameters } : {}),
    ...(spec.requestBody
      ? {
          requestBody: {
            required: spec.requestBody.required,
            description: spec.requestBody.description,
            content: json(ref(spec.requestBody.schema)),
          },
        }
      : {}),
    responses,
  };
}

/** An operation Goalie adds to the specification (docs/api.md). */
const extension = (spec: OperationSpec): Schema => ({ ...operation(spec), 'x-goalie-extension': true });

/** A read-only list of the token's project (Goalie extension): no parameters, no errors but the token's. */
const listing = (operationId: string, tag: string, what: string, schema: string): Schema =>
  extension({
    operationId,
    summary: `List ${what} (Goalie extension).`,
    tag,
    success: { schema: ref(schema), description: `${what[0]!.toUpperCase()}${what.slice(1)}.` },
    errors: [401, 403],
  });

const runShortIdParam = (description: string): Schema => ({
  name: 'shortId',
  in: 'path',
  required: true,
  description,
  schema: { type: 'string' },
});

const testCasesParam: Schema = {
  name: 'testCases',
  in: 'query',
  required: false,
  description: 'failed (only failed, skipped or errored test cases) or all; when omitted runTestCases is empty.',
  schema: { type: 'string', enum: ['failed', 'all'] },
};

const extensionsParam: Schema = {
  name: 'extensions',
  in: 'query',
  required: false,
  description:
    "Goalie extension: true adds projectTestCaseId, startedAt and finishedAt to each run test case; when omitted the answer has the specification's fields only.",
  schema: { type: 'string', enum: ['true', 'false'] },
};

const testCaseIdParam: Schema = {
  name: 'id',
  in: 'path',
  required: true,
  description: "The test case's UUID (as POST /test-cases or goalie apply --json gives it).",
  schema: { type: 'string', format: 'uuid' },
};

const projectUuidParam: Schema = {
  name: 'projectUuid',
  in: 'path',
  required: true,
  description: 'UUID of the project the API token belongs to.',
  schema: { type: 'string', format: 'uuid' },
};

function startRunOperation(legacy: boolean): OperationSpec {
  return {
    operationId: legacy ? 'legacyStartRun' : 'startRun',
    summary: legacy
      ? 'Start a run (deprecated form; use POST /v1/run).'
      : "Start a run of a test plan (the project's default plan when none is given).",
    tag: legacy ? 'Legacy' : 'Runs',
    parameters: legacy ? [projectUuidParam] : undefined,
    requestBody: {
      schema: legacy ? 'LegacyStartRunRequest' : 'StartRunRequest',
      required: false,
      description: 'Optional; when omitted, trigger is API and the default test plan is run.',
    },
    success: {
      schema: ref(legacy ? 'LegacyStartRunResponse' : 'StartRunResponse'),
      description: 'The run was started.',
    },
    errors: [400, 401, 402, 403, 404, 500],
    errorNotes: {
      400: 'For example an empty notifications array, Slack not configured for the project, or Slack channels not accessible to the bot.',
      402: 'The organization has reached its usage limit and must upgrade.',
      404: 'Project, test plan or referenced entity missing.',
    },
    deprecated: legacy,
  };
}

function getRunOperation(legacy: boolean): OperationSpec {
  return {
    operationId: legacy ? 'legacyGetRun' : 'getRun',
    summary: legacy
      ? 'Read a run (deprecated form; use GET /v1/run/{shortId}).'
      : "Read a run's status and result, optionally with per-test-case results.",
    tag: legacy ? 'Legacy' : 'Runs',
    parameters: [
      ...(legacy ? [projectUuidParam] : []),
      runShortIdParam('Run short ID.'),
      testCasesParam,
      extensionsParam,
    ],
    success: { schema: ref('RunStatusView'), description: 'The run status view.' },
    errors: [400, 401, 403, 404],
    errorNotes: { 400: 'Invalid query parameters.', 404: 'Run or project missing.' },
    deprecated: legacy,
  };
}

function paths(legacyServerUrl: string): Record<string, Schema> {
  const legacyServers = [{ url: legacyServerUrl, description: 'Deprecated form outside /v1.' }];
  return {
    '/outbound-ips': {
      get: operation({
        operationId: 'listOutboundIps',
        summary: 'List the outbound IP addresses of the service, for firewall allowlisting.',
        tag: 'Service',
        success: { schema: ref('OutboundIpsResponse'), description: 'The outbound IP addresses.' },
        errors: [500],
        isPublic: true,
      }),
    },
    '/run': { post: operation(startRunOperation(false)) },
    '/run/{shortId}': {
      get: operation(getRunOperation(false)),
      post: operation({
        operationId: 'rerun',
        summary: 'Rerun a previous run, in full or in part, as a new run.',
        tag: 'Runs',
        parameters: [runShortIdParam('Short ID of the run to rerun.')],
        requestBody: { schema: 'RerunRequest', required: true, description: 'Send {} to rerun everything.' },
        success: { schema: ref('RerunResponse'), description: 'The new run was started.' },
        errors: [400, 401, 402, 403, 404, 500],
        errorNotes: {
          400: 'Both failedOnly and projectTestCaseIds given, or there are no tests to rerun.',
          402: 'The organization has reached its usage limit and must upgrade.',
          404: 'Run or project missing.',
        },
      }),
    },
    '/run/{shortId}/cancel': {
      post: extension({
        operationId: 'cancelRun',
        summary: 'Cancel a run (Goalie extension, not in the specification).',
        tag: 'Runs',
        parameters: [runShortIdParam('Short ID of the run to cancel.')],
        success: {
          schema: ref('CancelRunResponse'),
          description: 'Test cases not yet started are cancelled; running ones stop.',
        },
        errors: [400, 401, 403, 404],
        errorNotes: { 400: 'The run has already ended.', 404: 'Run or project missing.' },
      }),
    },
    '/test-plans': {
      get: listing(
        'listTestPlans',
        'Test plans',
        "the project's test plans with their test cases",
        'TestPlanListResponse',
      ),
    },
    '/test-cases': {
      get: listing(
        'listTestCases',
        'Test cases',
        "the project's test cases with their burn-in state and last result",
        'TestCaseListResponse',
      ),
      post: operation({
        operationId: 'createTestCase',
        summary:
          'Create a test case; its burn-in starts and it stays disabled until enabled (PATCH /test-cases/{id} or its page).',
        tag: 'Test cases',
        requestBody: { schema: 'CreateTestCaseRequest', required: true, description: 'The test case to create.' },
        success: { schema: ref('CreateTestCaseResponse'), description: 'The test case was created.' },
        errors: [400, 401, 403, 404, 500],
        errorNotes: {
          400: 'Malformed body, missing required fields, validation failure or invalid IDs.',
          404: 'Project or referenced entity missing.',
        },
      }),
    },
    '/test-cases/{id}': {
      get: extension({
        operationId: 'getTestCase',
        summary:
          "Read a test case: its burn-in state, the burn-in's message and its recorded steps (Goalie extension).",
        tag: 'Test cases',
        parameters: [testCaseIdParam],
        success: { schema: ref('TestCaseView'), description: 'The test case.' },
        errors: [400, 401, 403, 404],
        errorNotes: { 400: 'The id is not a UUID.', 404: 'No such test case in the project of the token.' },
      }),
      patch: extension({
        operationId: 'updateTestCase',
        summary: 'Enable or disable a test case (Goalie extension).',
        tag: 'Test cases',
        parameters: [testCaseIdParam],
        requestBody: {
          schema: 'UpdateTestCaseRequest',
          required: true,
          description: '{"isEnabled": true} or {"isEnabled": false}.',
        },
        success: { schema: ref('TestCaseView'), description: 'The test case as it is now.' },
        errors: [400, 401, 403, 404, 409],
        errorNotes: {
          400: 'The id is not a UUID, or the body is not {"isEnabled": true|false} (missing, wrong type or unknown fields).',
          404: 'No such test case in the project of the token.',
          409: 'Enabling a test case whose burn-in is GENERATING or FAILED; the message says to wait, or to fix the goal.',
        },
      }),
    },
    '/openapi.json': {
      get: operation({
        operationId: 'getOpenApiDocument',
        summary: 'This machine-readable description of the API.',
        tag: 'Service',
        // The document itself: open, since it is an OpenAPI document rather than an API object.
        success: {
          schema: {
            type: 'object',
            required: ['openapi', 'info', 'paths'],
            properties: { openapi: { type: 'string' } },
          },
          description: 'The OpenAPI 3.0.3 document.',
        },
        errors: [],
        isPublic: true,
      }),
    },
    '/api/projects/{projectUuid}/runs': { servers: legacyServers, post: operation(startRunOperation(true)) },
    '/api/projects/{projectUuid}/runs/{shortId}': { servers: legacyServers, get: operation(getRunOperation(true)) },
  };
}

/** The legacy form lives beside /v1, not under it. */
function legacyServerUrl(serverUrl: string): string {
  return serverUrl.replace(/\/v1\/?$/, '') || '/';
}

export function openApiDocument(serverUrl: string): Record<string, unknown> {
  return {
    openapi: '3.0.3',
    info: {
      title: 'Goalie API',
      version: '1.0.0',
      description:
        'Start, rerun and read goal-driven browser test runs, and create test cases. Every call except the public ones ' +
        'is scoped to the project of the bearer API token.',
    },
    servers: [{ url: serverUrl }],
    security: [{ bearerAuth: [] }],
    tags: [
      { name: 'Runs', description: 'Start, rerun and read runs.' },
      { name: 'Test plans', description: "List the project's test plans (extension)." },
      {
        name: 'Test cases',
        description: 'Create and list test cases; read their burn-in and enable them (extensions).',
      },
      { name: 'Service', description: 'Public information about the service.' },
      { name: 'Legacy', description: 'Deprecated /api/projects/{projectUuid}/runs form; may still work temporarily.' },
    ],
    paths: paths(legacyServerUrl(serverUrl)),
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            'Project API token from the dashboard (Settings, Integrations, API); the project is inferred from it.',
        },
      },
      schemas: { ...responseSchemas(), ...requestSchemas() },
    },
  };
}
