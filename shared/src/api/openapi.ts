// OpenAPI 3.0.3 description of the REST API (spec/rest-api.md), served at GET /v1/openapi.json.
// The spec is the contract: every field name, required/nullable flag and status code here comes from it.
// The schemas are generated from the zod schemas the server validates requests with (schemas.ts) and
// the response schemas the wire types come from (responses.ts), so the three cannot drift apart.
// Request schemas stay open (the server ignores unknown fields); response schemas are closed
// (`additionalProperties: false`) so tests that check responses against this document catch stray fields.
import { z } from 'zod';
import * as requests from './schemas.js';
import * as projectFileResponses from './project-file-responses.js';
import { projectFileRequestSchema } from './project-file-request.js';
import * as responses from './responses.js';

type Schema = Record<string, unknown>;

const SCHEMA_REF_PREFIX = '#/components/schemas/';
const ref = (name: string): Schema => ({ $ref: `${SCHEMA_REF_PREFIX}${name}` });

// ---------------------------------------------------------------------------------------------
// Component schemas, named as the document has always named them

const RESPONSE_COMPONENTS: Record<string, z.ZodType> = {
  Error: responses.errorBodySchema,
  TestPlan: responses.testPlanRefSchema,
  Run: responses.runSchema,
  RerunRun: responses.rerunRunSchema,
  RunTestCase: responses.runTestCaseSchema,
  RunStatusView: responses.runStatusViewSchema,
  TestCase: responses.testCaseSchema,
  TestCaseView: responses.testCaseViewSchema,
  StartRunResponse: responses.startRunResponseSchema,
  RerunResponse: responses.rerunResponseSchema,
  CreateTestCaseResponse: responses.createTestCaseResponseSchema,
  OutboundIpsResponse: responses.outboundIpsResponseSchema,
  LegacyTestPlan: responses.legacyTestPlanSchema,
  LegacyRun: responses.legacyRunSchema,
  CancelRunResponse: responses.cancelRunResponseSchema,
  LegacyStartRunResponse: responses.legacyStartRunResponseSchema,
  TestPlanListResponse: responses.testPlanListResponseSchema,
  TestCaseListResponse: responses.testCaseListResponseSchema,
  DeleteTestCaseResponse: responses.deleteTestCaseResponseSchema,
  TestPlanMembershipResponse: responses.testPlanMembershipResponseSchema,
  ProjectFileAnswer: projectFileResponses.projectFileAnswerSchema,
  ProjectFileProblems: projectFileResponses.projectFileProblemsSchema,
  ProjectFileExport: projectFileResponses.projectFileExportSchema,
};

const REQUEST_COMPONENTS: Record<string, z.ZodType> = {
  ApplicationEnvironmentOverride: requests.environmentOverrideSchema,
  ApplicationOverride: requests.applicationOverrideSchema,
  NotificationOverride: requests.notificationOverrideSchema,
  StartRunRequest: requests.startRunSchema,
  RerunRequest: requests.rerunSchema,
  CreateTestCaseRequest: requests.createTestCaseSchema,
  UpdateTestCaseRequest: requests.updateTestCaseSchema,
  RunTestCaseRequest: requests.runTestCaseSchema,
  AddToPlanRequest: requests.addToPlanSchema,
  ProjectFileRequest: projectFileRequestSchema,
  LegacyApplicationSettings: requests.legacyApplicationSettingsSchema,
  LegacyStartRunRequest: requests.legacyStartRunSchema,
};

/** Requests as the server reads them (open objects, defaults optional); responses as it writes them. */
function componentSchemas(components: Record<string, z.ZodType>, io: 'input' | 'output'): Record<string, Schema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(components)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { target: 'openapi-3.0', io, uri: (id) => `${SCHEMA_REF_PREFIX}${id}` });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, { $id: _id, ...schema }]) => [id, openApi30(schema) as Schema]),
  );
}

let generated: Record<string, Schema> | undefined;

