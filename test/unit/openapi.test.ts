// The OpenAPI document against the spec (spec/rest-api.md), and the response validator tests use.
import { expect } from 'chai';
import type { z } from 'zod';
import { openApiDocument } from '../../shared/src/api/openapi.js';
import * as requests from '../../shared/src/api/schemas.js';
import * as responses from '../../shared/src/api/responses.js';
import {
  assertMatchesOpenApi,
  assertMatchesSchema,
  describedOperations,
  toJsonSchema,
} from '../helpers/openapi-validator.js';

type Json = Record<string, unknown>;

const PROJECT = '0b6c1c5e-3f7a-4d2b-9e1f-2a3b4c5d6e7f';
const RUN_ID = '3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c';
const CASE_ID = '9d1e2f3a-4b5c-4d6e-8f7a-0b1c2d3e4f5a';
const V1 = '/v1';
const LEGACY_RUNS = `/api/projects/${PROJECT}/runs`;

// ---------------------------------------------------------------------------------------------
// Example bodies (fresh objects each time, so tests can break them)

const testPlan = () => ({ name: 'Smoke', shortId: 'pln-smoke_4kq8z1' });
const run = () => ({
  id: RUN_ID,
  shortId: 'x7k2m9',
  url: 'https://goalie.example.com/runs/x7k2m9',
  testCount: 3,
  testPlan: testPlan(),
});
const rerunRun = () => ({ id: RUN_ID, shortId: 'p3n8q1', url: 'https://goalie.example.com/runs/p3n8q1', testCount: 1 });

const runTestCase = () => ({
  id: CASE_ID,
  shortId: 'c9z1',
  name: 'Log in',
  status: 'COMPLETED',
  result: 'FAILED',
  resultTitle: 'Settings page did not open',
  evaluationThought: 'The menu never showed a Settings entry.',
  promptGoal: 'Log in with the demo account and open Settings',
  promptExamples: null,
  projectTestCaseId: '0b7e2c4a-5d1f-4e8a-9c3b-2a1d4e5f6a7b',
  startedAt: '2026-11-26T00:56:06.123Z',
  finishedAt: '2026-11-26T00:56:19.870Z',
});
const pendingRunTestCase = () => ({
  ...runTestCase(),
  status: 'PENDING',
  result: null,
  resultTitle: null,
  evaluationThought: null,
  promptGoal: null,
  promptExamples: null,
  projectTestCaseId: null,
  startedAt: null,
  finishedAt: null,
});

const runStatusView = () => ({
  id: RUN_ID,
  shortId: 'x7k2m9',
  status: 'COMPLETED',
  result: 'FAILED',
  runTestCases: [runTestCase()],
});

const startRunResponse = () => ({ success: true, run: run() });
const legacyStartRunResponse = () => ({
  success: true,
  run: { ...run(), testPlan: { ...testPlan(), short_id: 'pln-smoke_4kq8z1' } },
});
const rerunResponse = () => ({ success: true, run: rerunRun() });
const createTestCaseResponse = () => ({
  success: true,
  testCase: { id: CASE_ID, name: 'Log in', url: `https://goalie.example.com/test-cases/${CASE_ID}` },
});

const testCaseView = () => ({
  id: CASE_ID,
  name: 'Log in',
  url: `https://goalie.example.com/test-cases/${CASE_ID}`,
  goal: "Log in with config 'shopper'",
  expectedResult: null,
  applicationShortId: 'app-web_2m9x4k',
  isEnabled: false,
  generationStatus: 'FAILED',
  generationError: "Sentence 1 “Click 'Sign in'”: no button named 'Sign in' on the page.",
  createdVia: 'api',
  stepCount: 0,
  steps: [],
});

/** Sets a value at a dotted path (`run.testPlan.shortId`, `runTestCases.0.name`); `undefined` deletes. */
function withChange<T>(body: T, path: string, value: unknown): T {
  const keys = path.split('.');
  let target = body as Json;
  for (const key of keys.slice(0, -1)) target = target[key] as Json;
  const last = keys[keys.length - 1]!;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return body;
}

