// GitLab CI configuration the way GitLab reads it, for testing gitlab-ci-templates/: YAML with the
// `!reference` tag, `spec: inputs:` headers and `$[[ inputs.x ]]` interpolation, `include:` (local,
// remote, project, component, with inputs), `extends`, and the shell a runner would execute for a
// job, run with bash or dash in a GitLab-like environment.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import YAML, { type CollectionTag } from 'yaml';

export const TEMPLATES_DIR = path.resolve('gitlab-ci-templates');
export const INCLUDE_TEMPLATE = path.join(TEMPLATES_DIR, 'goalie.gitlab-ci.yml');

/** `!reference [.job, key, ...]`: a path into the configuration, resolved when the job is built. */
export class Reference {
  constructor(readonly path: string[]) {}
}

const referenceTag: CollectionTag = {
  tag: '!reference',
  collection: 'seq',
  resolve(seq, onError) {
    const parts = (seq as YAML.YAMLSeq).items.map((item) =>
      YAML.isScalar(item) && typeof item.value === 'string' ? item.value : null,
    );
    if (parts.length === 0 || parts.some((p) => p === null))
      onError('!reference takes a list of names, like !reference [.job, script]');
    return new Reference(parts.map(String));
  },
};

export type Config = Record<string, unknown>;

/** Every YAML document of a file, as plain values. Throws on YAML errors (with the file name). */
export function parseDocuments(text: string, file = 'inline.yml'): unknown[] {
  const docs = YAML.parseAllDocuments(text, { customTags: [referenceTag], prettyErrors: true, merge: true });
  const list = Array.isArray(docs) ? docs : [docs];
  for (const doc of list)
    if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('\n')}`);
  return list.map((doc) => doc.toJS({ maxAliasCount: 1000 }));
}

export function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Reference);
}

// ── spec: inputs and $[[ inputs.x ]] ────────────────────────────────────────────────────────────

export interface InputSpec {
  type?: string;
  default?: unknown;
  description?: string;
  options?: unknown[];
  regex?: string;
}

/** A file with a `spec:` header: the header and the configuration after `---`. */
export interface SpecFile {
  spec: { inputs?: Record<string, InputSpec> } & Record<string, unknown>;
  body: Config;
  docs: unknown[];
}

export function splitSpec(text: string, file: string): SpecFile | null {
  const docs = parseDocuments(text, file);
  if (docs.length === 2 && isMap(docs[0]) && 'spec' in docs[0])
    return { spec: (docs[0].spec ?? {}) as SpecFile['spec'], body: (docs[1] ?? {}) as Config, docs };
  return null;
}

export const INPUT_PATTERN = /\$\[\[\s*(.*?)\s*\]\]/g;

export function typeOfInputValue(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'string') return 'string';
  return typeof value;
}

/** The value of every input as GitLab decides it: given, else the default; checked against the spec. */
export function resolveInputs(
  inputs: Record<string, InputSpec>,
  given: Record<string, unknown>,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const name of Object.keys(given)) if (!(name in inputs)) throw new Error(`unknown input: \`${name}\``);
  for (const [name, spec] of Object.entries(inputs)) {
    const value = name in given ? given[name] : spec.default;
    if (value === undefined) throw new Error(`\`${name}\` input: required value has not been provided`);
    const type = spec.type ?? 'string';
    if (typeOfInputValue(value) !== type) throw new Error(`\`${name}\` input: provided value is not a ${type}`);
    if (spec.options && !spec.options.includes(value))
      throw new Error(
        `\`${name}\` input: \`${String(value)}\` cannot be used because it is not in the list of allowed options`,
      );
    if (spec.regex && !new RegExp(spec.regex).test(String(value)))
      throw new Error(`\`${name}\` input: provided value does not match required RegEx pattern`);
    values[name] = value;
  }
  return values;
}

/** `$[[ inputs.x ]]` replaced in keys and values. A string that is one whole block takes the input's typed value. */
export function interpolate(value: unknown, inputs: Record<string, unknown>): unknown {
  const lookup = (expression: string): unknown => {
    const match = /^inputs\.([A-Za-z0-9_-]+)$/.exec(expression);
    if (!match) throw new Error(`unsupported interpolation $[[ ${expression} ]]`);
    if (!(match[1]! in inputs)) throw new Error(`unknown interpolation key: \`${match[1]}\``);
    return inputs[match[1]!];
  };
  if (typeof value === 'string') {
    const whole = /^\$\[\[\s*(.*?)\s*\]\]$/.exec(value);
    if (whole && !whole[1]!.includes(']]')) return lookup(whole[1]!);
    return value.replace(INPUT_PATTERN, (_, expression: string) => {
      const v = lookup(expression);
      return typeof v === 'string' ? v : JSON.stringify(v);
    });
  }
  if (Array.isArray(value)) return value.map((v) => interpolate(v, inputs));
  if (value instanceof Reference) return value;
  if (isMap(value))
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [String(interpolate(k, inputs)), interpolate(v, inputs)]),
    );
  return value;
}

