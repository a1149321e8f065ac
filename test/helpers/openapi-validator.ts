// Checks HTTP responses against the OpenAPI document the server publishes, so tests fail when the
// code and the description (and so the spec) drift apart. OpenAPI 3.0 schemas are not quite JSON
// Schema, so they are converted once (nullable, $ref, OpenAPI-only keywords) before Ajv compiles them.
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { openApiDocument } from '../../shared/src/api/openapi.js';

type Json = Record<string, unknown>;

export interface DescribedOperation {
  method: string;
  /** Full request path template, server base path included, e.g. `/v1/run/{shortId}`. */
  path: string;
  operationId: string;
}

interface Route extends DescribedOperation {
  regex: RegExp;
  templateParams: number;
  operation: Json;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const COMPONENTS_ID = 'goalie-openapi-components';
const SCHEMA_REF_PREFIX = '#/components/schemas/';
// Keywords OpenAPI 3.0 adds to JSON Schema; Ajv in strict mode would reject them.
const OPENAPI_ONLY_KEYWORDS = new Set(['nullable', 'discriminator', 'xml', 'externalDocs', 'example']);

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const mapValues = (object: Json, fn: (value: unknown) => unknown): Json =>
  Object.fromEntries(Object.entries(object).map(([key, value]) => [key, fn(value)]));

// ---------------------------------------------------------------------------------------------
// OpenAPI 3.0 schema -> JSON Schema (draft-07, what Ajv's default class speaks)

/** Only schema-valued keywords are walked, so a property that happens to be named `nullable` survives. */
export function toJsonSchema(schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (OPENAPI_ONLY_KEYWORDS.has(key)) continue;
    out[key] = convertKeyword(key, value);
  }
  convertExclusiveBounds(out);
  return schema.nullable === true ? allowNull(out) : out;
}

function convertKeyword(key: string, value: unknown): unknown {
  switch (key) {
    case '$ref':
      return rewriteRef(String(value));
    case 'properties':
      return isObject(value) ? mapValues(value, toJsonSchema) : value;
    case 'allOf':
    case 'anyOf':
    case 'oneOf':
      return Array.isArray(value) ? value.map(toJsonSchema) : value;
    case 'items':
    case 'not':
    case 'additionalProperties':
      return toJsonSchema(value);
    default:
      return value;
  }
}

function rewriteRef(ref: string): string {
  if (!ref.startsWith(SCHEMA_REF_PREFIX))
    throw new Error(`Unsupported $ref ${ref}: only ${SCHEMA_REF_PREFIX}<name> is handled.`);
  return `${COMPONENTS_ID}#/definitions/${ref.slice(SCHEMA_REF_PREFIX.length)}`;
}

/** OpenAPI 3.0 has boolean exclusiveMinimum/Maximum modifying minimum/maximum; JSON Schema has numbers. */
function convertExclusiveBounds(schema: Json): void {
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    const flag = schema[exclusive];
    if (typeof flag !== 'boolean') continue;
    delete schema[exclusive];
    if (flag && typeof schema[bound] === 'number') {
      schema[exclusive] = schema[bound];
      delete schema[bound];
    }
  }
}

function allowNull(schema: Json): Json {
  if (typeof schema.type === 'string') {
    const out: Json = { ...schema, type: [schema.type, 'null'] };
    // An enum lists every allowed value, so null has to be added there too.
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) out.enum = [...schema.enum, null];
    return out;
  }
  return { anyOf: [schema, { type: 'null' }] };
}

// ---------------------------------------------------------------------------------------------
// The document, its routes and the Ajv instance, built once

const document = openApiDocument('http://x/v1');
let cachedAjv: Ajv | undefined;
let cachedRoutes: Route[] | undefined;
const validators = new Map<string, ValidateFunction>();
const checked = new Set<string>();

function ajv(): Ajv {
  if (!cachedAjv) {
    // Strict, so a typo in the document fails loudly; but `not: { required: [...] }` (RerunRequest) names
    // properties defined one level up, which strictRequired would reject; nullable types become unions.
    cachedAjv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, strictRequired: false });
    addFormats(cachedAjv);
    const schemas = ((document.components as Json).schemas ?? {}) as Json;
    // All component schemas live in one registered schema, so rewritten $refs resolve from anywhere.
    cachedAjv.addSchema({ $id: COMPONENTS_ID, definitions: mapValues(schemas, toJsonSchema) });
  }
  return cachedAjv;
}

function compile(key: string, schema: unknown): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv().compile(toJsonSchema(schema) as Json);
    validators.set(key, validate);
  }
  return validate;
}

function basePath(servers: unknown): string {
  const url = Array.isArray(servers) && isObject(servers[0]) ? String(servers[0].url) : '/';
  return new URL(url, 'http://placeholder').pathname.replace(/\/$/, '');
}