// ---------------------------------------------------------------------------------------------
// The spec's Errors table (plus "GET /outbound-ips can return 500"); the legacy forms answer like v1.

const SPEC_ERRORS: Record<string, number[]> = {
  'GET /v1/outbound-ips': [500],
  'POST /v1/run': [400, 401, 402, 403, 404, 500],
  'GET /v1/run/{shortId}': [400, 401, 403, 404],
  'POST /v1/run/{shortId}': [400, 401, 402, 403, 404, 500],
  'POST /v1/test-cases': [400, 401, 403, 404, 500],
  'GET /v1/openapi.json': [],
  'POST /api/projects/{projectUuid}/runs': [400, 401, 402, 403, 404, 500],
  'GET /api/projects/{projectUuid}/runs/{shortId}': [400, 401, 403, 404],
  // Goalie's extensions (docs/api.md), marked x-goalie-extension.
  'POST /v1/run/{shortId}/cancel': [400, 401, 403, 404],
  'GET /v1/test-cases/{id}': [400, 401, 403, 404],
  'PATCH /v1/test-cases/{id}': [400, 401, 403, 404, 409],
  'GET /v1/test-plans': [401, 403],
  'GET /v1/test-cases': [401, 403],
  'DELETE /v1/test-cases/{id}': [400, 401, 403, 404, 409],
  'POST /v1/test-cases/{id}/run': [400, 401, 402, 403, 404, 409],
  'POST /v1/test-plans/{shortId}/test-cases': [400, 401, 403, 404],
  'DELETE /v1/test-plans/{shortId}/test-cases/{id}': [400, 401, 403, 404],
  'GET /v1/project-file': [401, 403],
  'POST /v1/project-file/plan': [400, 401, 403, 413],
  'POST /v1/project-file/apply': [400, 401, 403, 413],
};

const PUBLIC_OPERATIONS = ['GET /v1/outbound-ips', 'GET /v1/openapi.json'];

/** A concrete request path for a template. */
const concrete = (template: string) =>
  template.replace('{shortId}', 'x7k2m9').replace('{projectUuid}', PROJECT).replace('{id}', CASE_ID);

function operationAt(doc: Json, method: string, fullPath: string): Json {
  const template = fullPath.startsWith(V1) ? fullPath.slice(V1.length) : fullPath;
  return ((doc.paths as Json)[template] as Json)[method.toLowerCase()] as Json;
}

function collectRefs(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => collectRefs(item, found));
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.push(child);
      else collectRefs(child, found);
    }
  }
  return found;
}