// ── include, merge, extends, !reference ─────────────────────────────────────────────────────────

/** GitLab's deep merge (include and extends): maps merge key by key, anything else is replaced. */
export function deepMerge(base: unknown, over: unknown): unknown {
  if (isMap(base) && isMap(over)) {
    const out: Record<string, unknown> = { ...base };
    for (const [k, v] of Object.entries(over)) out[k] = k in base ? deepMerge(base[k], v) : v;
    return out;
  }
  return over;
}

/** The component a `component:` address names, in this repository: `<host>/<path>/<name>@<version>`. */
export function componentFile(address: string): string {
  const match = /^[^@\s]+\/([a-z0-9_-]+)@[^@\s]+$/i.exec(address);
  if (!match) throw new Error(`not a component address: ${address} (expected <host>/<project path>/<name>@<version>)`);
  const file = path.join(TEMPLATES_DIR, 'templates', match[1]!, 'template.yml');
  if (!fs.existsSync(file)) throw new Error(`no component "${match[1]}" in gitlab-ci-templates/templates/`);
  return file;
}

/** Where an include entry points, in this repository. Remote and project includes of goalie.gitlab-ci.yml are this repository's template. */
function includeTarget(entry: unknown, root: string): { file: string; inputs: Record<string, unknown> } {
  const item = typeof entry === 'string' ? (/^https?:\/\//.test(entry) ? { remote: entry } : { local: entry }) : entry;
  if (!isMap(item)) throw new Error(`include entries are strings or maps, got ${JSON.stringify(entry)}`);
  const inputs = (item.inputs ?? {}) as Record<string, unknown>;
  if (typeof item.local === 'string') {
    const file = path.join(root, item.local.replace(/^\//, ''));
    // A copy of the template committed elsewhere (docs examples): this repository's template.
    if (!fs.existsSync(file) && path.basename(file) === 'goalie.gitlab-ci.yml')
      return { file: INCLUDE_TEMPLATE, inputs };
    return { file, inputs };
  }
  if (typeof item.component === 'string') return { file: componentFile(item.component), inputs };
  const named = typeof item.remote === 'string' ? item.remote : typeof item.file === 'string' ? item.file : '';
  if (
    (typeof item.remote === 'string' || typeof item.project === 'string') &&
    path.basename(named) === 'goalie.gitlab-ci.yml'
  )
    return { file: INCLUDE_TEMPLATE, inputs };
  throw new Error(`unsupported include in tests: ${JSON.stringify(entry)}`);
}

/** One file's configuration with its includes merged in (included first, the file itself last), inputs interpolated. */
export function loadPipeline(
  text: string,
  options: { root?: string; inputs?: Record<string, unknown>; file?: string } = {},
): Config {
  const root = options.root ?? process.cwd();
  const file = options.file ?? '.gitlab-ci.yml';
  const withSpec = splitSpec(text, file);
  let config: Config;
  if (withSpec)
    config = interpolate(withSpec.body, resolveInputs(withSpec.spec.inputs ?? {}, options.inputs ?? {})) as Config;
  else {
    if (options.inputs && Object.keys(options.inputs).length > 0)
      throw new Error(`${file} takes no inputs: it has no spec: header`);
    const docs = parseDocuments(text, file);
    if (docs.length !== 1) throw new Error(`${file}: expected one YAML document, found ${docs.length}`);
    config = (docs[0] ?? {}) as Config;
  }
  const includes =
    config.include === undefined ? [] : Array.isArray(config.include) ? config.include : [config.include];
  let merged: Config = {};
  for (const entry of includes) {
    const target = includeTarget(entry, root);
    merged = deepMerge(
      merged,
      loadPipeline(fs.readFileSync(target.file, 'utf8'), { root, inputs: target.inputs, file: target.file }),
    ) as Config;
  }
  const { include: _include, ...own } = config;
  return deepMerge(merged, own) as Config;
}

/** A job with its `extends` chain merged in (parents first, in order), without the `extends` key. */
export function resolveJob(config: Config, name: string, seen: string[] = []): Record<string, unknown> {
  if (seen.includes(name)) throw new Error(`extends loop: ${[...seen, name].join(' -> ')}`);
  const job = config[name];
  if (!isMap(job)) throw new Error(`no job ${name}`);
  const parents = job.extends === undefined ? [] : Array.isArray(job.extends) ? job.extends : [job.extends];
  let merged: unknown = {};
  for (const parent of parents) merged = deepMerge(merged, resolveJob(config, String(parent), [...seen, name]));
  const { extends: _extends, ...own } = job;
  return deepMerge(merged, own) as Record<string, unknown>;
}

/** Replaces `!reference` tags by what they point to, flattening nested lists as GitLab does (10 levels). */
export function resolveReferences(value: unknown, config: Config, depth = 0): unknown {
  if (depth > 10) throw new Error('!reference nested more than 10 levels');
  if (value instanceof Reference) {
    let target: unknown = config;
    for (const key of value.path) {
      if (!isMap(target) || !(key in target))
        throw new Error(`!reference [${value.path.join(', ')}] could not be found`);
      target = target[key];
    }
    return resolveReferences(target, config, depth + 1);
  }
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const item of value) {
      const resolved = resolveReferences(item, config, depth);
      if (item instanceof Reference && Array.isArray(resolved)) out.push(...resolved);
      else out.push(resolved);
    }
    return out.flat(10);
  }
  if (isMap(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveReferences(v, config, depth)]));
  return value;
}