function templateRegex(template: string): RegExp {
  const pattern = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${pattern}$`);
}

function routes(): Route[] {
  if (cachedRoutes) return cachedRoutes;
  cachedRoutes = [];
  for (const [template, item] of Object.entries(document.paths as Json)) {
    if (!isObject(item)) continue;
    const path = basePath(item.servers ?? document.servers) + template;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      cachedRoutes.push({
        method: method.toUpperCase(),
        path,
        operationId: String(operation.operationId),
        regex: templateRegex(path),
        templateParams: (template.match(/\{/g) ?? []).length,
        operation,
      });
    }
  }
  // OpenAPI: a concrete path wins over a templated one that matches the same request.
  cachedRoutes.sort((a, b) => a.templateParams - b.templateParams);
  return cachedRoutes;
}

// ---------------------------------------------------------------------------------------------
// Lookup and checks

/** `/v1/run/abc?testCases=all`, `/v1/run/abc/` or a full URL -> `/v1/run/abc`. */
function requestPathname(path: string): string {
  const pathname = new URL(path, 'http://placeholder').pathname;
  return pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
}

function findRoute(method: string, path: string): Route {
  const pathname = requestPathname(path);
  const matching = routes().filter((route) => route.regex.test(pathname));
  if (matching.length === 0) {
    const known = routes().map((route) => `${route.method} ${route.path}`);
    throw new Error(
      `No path of the OpenAPI document matches ${method.toUpperCase()} ${path}. Described operations:\n  ${known.join('\n  ')}`,
    );
  }
  const route = matching.find((candidate) => candidate.method === method.toUpperCase());
  if (!route) {
    const methods = matching.map((candidate) => candidate.method).join(', ');
    throw new Error(
      `The OpenAPI document describes ${matching[0]!.path} only for ${methods}, not for ${method.toUpperCase()} (request ${path}).`,
    );
  }
  return route;
}

function findResponse(route: Route, status: number): { key: string; response: Json } {
  const responses = (route.operation.responses ?? {}) as Json;
  for (const key of [String(status), `${String(status)[0]}XX`, 'default']) {
    const response = responses[key];
    if (isObject(response)) return { key, response };
  }
  throw new Error(
    `${describeRoute(route)} does not describe status ${status}; described statuses: ${Object.keys(responses).join(', ')}.`,
  );
}

const describeRoute = (route: Route) => `${route.method} ${route.path} (${route.operationId})`;

function formatBody(body: unknown): string {
  const text = body === undefined ? 'undefined' : JSON.stringify(body, null, 2);
  return text.length > 4000 ? `${text.slice(0, 4000)}\n… (truncated)` : text;
}

function formatAjvErrors(errors: readonly ErrorObject[]): string {
  return errors
    .map(
      (error) =>
        `  - ${error.instancePath || '(root)'} ${error.message ?? 'is invalid'} ${JSON.stringify(error.params)}`,
    )
    .join('\n');
}

/**
 * Throws unless `body` is what the OpenAPI document says `method path` answers with `status`.
 * `path` is the concrete request path (query string allowed), e.g. `/v1/run/run_abc?testCases=all`.
 */
export function assertMatchesOpenApi(method: string, path: string, status: number, body: unknown): void {
  const route = findRoute(method, path);
  const { key, response } = findResponse(route, status);
  const schema = (response.content as Json | undefined)?.['application/json'];
  if (!isObject(schema) || schema.schema === undefined) {
    if (body === undefined || body === '' || body === null) return markChecked(route);
    throw new Error(
      `${describeRoute(route)} describes status ${status} without a JSON body, but got:\n${formatBody(body)}`,
    );
  }
  const validate = compile(`${route.method} ${route.path} ${key}`, schema.schema);
  if (!validate(body)) {
    throw new Error(
      `Response of ${method.toUpperCase()} ${path} does not match the OpenAPI description.\n` +
        `Operation: ${describeRoute(route)}\nStatus: ${status} (response "${key}")\n` +
        `Problems:\n${formatAjvErrors(validate.errors ?? [])}\nBody:\n${formatBody(body)}`,
    );
  }
  markChecked(route);
}

/** Throws unless `value` matches `#/components/schemas/<name>`; handy for request bodies. */
export function assertMatchesSchema(name: string, value: unknown): void {
  const validate = compile(`schema ${name}`, { $ref: `${SCHEMA_REF_PREFIX}${name}` });
  if (!validate(value)) {
    throw new Error(
      `Value does not match schema ${name}.\nProblems:\n${formatAjvErrors(validate.errors ?? [])}\nValue:\n${formatBody(value)}`,
    );
  }
}

function markChecked(route: Route): void {
  checked.add(`${route.method} ${route.path}`);
}

/** Every operation of the document, for coverage checks. */
export function describedOperations(): DescribedOperation[] {
  return routes().map(({ method, path, operationId }) => ({ method, path, operationId }));
}

/** Operations whose responses `assertMatchesOpenApi` has accepted so far in this process. */
export function checkedOperations(): { method: string; path: string }[] {
  return [...checked].map((entry) => {
    const [method, path] = entry.split(' ') as [string, string];
    return { method, path };
  });
}