function resolvePointer(doc: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>(
      (node, key) =>
        node && typeof node === 'object' ? (node as Json)[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined,
      doc,
    );
}

// The Schema Object of OpenAPI 3.0.3 (a subset of JSON Schema plus its own keywords).
const SCHEMA_KEYWORDS = new Set([
  'title',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxProperties',
  'minProperties',
  'required',
  'enum',
  'type',
  'not',
  'allOf',
  'oneOf',
  'anyOf',
  'items',
  'properties',
  'additionalProperties',
  'description',
  'format',
  'default',
  'nullable',
  'discriminator',
  'readOnly',
  'writeOnly',
  'example',
  'externalDocs',
  'deprecated',
  'xml',
]);
const SCHEMA_TYPES = ['array', 'boolean', 'integer', 'number', 'object', 'string'];

/** Every schema the document holds: components, parameters, request bodies and responses. */
function documentSchemas(doc: Json): [string, Json][] {
  const found: [string, Json][] = Object.entries((doc.components as Json).schemas as Record<string, Json>).map(
    ([name, schema]) => [`components.${name}`, schema],
  );
  for (const { method, path } of describedOperations()) {
    const operation = operationAt(doc, method, path);
    const where = `${method} ${path}`;
    for (const parameter of (operation.parameters ?? []) as Json[])
      found.push([`${where} ${String(parameter.name)}`, parameter.schema as Json]);
    const body = operation.requestBody as Json | undefined;
    if (body) found.push([`${where} request`, ((body.content as Json)['application/json'] as Json).schema as Json]);
    for (const [status, response] of Object.entries(operation.responses as Record<string, Json>)) {
      found.push([`${where} ${status}`, ((response.content as Json)['application/json'] as Json).schema as Json]);
    }
  }
  return found;
}

function checkSchemaObject(schema: Json, where: string): void {
  if ('$ref' in schema) {
    // OpenAPI 3.0 ignores siblings of $ref, so there must be none.
    expect(Object.keys(schema), where).to.deep.equal(['$ref']);
    return;
  }
  for (const key of Object.keys(schema)) expect(SCHEMA_KEYWORDS.has(key), `${where}: keyword ${key}`).to.equal(true);
  if ('type' in schema) expect(SCHEMA_TYPES, `${where}: type`).to.include(schema.type);
  if ('required' in schema) expect(schema.required, `${where}: required`).to.be.an('array').that.is.not.empty;
  if ('enum' in schema) expect(schema.enum, `${where}: enum`).to.be.an('array').that.is.not.empty;
  const children: [string, unknown][] = [
    ...Object.entries((schema.properties ?? {}) as Json).map(([name, child]): [string, unknown] => [
      `${where}.${name}`,
      child,
    ]),
    ...(['items', 'not', 'additionalProperties'] as const).map((key): [string, unknown] => [
      `${where}/${key}`,
      schema[key],
    ]),
    ...(['allOf', 'anyOf', 'oneOf'] as const).flatMap((key) =>
      ((schema[key] ?? []) as unknown[]).map((child, i): [string, unknown] => [`${where}/${key}/${i}`, child]),
    ),
  ];
  for (const [path, child] of children) if (child && typeof child === 'object') checkSchemaObject(child as Json, path);
}

describe('OpenAPI document', () => {
  const doc = openApiDocument('http://x/v1');

  describe('valid responses pass', () => {
    const cases: [string, string, string, unknown][] = [
      ['outbound IPs', 'GET', `${V1}/outbound-ips`, { ipAddresses: ['203.0.113.7', '198.51.100.2'] }],
      ['outbound IPs, none', 'GET', `${V1}/outbound-ips`, { ipAddresses: [] }],
      ['start run', 'POST', `${V1}/run`, startRunResponse()],
      ['get run, completed with test cases', 'GET', `${V1}/run/x7k2m9?testCases=all`, runStatusView()],
      [
        'get run, running without test cases',
        'GET',
        `${V1}/run/x7k2m9`,
        { ...runStatusView(), status: 'RUNNING', result: null, runTestCases: [] },
      ],
      [
        'get run, pending test case with nulls',
        'GET',
        `${V1}/run/x7k2m9?testCases=failed`,
        { ...runStatusView(), runTestCases: [pendingRunTestCase()] },
      ],
      ['rerun', 'POST', `${V1}/run/x7k2m9`, rerunResponse()],
      ['create test case', 'POST', `${V1}/test-cases`, createTestCaseResponse()],
      ['read a test case whose burn-in failed', 'GET', `${V1}/test-cases/${CASE_ID}`, testCaseView()],
      [
        'enable a burned-in test case',
        'PATCH',
        `${V1}/test-cases/${CASE_ID}`,
        {
          ...testCaseView(),
          isEnabled: true,
          generationStatus: 'COMPLETED',
          generationError: null,
          stepCount: 1,
          steps: ['Go to /'],
        },
      ],
      ['the document itself', 'GET', `${V1}/openapi.json`, doc],
      ['legacy start run', 'POST', LEGACY_RUNS, legacyStartRunResponse()],
      ['legacy start run, trailing slash', 'POST', `${LEGACY_RUNS}/`, legacyStartRunResponse()],
      ['legacy get run', 'GET', `${LEGACY_RUNS}/x7k2m9?testCases=all`, runStatusView()],
      ['full URL', 'GET', `http://127.0.0.1:3000${V1}/run/x7k2m9`, runStatusView()],
    ];
    for (const [name, method, path, body] of cases) {
      it(name, () => assertMatchesOpenApi(method, path, 200, body));
    }
  });

  describe('invalid responses fail', () => {
    const cases: [string, string, string, unknown, RegExp][] = [
      [
        'start run without run.testPlan',
        'POST',
        `${V1}/run`,
        withChange(startRunResponse(), 'run.testPlan', undefined),
        /\/run must have required property 'testPlan'/,
      ],
      [
        'start run without success',
        'POST',
        `${V1}/run`,
        withChange(startRunResponse(), 'success', undefined),
        /must have required property 'success'/,
      ],
      [
        'start run with a string testCount',
        'POST',
        `${V1}/run`,
        withChange(startRunResponse(), 'run.testCount', '3'),
        /\/run\/testCount must be integer/,
      ],
      [
        'start run with a fractional testCount',
        'POST',
        `${V1}/run`,
        withChange(startRunResponse(), 'run.testCount', 1.5),
        /\/run\/testCount/,
      ],
      [
        'start run with a bad test plan short ID',
        'POST',
        `${V1}/run`,
        withChange(startRunResponse(), 'run.testPlan.shortId', 'plan_1'),
        /\/run\/testPlan\/shortId must match pattern/,
      ],
      [
        'start run with a non-UUID id',
        'POST',
        `${V1}/run`,
        withChange(startRunResponse(), 'run.id', 'run-1'),
        /\/run\/id must match format "uuid"/,
      ],
      [
        'start run with a stray field',
        'POST',
        `${V1}/run`,
        withChange(startRunResponse(), 'run.extra', 1),
        /additionalProperty":"extra"/,
      ],
      [
        'start run with the legacy short_id',
        'POST',
        `${V1}/run`,
        withChange(startRunResponse(), 'run.testPlan.short_id', 'pln_1'),
        /additionalProperty":"short_id"/,
      ],
      [
        'legacy start run without short_id',
        'POST',
        LEGACY_RUNS,
        withChange(legacyStartRunResponse(), 'run.testPlan.short_id', undefined),
        /must have required property 'short_id'/,
      ],
      [
        'get run with a null status',
        'GET',
        `${V1}/run/x7k2m9`,
        withChange(runStatusView(), 'status', null),
        /\/status must be string/,
      ],
      [
        'get run with an unknown status',
        'GET',
        `${V1}/run/x7k2m9`,
        withChange(runStatusView(), 'status', 'DONE'),
        /\/status must be equal to one of the allowed values/,
      ],
      [
        'get run with an unknown result',
        'GET',
        `${V1}/run/x7k2m9`,
        withChange(runStatusView(), 'result', 'OK'),
        /\/result must be equal to one of the allowed values/,
      ],
      [
        'get run without result',
        'GET',
        `${V1}/run/x7k2m9`,
        withChange(runStatusView(), 'result', undefined),
        /must have required property 'result'/,
      ],
      [
        'get run with null runTestCases',
        'GET',
        `${V1}/run/x7k2m9`,
        withChange(runStatusView(), 'runTestCases', null),
        /\/runTestCases must be array/,
      ],
      [
        'get run with a null test case name',
        'GET',
        `${V1}/run/x7k2m9`,
        withChange(runStatusView(), 'runTestCases.0.name', null),
        /\/runTestCases\/0\/name must be string/,
      ],
      [
        'get run with a missing nullable field',
        'GET',
        `${V1}/run/x7k2m9`,
        withChange(runStatusView(), 'runTestCases.0.promptExamples', undefined),
        /required property 'promptExamples'/,
      ],
      [
        'get run with a stray test case field',
        'GET',
        `${V1}/run/x7k2m9`,
        withChange(runStatusView(), 'runTestCases.0.testCaseId', CASE_ID),
        /\/runTestCases\/0 must NOT have additional properties/,
      ],
      [
        'rerun carrying a test plan',
        'POST',
        `${V1}/run/x7k2m9`,
        withChange(rerunResponse(), 'run.testPlan', testPlan()),
        /additionalProperty":"testPlan"/,
      ],
      [
        'create test case with a relative url',
        'POST',
        `${V1}/test-cases`,
        withChange(createTestCaseResponse(), 'testCase.url', 'test-cases/1'),
        /\/testCase\/url must match format "uri"/,
      ],
      [
        'a test case with an unknown generation status',
        'GET',
        `${V1}/test-cases/${CASE_ID}`,
        withChange(testCaseView(), 'generationStatus', 'DONE'),
        /\/generationStatus must be equal to one of the allowed values/,
      ],
      [
        'a test case without its steps',
        'GET',
        `${V1}/test-cases/${CASE_ID}`,
        withChange(testCaseView(), 'steps', undefined),
        /required property 'steps'/,
      ],
      [
        'outbound IPs with a number',
        'GET',
        `${V1}/outbound-ips`,
        { ipAddresses: [1] },
        /\/ipAddresses\/0 must be string/,
      ],
      ['a body that is not an object', 'POST', `${V1}/run`, [startRunResponse()], /\(root\) must be object/],
    ];
    for (const [name, method, path, body, problem] of cases) {
      it(name, () => {
        expect(() => assertMatchesOpenApi(method, path, 200, body)).to.throw(problem);
      });
    }

    it('explains the operation, the status and the body', () => {
      const body = withChange(startRunResponse(), 'run.extra', 1);
      expect(() => assertMatchesOpenApi('POST', `${V1}/run`, 200, body))
        .to.throw(Error)
        .with.property('message')
        .that.matches(/POST \/v1\/run \(startRun\)/)
        .and.matches(/Status: 200/)
        .and.matches(/"extra": 1/);
    });

    const errorCases: [string, unknown][] = [
      ['an error without message', {}],
      ['an error with a number message', { message: 404 }],
      ['an error with a stray field', { message: 'Run x was not found.', code: 'NOT_FOUND' }],
    ];
    for (const [name, body] of errorCases) {
      it(name, () =>
        expect(() => assertMatchesOpenApi('GET', `${V1}/run/x7k2m9`, 404, body)).to.throw(/does not match/),
      );
    }
  });

  describe('undescribed requests fail', () => {
    const cases: [string, string, string, number, RegExp][] = [
      ['an unknown path', 'GET', `${V1}/runs`, 200, /No path of the OpenAPI document matches/],
      ['a path outside /v1', 'GET', '/run/x7k2m9', 200, /No path of the OpenAPI document matches/],
      ['a legacy path under /v1', 'POST', `${V1}${LEGACY_RUNS}`, 200, /No path of the OpenAPI document matches/],
      ['a method not described', 'DELETE', `${V1}/run/x7k2m9`, 200, /only for GET, POST, not for DELETE/],
      ['GET /run without a short ID', 'GET', `${V1}/run`, 200, /only for POST/],
      ['a status not described', 'GET', `${V1}/run/x7k2m9`, 418, /does not describe status 418/],
      ['402 on GET /run/{shortId}', 'GET', `${V1}/run/x7k2m9`, 402, /does not describe status 402/],
      ['500 on GET /run/{shortId}', 'GET', `${V1}/run/x7k2m9`, 500, /does not describe status 500/],
      ['402 on POST /test-cases', 'POST', `${V1}/test-cases`, 402, /does not describe status 402/],
      ['401 on the public outbound IPs', 'GET', `${V1}/outbound-ips`, 401, /does not describe status 401/],
    ];
    for (const [name, method, path, status, problem] of cases) {
      it(name, () => expect(() => assertMatchesOpenApi(method, path, status, { message: 'x' })).to.throw(problem));
    }
  });

  describe('error responses follow the spec', () => {
    it('describes exactly the spec endpoints and the documented extension', () => {
      const described = describedOperations().map(({ method, path }) => `${method} ${path}`);
      expect(described).to.have.members(Object.keys(SPEC_ERRORS));
    });

    for (const [operation, statuses] of Object.entries(SPEC_ERRORS)) {
      const [method, path] = operation.split(' ') as [string, string];

      it(`${operation} lists exactly ${statuses.join(', ') || 'no errors'}`, () => {
        const responses = operationAt(doc, method, path).responses as Json;
        expect(
          Object.keys(responses)
            .map(Number)
            .filter((status) => status >= 400),
        ).to.have.members(statuses);
        expect(Object.keys(responses)).to.include('200');
      });

      // A project file's problems come with their places, beside the message every error carries.
      const errorBody = path.includes('/project-file/') ? 'ProjectFileProblems' : 'Error';
      for (const status of statuses) {
        it(`${operation} ${status} is an ${errorBody} body`, () => {
          const response = (operationAt(doc, method, path).responses as Json)[String(status)] as Json;
          expect(response.content).to.deep.equal({
            'application/json': { schema: { $ref: `#/components/schemas/${errorBody}` } },
          });
          assertMatchesOpenApi(method, concrete(path), status, { message: 'What went wrong and how to fix it.' });
        });
      }
    }
  });

  describe('request schemas', () => {
    const valid: [string, string, unknown][] = [
      ['empty start run', 'StartRunRequest', {}],
      [
        'full start run',
        'StartRunRequest',
        {
          trigger: 'REPOHOST',
          testPlanShortId: 'pln_1',
          applications: [
            {
              applicationShortId: 'app-web_1',
              environment: { url: 'https://pr-12.example.com', name: 'PR 12' },
              devicePresetShortId: 'preset_1',
            },
            { applicationShortId: 'app_2', environment: { shortId: 'env-staging_2' } },
          ],
          notifications: [{ type: 'slack', channel: 'C0123', notifyOn: 'failure' }],
          actor: 'octocat',
          branch: 'main',
          commitHash: 'a'.repeat(40),
          commitMessage: 'Fix login',
          repository: 'acme/shop',
        },
      ],
      ['start run with an unknown field', 'StartRunRequest', { future: true }],
      ['rerun everything', 'RerunRequest', {}],
      ['rerun chosen test cases', 'RerunRequest', { projectTestCaseIds: [CASE_ID] }],
      [
        'create test case',
        'CreateTestCaseRequest',
        {
          name: 'a'.repeat(80),
          goal: 'Open Settings',
          applicationShortId: 'app_1',
          configShortIds: ['cfg_1'],
          scenarioShortId: 'scenario_1',
          resumeFromDependencyProjectTestCaseId: CASE_ID,
          waitForDependenciesProjectTestCaseIds: [CASE_ID],
        },
      ],
      [
        'legacy start run, keyed applications and a CI trigger',
        'LegacyStartRunRequest',
        { trigger: 'GITHUB', applications: { app_1: { environment: { url: 'https://pr.example.com' } } } },
      ],
      [
        'legacy start run, v1 applications',
        'LegacyStartRunRequest',
        { applications: [{ applicationShortId: 'app_1' }] },
      ],
    ];
    for (const [name, schema, value] of valid) {
      it(`accepts ${name}`, () => assertMatchesSchema(schema, value));
    }

    // The document is generated from the schemas the server parses with: they must agree.
    const SERVER_SCHEMAS: Record<string, z.ZodType> = {
      StartRunRequest: requests.startRunSchema,
      RerunRequest: requests.rerunSchema,
      CreateTestCaseRequest: requests.createTestCaseSchema,
    };

    const invalid: [string, string, unknown][] = [
      ['an empty notifications array', 'StartRunRequest', { notifications: [] }],
      ['an unknown trigger', 'StartRunRequest', { trigger: 'GITHUB' }],
      [
        'an environment with neither form',
        'StartRunRequest',
        { applications: [{ applicationShortId: 'app_1', environment: { name: 'x' } }] },
      ],
      ['a bad application short ID', 'StartRunRequest', { applications: [{ applicationShortId: 'application_1' }] }],
      ['a notification of another type', 'StartRunRequest', { notifications: [{ type: 'email', channel: 'x' }] }],
      ['both failedOnly and projectTestCaseIds', 'RerunRequest', { failedOnly: true, projectTestCaseIds: [CASE_ID] }],
      [
        'an 81-character name',
        'CreateTestCaseRequest',
        { name: 'a'.repeat(81), goal: 'g', applicationShortId: 'app_1' },
      ],
      ['an empty name', 'CreateTestCaseRequest', { name: '', goal: 'g', applicationShortId: 'app_1' }],
      ['a missing goal', 'CreateTestCaseRequest', { name: 'n', applicationShortId: 'app_1' }],
    ];
    for (const [name, schema, value] of invalid) {
      it(`rejects ${name}`, () => expect(() => assertMatchesSchema(schema, value)).to.throw(/does not match schema/));
    }

    for (const [name, schema, value, accepted] of [
      ...valid.map(([n, s, v]) => [n, s, v, true] as const),
      ...invalid.map(([n, s, v]) => [n, s, v, false] as const),
    ]) {
      const server = SERVER_SCHEMAS[schema];
      // Rerun's "not both" rule is the route's (a 400 with its own message), not the schema's.
      if (!server || name === 'both failedOnly and projectTestCaseIds') continue;
      it(`the server's schema ${accepted ? 'accepts' : 'rejects'} ${name} too`, () =>
        expect(server.safeParse(value).success).to.equal(accepted));
    }

    it('the response examples parse with the schemas the wire types come from', () => {
      for (const [schema, body] of [
        [responses.runStatusViewSchema, { ...runStatusView(), runTestCases: [runTestCase(), pendingRunTestCase()] }],
        [responses.startRunResponseSchema, startRunResponse()],
        [responses.legacyStartRunResponseSchema, legacyStartRunResponse()],
        [responses.rerunResponseSchema, rerunResponse()],
        [responses.createTestCaseResponseSchema, createTestCaseResponse()],
        [responses.testCaseViewSchema, testCaseView()],
      ] as const) {
        expect(schema.safeParse(body).error).to.equal(undefined);
        expect(schema.safeParse({ ...body, stray: 1 }).success, 'closed').to.equal(false);
      }
    });

    it('request schemas stay open and response schemas are closed', () => {
      const schemas = (doc.components as Json).schemas as Record<string, Json>;
      for (const name of [
        'StartRunRequest',
        'RerunRequest',
        'CreateTestCaseRequest',
        'ApplicationOverride',
        'NotificationOverride',
        'LegacyStartRunRequest',
      ]) {
        expect(schemas[name], name).not.to.have.property('additionalProperties');
      }
      for (const name of [
        'Error',
        'Run',
        'TestPlan',
        'LegacyTestPlan',
        'RerunRun',
        'RunStatusView',
        'RunTestCase',
        'TestCase',
        'TestCaseView',
      ]) {
        expect(schemas[name]!.additionalProperties, name).to.equal(false);
      }
    });
  });

  describe('OpenAPI 3.0 to JSON Schema', () => {
    it('adds null to the type and the enum of a nullable schema', () => {
      expect(toJsonSchema({ type: 'string', nullable: true, enum: ['A'] })).to.deep.equal({
        type: ['string', 'null'],
        enum: ['A', null],
      });
      expect(toJsonSchema({ type: 'string', nullable: true, enum: ['A', null] })).to.deep.equal({
        type: ['string', 'null'],
        enum: ['A', null],
      });
    });

    it('keeps properties whose names are OpenAPI keywords', () => {
      const converted = toJsonSchema({
        type: 'object',
        properties: { nullable: { type: 'boolean' }, example: { type: 'string', example: 'x' } },
      });
      expect(converted).to.deep.equal({
        type: 'object',
        properties: { nullable: { type: 'boolean' }, example: { type: 'string' } },
      });
    });

    it('turns boolean exclusive bounds into numbers', () => {
      expect(toJsonSchema({ type: 'number', minimum: 0, exclusiveMinimum: true })).to.deep.equal({
        type: 'number',
        exclusiveMinimum: 0,
      });
      expect(toJsonSchema({ type: 'number', maximum: 9, exclusiveMaximum: false })).to.deep.equal({
        type: 'number',
        maximum: 9,
      });
    });

    it('rejects references outside #/components/schemas', () => {
      expect(() => toJsonSchema({ $ref: '#/components/responses/Error' })).to.throw(/Unsupported \$ref/);
    });
  });

  describe('document structure', () => {
    it('is plain JSON', () => {
      expect(JSON.parse(JSON.stringify(doc))).to.deep.equal(doc);
    });

    it('has the version, title and server', () => {
      expect(doc.openapi).to.equal('3.0.3');
      expect(doc.info).to.include({ title: 'Goalie API', version: '1.0.0' });
      expect(doc.servers).to.deep.equal([{ url: 'http://x/v1' }]);
    });

    it('resolves every $ref', () => {
      const refs = collectRefs(doc);
      expect(refs).not.to.be.empty;
      for (const ref of refs) expect(resolvePointer(doc, ref), ref).to.be.an('object');
    });

    it('gives every operation a unique operationId and a one-line summary', () => {
      const ids = describedOperations().map((operation) => operation.operationId);
      expect(new Set(ids).size).to.equal(ids.length);
      for (const { method, path } of describedOperations()) {
        const operation = operationAt(doc, method, path);
        expect(operation.summary, `${method} ${path}`).to.be.a('string').that.does.not.include('\n');
      }
    });

    it('declares every path parameter of each template', () => {
      for (const { method, path } of describedOperations()) {
        const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
        const parameters = ((operationAt(doc, method, path).parameters ?? []) as Json[]).filter((p) => p.in === 'path');
        expect(
          parameters.map((p) => p.name),
          `${method} ${path}`,
        ).to.have.members(names);
        for (const parameter of parameters) expect(parameter.required).to.equal(true);
      }
    });

    it('requires a bearer token except on the public operations', () => {
      expect(doc.security).to.deep.equal([{ bearerAuth: [] }]);
      expect(((doc.components as Json).securitySchemes as Json).bearerAuth).to.include({
        type: 'http',
        scheme: 'bearer',
      });
      for (const { method, path } of describedOperations()) {
        const operation = operationAt(doc, method, path);
        const key = `${method} ${path}`;
        if (PUBLIC_OPERATIONS.includes(key)) expect(operation.security, key).to.deep.equal([]);
        else expect(operation, key).not.to.have.property('security');
      }
    });

    it('puts the deprecated legacy operations beside /v1', () => {
      for (const template of ['/api/projects/{projectUuid}/runs', '/api/projects/{projectUuid}/runs/{shortId}']) {
        const item = (doc.paths as Json)[template] as Json;
        expect((item.servers as Json[])[0]!.url).to.equal('http://x');
        for (const method of ['get', 'post'])
          if (item[method]) expect((item[method] as Json).deprecated).to.equal(true);
      }
      const relative = openApiDocument('/v1').paths as Json;
      expect(((relative['/api/projects/{projectUuid}/runs'] as Json).servers as Json[])[0]!.url).to.equal('/');
    });

    it('compiles every component schema', () => {
      // An unresolvable or invalid schema makes Ajv throw while compiling, whatever the value.
      for (const name of Object.keys((doc.components as Json).schemas as Json)) {
        try {
          assertMatchesSchema(name, undefined);
        } catch (error) {
          expect((error as Error).message, name).to.match(/does not match schema/);
        }
      }
    });

    it('uses only Schema Object keywords of OpenAPI 3.0', () => {
      for (const [where, schema] of documentSchemas(doc)) checkSchemaObject(schema, where);
    });

    it('uses the short ID patterns of the spec', () => {
      const schemas = (doc.components as Json).schemas as Record<string, Json>;
      const planShortId = (schemas.TestPlan!.properties as Json).shortId as Json;
      expect(planShortId.pattern).to.equal('^pln(-.+_.+|_.+)$');
    });
  });
});