/** What a runner gets for a job: its shell lines (before_script, then script) and its variables. */
export function jobShell(config: Config, name: string): { lines: string[]; variables: Record<string, string> } {
  const job = resolveReferences(resolveJob(config, name), config) as Record<string, unknown>;
  const defaults = isMap(config.default) ? config.default : {};
  const lines = [
    ...((job.before_script ?? defaults.before_script ?? []) as string[]),
    ...((job.script ?? []) as string[]),
  ];
  for (const line of lines)
    if (typeof line !== 'string') throw new Error(`${name}: a script line is not a string: ${JSON.stringify(line)}`);
  const variables: Record<string, string> = {};
  for (const [k, v] of Object.entries({
    ...(isMap(config.variables) ? config.variables : {}),
    ...(isMap(job.variables) ? job.variables : {}),
  })) {
    variables[k] = isMap(v) ? String(v.value ?? '') : String(v);
  }
  return { lines, variables };
}

// ── running a job ───────────────────────────────────────────────────────────────────────────────

export interface JobRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr together, for error messages. */
  output: string;
}

/** `$VAR` and `${VAR}` in a variable's value, expanded from the variables before it (GitLab expands job variables). */
function expand(value: string, env: Record<string, string>): string {
  return value.replace(
    /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g,
    (_, a: string | undefined, b: string | undefined) => env[(a ?? b)!] ?? '',
  );
}

/**
 * Runs a job's lines in `shell -e` in `cwd`, the way a GitLab runner's shell executor does: one shell
 * session, stopping at the first failing line. The environment is what GitLab would give the job:
 * `predefined` (CI_* variables), then the YAML variables (expanded), then `settings` (CI/CD variables
 * from the project settings, which win over the YAML). Nothing else is inherited but PATH and HOME.
 */
export function runJob(
  config: Config,
  name: string,
  options: {
    cwd: string;
    predefined: Record<string, string>;
    settings?: Record<string, string>;
    shell?: 'bash' | 'dash';
    timeoutMs?: number;
  },
): Promise<JobRun> {
  const { lines, variables } = jobShell(config, name);
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    LANG: 'C.UTF-8',
    ...options.predefined,
  };
  for (const [k, v] of Object.entries(variables)) env[k] = expand(v, env);
  Object.assign(env, options.settings ?? {});
  const shell = options.shell ?? 'bash';
  const script = path.join(options.cwd, `.job-${name.replace(/[^A-Za-z0-9_-]/g, '_')}.sh`);
  fs.writeFileSync(script, [shell === 'bash' ? 'set -o pipefail' : '', ...lines, ''].join('\n'));
  return new Promise((resolve, reject) => {
    const child = spawn(shell, ['-e', script], { cwd: options.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let output = '';
    child.stdout.on('data', (c: Buffer) => ((stdout += c), (output += c)));
    child.stderr.on('data', (c: Buffer) => ((stderr += c), (output += c)));
    const timeoutMs = options.timeoutMs ?? 120_000;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`job ${name} did not finish in ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, output });
    });
  });
}