/** Generated once (about 10 ms) and frozen: the document is public, served on every request for it. */
function allComponentSchemas(): Record<string, Schema> {
  generated ??= deepFreeze({
    ...componentSchemas(RESPONSE_COMPONENTS, 'output'),
    ...componentSchemas(REQUEST_COMPONENTS, 'input'),
  });
  return generated;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/** Where OpenAPI 3.0.3 reads a schema differently from how zod writes it; walks the whole tree. */
function openApi30(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(openApi30);
  if (!value || typeof value !== 'object') return value;
  const schema = Object.fromEntries<unknown>(Object.entries(value).map(([key, child]) => [key, openApi30(child)]));
  // A lone reference: zod wraps it in allOf in case siblings are added; there are none.
  if (Object.keys(schema).length === 1 && Array.isArray(schema.allOf) && schema.allOf.length === 1)
    return schema.allOf[0];
  // `nullable` does not override `enum`, so null must be listed among the values too.
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum.push(null);
  // The server's UUID pattern ignores case, which a pattern cannot say; the format says it all.
  if (schema.format === 'uuid') delete schema.pattern;
  // zod bounds every integer by the largest safe one (or int32's); the format says so already.
  if (schema.type === 'integer') delete schema.maximum;
  return schema;
}

/** A parameter's schema from the zod schema the route parses it with. */
const parameterSchema = (schema: z.ZodType): Schema => {
  const { $schema: _draft, ...rest } = z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input' });
  return openApi30(rest) as Schema;
};

// ---------------------------------------------------------------------------------------------
// Operations

type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 500;

const ERROR_MEANINGS: Record<ErrorStatus, string> = {
  400: 'Validation error or malformed body.',
  401: 'Missing or invalid API key.',
  402: 'Usage limit exceeded; the organization must upgrade.',
  403: 'Invalid token or organization suspended.',
  404: 'Resource not found.',
  409: 'The object is not in a state that allows the change.',
  413: 'The request body or the file in it is larger than the limit.',
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
  /** The error body's schema when it says more than `Error` does (defaults to `Error`). */
  errorSchema?: string;
  isPublic?: boolean;
  deprecated?: boolean;
}

const json = (schema: Schema) => ({ 'application/json': { schema } });

function errorResponse(status: ErrorStatus, note?: string, schema = 'Error'): Schema {
  return {
    description: note ? `${ERROR_MEANINGS[status]} ${note}` : ERROR_MEANINGS[status],
    content: json(ref(schema)),
  };
}

function operation(spec: OperationSpec): Schema {
  const responses: Record<string, Schema> = {
    '200': { description: spec.success.description, content: json(spec.success.schema) },
  };
  for (const status of spec.errors)
    responses[String(status)] = errorResponse(status, spec.errorNotes?.[status], spec.errorSchema);
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

/** POST /project-file/plan and /apply: the same body and refusals; a plan writes nothing. */
function projectFileOperation(dryRun: boolean): OperationSpec {
  return {
    operationId: dryRun ? 'planProjectFile' : 'applyProjectFile',
    summary: dryRun
      ? 'What applying a project file would create, change and leave alone; nothing is written (Goalie extension).'
      : "Apply a project file to the token's project, as goalie apply does (Goalie extension).",
    tag: 'Project file',
    requestBody: {
      schema: 'ProjectFileRequest',
      required: true,
      description: 'The file and its variables; or the YAML itself with Content-Type: application/yaml.',
    },
    success: { schema: ref('ProjectFileAnswer'), description: dryRun ? 'The plan.' : 'What was applied.' },
    errors: [400, 401, 403, 413],
    errorSchema: 'ProjectFileProblems',
    errorNotes: {
      400: 'The body is malformed, or the file has problems: every one is listed in `problems`, with its place.',
      403: "Also: the token does not have the admin scope; the file declares another project or organization; it changes a setting only the server's operator changes (usage limit, suspension, network).",
      413: 'The file is larger than 512 KB.',
    },
  };
}

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
  schema: parameterSchema(requests.runTestCasesQuerySchema),
};

const extensionsParam: Schema = {
  name: 'extensions',
  in: 'query',
  required: false,
  description:
    "Goalie extension: true adds projectTestCaseId, startedAt and finishedAt to each run test case; when omitted the answer has the specification's fields only.",
  schema: parameterSchema(requests.runExtensionsQuerySchema),
};

const testCaseIdParam: Schema = {
  name: 'id',
  in: 'path',
  required: true,
  description: "The test case's UUID (as POST /test-cases or goalie apply --json gives it).",
  schema: { type: 'string', format: 'uuid' },
};

const testPlanShortIdParam: Schema = {
  name: 'shortId',
  in: 'path',
  required: true,
  description: 'The test plan short ID (GET /test-plans lists them).',
  schema: { type: 'string' },
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
        summary:
          'Change a test case: name, goal, expected result, application, configs, scenario, dependencies, isEnabled (Goalie extension). A changed goal or application is burned in again.',
        tag: 'Test cases',
        parameters: [testCaseIdParam],
        requestBody: {
          schema: 'UpdateTestCaseRequest',
          required: true,
          description: 'The fields to change, at least one; e.g. {"goal": "..."} or {"isEnabled": true}.',
        },
        success: { schema: ref('TestCaseView'), description: 'The test case as it is now.' },
        errors: [400, 401, 403, 404, 409],
        errorNotes: {
          400: 'The id is not a UUID; the body changes nothing, has a field of the wrong type or an unknown field; a name taken by another test case; a dependency cycle.',
          404: 'No such test case, application, config, scenario or dependency in the project of the token.',
          409: 'Enabling a test case whose burn-in is GENERATING or FAILED, or in the request that changes its goal or application; changing a test case declared in a project file (change the file and apply).',
        },
      }),
      delete: extension({
        operationId: 'deleteTestCase',
        summary:
          'Delete a test case (Goalie extension): it leaves its plans; past runs keep their results (projectTestCaseId null).',
        tag: 'Test cases',
        parameters: [testCaseIdParam],
        success: { schema: ref('DeleteTestCaseResponse'), description: 'The test case was deleted.' },
        errors: [400, 401, 403, 404, 409],
        errorNotes: {
          400: 'The id is not a UUID.',
          404: 'No such test case in the project of the token.',
          409: 'Other test cases resume from it or wait for it; the message names them.',
        },
      }),
    },
    '/test-cases/{id}/run': {
      post: extension({
        operationId: 'runTestCase',
        summary:
          'Run one test case now, with what it depends on, enabled or not (Goalie extension); answers as POST /run.',
        tag: 'Test cases',
        parameters: [testCaseIdParam],
        requestBody: {
          schema: 'RunTestCaseRequest',
          required: false,
          description: "Optional: the plan whose settings to use, and applications overrides as POST /run's.",
        },
        success: { schema: ref('StartRunResponse'), description: 'The run was started.' },
        errors: [400, 401, 402, 403, 404, 409],
        errorNotes: {
          400: 'The id is not a UUID, an unknown field, or an override POST /run would refuse.',
          404: 'No such test case, plan or referenced entity in the project of the token.',
          409: 'Its burn-in is GENERATING or FAILED (no steps to replay), or it is in no plan and there is no default plan.',
        },
      }),
    },
    '/test-plans/{shortId}/test-cases': {
      post: extension({
        operationId: 'addTestCaseToPlan',
        summary:
          'Add a test case to a test plan, at its end (Goalie extension); adding one already in it changes nothing.',
        tag: 'Test plans',
        parameters: [testPlanShortIdParam],
        requestBody: { schema: 'AddToPlanRequest', required: true, description: '{"testCaseId": "<UUID>"}.' },
        success: { schema: ref('TestPlanMembershipResponse'), description: 'The plan as it is now.' },
        errors: [400, 401, 403, 404],
        errorNotes: {
          400: 'The short ID or the test case id is malformed, or the body has other fields.',
          404: 'No such plan or test case in the project of the token.',
        },
      }),
    },
    '/test-plans/{shortId}/test-cases/{id}': {
      delete: extension({
        operationId: 'removeTestCaseFromPlan',
        summary: 'Take a test case out of a test plan (Goalie extension); one not in it changes nothing.',
        tag: 'Test plans',
        parameters: [testPlanShortIdParam, testCaseIdParam],
        success: { schema: ref('TestPlanMembershipResponse'), description: 'The plan as it is now.' },
        errors: [400, 401, 403, 404],
        errorNotes: {
          400: 'The short ID or the test case id is malformed.',
          404: 'No such plan or test case in the project of the token.',
        },
      }),
    },
    '/project-file': {
      get: extension({
        operationId: 'exportProjectFile',
        summary:
          'Download the project as the project file that recreates it, without secret values (Goalie extension).',
        tag: 'Project file',
        success: { schema: ref('ProjectFileExport'), description: 'The project file.' },
        errors: [401, 403],
        errorNotes: { 403: 'Also: the token does not have the admin scope.' },
      }),
    },
    '/project-file/plan': { post: extension(projectFileOperation(true)) },
    '/project-file/apply': { post: extension(projectFileOperation(false)) },
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
      {
        name: 'Project file',
        description: "Plan, apply and download the project's YAML, with a token of the admin scope (extensions).",
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
      schemas: allComponentSchemas(),
    },
  };
}
