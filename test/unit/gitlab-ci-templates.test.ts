// The GitLab CI templates and components checked against GitLab's rules for .gitlab-ci.yml: keywords,
// hidden jobs, extends, rules, artifacts, scripts, variables, and for components the spec: inputs
// header and $[[ inputs.x ]] interpolation. Every rule is shown to fail on a broken example, so a
// passing template means something. The YAML examples in docs/gitlab-ci.md are checked the same way.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import {
  INCLUDE_TEMPLATE,
  INPUT_PATTERN,
  TEMPLATES_DIR,
  Reference,
  interpolate,
  isMap,
  loadPipeline,
  parseDocuments,
  resolveInputs,
  resolveJob,
  resolveReferences,
  splitSpec,
  typeOfInputValue,
  type Config,
  type InputSpec,
} from '../helpers/gitlab-ci.js';

// ── GitLab's keywords (CI/CD YAML syntax reference) ─────────────────────────────────────────────

const GLOBAL_KEYWORDS = new Set(['default', 'include', 'stages', 'variables', 'workflow']);
const DEPRECATED_GLOBALS = new Set(['image', 'services', 'cache', 'before_script', 'after_script']);
const JOB_KEYWORDS = new Set([
  'after_script',
  'allow_failure',
  'artifacts',
  'before_script',
  'cache',
  'coverage',
  'dast_configuration',
  'dependencies',
  'environment',
  'extends',
  'hooks',
  'identity',
  'id_tokens',
  'image',
  'inherit',
  'interruptible',
  'manual_confirmation',
  'needs',
  'pages',
  'parallel',
  'release',
  'resource_group',
  'retry',
  'rules',
  'run',
  'script',
  'secrets',
  'services',
  'stage',
  'tags',
  'timeout',
  'trigger',
  'variables',
  'when',
  'only',
  'except',
]);
const RULE_KEYS = new Set(['if', 'changes', 'exists', 'when', 'allow_failure', 'variables', 'needs', 'interruptible']);
const RULE_WHEN = new Set(['on_success', 'on_failure', 'always', 'manual', 'delayed', 'never']);
const JOB_WHEN = new Set(['on_success', 'on_failure', 'always', 'manual', 'delayed', 'never']);
const ARTIFACT_KEYS = new Set([
  'paths',
  'exclude',
  'expire_in',
  'expose_as',
  'name',
  'public',
  'access',
  'reports',
  'untracked',
  'when',
]);
const ARTIFACT_WHEN = new Set(['on_success', 'on_failure', 'always']);
const REPORT_KEYS = new Set([
  'accessibility',
  'annotations',
  'api_fuzzing',
  'browser_performance',
  'coverage_report',
  'codequality',
  'container_scanning',
  'coverage_fuzzing',
  'cyclonedx',
  'dast',
  'dependency_scanning',
  'dotenv',
  'junit',
  'license_scanning',
  'load_performance',
  'metrics',
  'requirements',
  'repository_xray',
  'sast',
  'secret_detection',
  'terraform',
]);
const VARIABLE_KEYS = new Set(['value', 'description', 'expand', 'options']);
const SPEC_KEYS = new Set(['inputs', 'include', 'component']);
const INPUT_KEYS = new Set(['type', 'default', 'description', 'options', 'regex', 'rules']);
const INPUT_TYPES = new Set(['string', 'boolean', 'number', 'array']);
/** Keys that make a hidden entry a job template rather than a bag of !reference fragments. */
const JOB_MARKERS = ['script', 'extends', 'image', 'stage', 'rules', 'artifacts'];

// ── the rules ───────────────────────────────────────────────────────────────────────────────────

const isStringList = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');
const describeValue = (v: unknown) =>
  v instanceof Reference ? `!reference [${v.path.join(', ')}]` : JSON.stringify(v);

interface Jobs {
  /** Visible jobs and hidden job templates. */
  jobs: [string, Record<string, unknown>][];
  /** Hidden entries that only hold fragments for !reference. */
  fragments: [string, Record<string, unknown>][];
}

function jobsOf(config: Config): Jobs {
  const extended = new Set<string>();
  for (const [name, value] of Object.entries(config)) {
    if (GLOBAL_KEYWORDS.has(name) || !isMap(value)) continue;
    for (const parent of [value.extends].flat()) if (typeof parent === 'string') extended.add(parent);
  }
  const jobs: Jobs = { jobs: [], fragments: [] };
  for (const [name, value] of Object.entries(config)) {
    if (GLOBAL_KEYWORDS.has(name) || DEPRECATED_GLOBALS.has(name) || !isMap(value)) continue;
    const isJob = !name.startsWith('.') || extended.has(name) || JOB_MARKERS.some((k) => k in value);
    (isJob ? jobs.jobs : jobs.fragments).push([name, value]);
  }
  return jobs;
}

type PipelineRule = (config: Config) => string[];

const pipelineRules: Record<string, PipelineRule> = {
  'top-level keys are global keywords or jobs': (config) => {
    const problems: string[] = [];
    for (const [name, value] of Object.entries(config)) {
      if (DEPRECATED_GLOBALS.has(name)) problems.push(`${name}: a deprecated global keyword; put it under default:`);
      else if (name === 'stages' && !isStringList(value)) problems.push('stages: must be a list of stage names');
      else if (name === 'include' && !(typeof value === 'string' || Array.isArray(value) || isMap(value)))
        problems.push('include: must be a string, a map or a list');
      else if ((name === 'default' || name === 'workflow' || name === 'variables') && !isMap(value))
        problems.push(`${name}: must be a map`);
      else if (!GLOBAL_KEYWORDS.has(name) && !isMap(value))
        problems.push(`${name}: a job must be a map, got ${describeValue(value)}`);
    }
    return problems;
  },

  'jobs use only job keywords': (config) =>
    jobsOf(config).jobs.flatMap(([name, job]) =>
      Object.keys(job)
        .filter((k) => !JOB_KEYWORDS.has(k))
        .map((k) => `${name}: unknown job keyword "${k}"`),
    ),

  'extends names existing jobs, without loops': (config) => {
    const problems: string[] = [];
    for (const [name, job] of jobsOf(config).jobs) {
      if (job.extends === undefined) continue;
      const parents = [job.extends].flat();
      for (const parent of parents) {
        if (typeof parent !== 'string') problems.push(`${name}: extends must name jobs, got ${describeValue(parent)}`);
        else if (!isMap(config[parent])) problems.push(`${name}: extends ${parent}, which does not exist`);
      }
      try {
        resolveJob(config, name);
      } catch (error) {
        if (/loop/.test((error as Error).message)) problems.push(`${name}: ${(error as Error).message}`);
      }
    }
    return problems;
  },

  'rules entries have valid keys and values': (config) => {
    const problems: string[] = [];
    const check = (where: string, rules: unknown) => {
      if (rules === undefined) return;
      if (!Array.isArray(rules)) return void problems.push(`${where}: rules must be a list`);
      rules.forEach((rule, i) => {
        if (!isMap(rule)) return void problems.push(`${where}: rules[${i}] must be a map`);
        for (const key of Object.keys(rule))
          if (!RULE_KEYS.has(key)) problems.push(`${where}: rules[${i}] has unknown key "${key}"`);
        if ('if' in rule && typeof rule.if !== 'string') problems.push(`${where}: rules[${i}].if must be a string`);
        if ('when' in rule && !RULE_WHEN.has(String(rule.when)))
          problems.push(`${where}: rules[${i}].when "${String(rule.when)}" is not one of ${[...RULE_WHEN].join(', ')}`);
        if ('allow_failure' in rule && typeof rule.allow_failure !== 'boolean' && !isMap(rule.allow_failure))
          problems.push(`${where}: rules[${i}].allow_failure must be true, false or { exit_codes }`);
        for (const key of ['changes', 'exists'] as const)
          if (key in rule && !isStringList(rule[key]) && !isMap(rule[key]))
            problems.push(`${where}: rules[${i}].${key} must be a list of paths or a map`);
        if (
          'variables' in rule &&
          (!isMap(rule.variables) || Object.values(rule.variables).some((v) => typeof v !== 'string'))
        )
          problems.push(`${where}: rules[${i}].variables must map names to strings`);
      });
    };
    for (const [name, job] of jobsOf(config).jobs) check(name, job.rules);
    if (isMap(config.workflow)) check('workflow', config.workflow.rules);
    return problems;
  },

  'artifacts have valid keys, when and reports': (config) => {
    const problems: string[] = [];
    for (const [name, job] of jobsOf(config).jobs) {
      const artifacts = job.artifacts;
      if (artifacts === undefined) continue;
      if (!isMap(artifacts)) {
        problems.push(`${name}: artifacts must be a map`);
        continue;
      }
      for (const key of Object.keys(artifacts))
        if (!ARTIFACT_KEYS.has(key)) problems.push(`${name}: artifacts has unknown key "${key}"`);
      if ('when' in artifacts && !ARTIFACT_WHEN.has(String(artifacts.when)))
        problems.push(
          `${name}: artifacts.when "${String(artifacts.when)}" is not one of ${[...ARTIFACT_WHEN].join(', ')}`,
        );
      if ('paths' in artifacts && !isStringList(artifacts.paths))
        problems.push(`${name}: artifacts.paths must be a list of strings`);
      if ('reports' in artifacts) {
        if (!isMap(artifacts.reports)) problems.push(`${name}: artifacts.reports must be a map`);
        else
          for (const [type, files] of Object.entries(artifacts.reports)) {
            if (!REPORT_KEYS.has(type)) problems.push(`${name}: artifacts.reports has unknown report type "${type}"`);
            if (type !== 'coverage_report' && typeof files !== 'string' && !isStringList(files))
              problems.push(`${name}: artifacts.reports.${type} must be a file name or a list of them`);
          }
      }
    }
    return problems;
  },

  'image is a name or { name }': (config) =>
    jobsOf(config).jobs.flatMap(([name, job]) =>
      job.image === undefined ||
      (typeof job.image === 'string' && job.image.trim() !== '') ||
      (isMap(job.image) && typeof job.image.name === 'string')
        ? []
        : [`${name}: image must be an image name or { name: ... }`],
    ),

  'scripts are lists of strings once !reference is resolved, and jobs have one': (config) => {
    const problems: string[] = [];
    for (const [name, job] of jobsOf(config).jobs) {
      for (const key of ['before_script', 'script', 'after_script']) {
        if (job[key] === undefined) continue;
        let lines: unknown;
        try {
          lines = resolveReferences(job[key], config);
        } catch (error) {
          problems.push(`${name}: ${key}: ${(error as Error).message}`);
          continue;
        }
        if (typeof lines !== 'string' && !isStringList(lines))
          problems.push(`${name}: ${key} must be a list of strings, got ${describeValue(lines)}`);
        else if (Array.isArray(lines) && lines.length === 0) problems.push(`${name}: ${key} is empty`);
      }
      if (!name.startsWith('.')) {
        try {
          const effective = resolveJob(config, name);
          if (effective.script === undefined && effective.trigger === undefined)
            problems.push(`${name}: a job needs a script (or a trigger)`);
        } catch {
          // an extends problem: reported by its own rule
        }
      }
    }
    for (const [name, fragments] of jobsOf(config).fragments) {
      for (const [key, value] of Object.entries(fragments)) {
        let lines: unknown;
        try {
          lines = resolveReferences(value, config);
        } catch (error) {
          problems.push(`${name}.${key}: ${(error as Error).message}`);
          continue;
        }
        if (!isStringList(lines)) problems.push(`${name}.${key}: a script fragment must be a list of strings`);
      }
    }
    return problems;
  },

  'variables map names to strings': (config) => {
    const problems: string[] = [];
    const check = (where: string, variables: unknown) => {
      if (variables === undefined) return;
      if (!isMap(variables)) return void problems.push(`${where}: variables must be a map`);
      for (const [key, value] of Object.entries(variables)) {
        if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) problems.push(`${where}: variable name "${key}" is not valid`);
        if (typeof value === 'string') continue;
        if (
          isMap(value) &&
          typeof (value.value ?? '') === 'string' &&
          Object.keys(value).every((k) => VARIABLE_KEYS.has(k))
        )
          continue;
        problems.push(`${where}: variable ${key} must be a string (quote it), got ${describeValue(value)}`);
      }
    };
    check('variables', config.variables);
    for (const [name, job] of jobsOf(config).jobs) check(name, job.variables);
    return problems;
  },

  'stage, when, allow_failure and interruptible have valid values': (config) => {
    const problems: string[] = [];
    for (const [name, job] of jobsOf(config).jobs) {
      if ('stage' in job && (typeof job.stage !== 'string' || job.stage === ''))
        problems.push(`${name}: stage must be a stage name`);
      if ('when' in job && !JOB_WHEN.has(String(job.when)))
        problems.push(`${name}: when "${String(job.when)}" is not one of ${[...JOB_WHEN].join(', ')}`);
      if (
        'allow_failure' in job &&
        typeof job.allow_failure !== 'boolean' &&
        !(isMap(job.allow_failure) && 'exit_codes' in job.allow_failure)
      )
        problems.push(`${name}: allow_failure must be true, false or { exit_codes }`);
      if ('interruptible' in job && typeof job.interruptible !== 'boolean')
        problems.push(`${name}: interruptible must be true or false`);
    }
    return problems;
  },
};

/** An include-able template must not add jobs to the pipelines that include it. */
const templateRules: Record<string, PipelineRule> = {
  'a template only has hidden jobs (names start with ".")': (config) =>
    Object.keys(config)
      .filter((name) => !GLOBAL_KEYWORDS.has(name) && !name.startsWith('.'))
      .map((name) => `${name}: a visible job; an included template adds no jobs, so hidden jobs start with "."`),
};

/** A component adds jobs: at least one visible job. */
const componentBodyRules: Record<string, PipelineRule> = {
  'a component adds at least one visible job': (config) =>
    jobsOf(config).jobs.some(([name]) => !name.startsWith('.')) ? [] : ['the component adds no visible job'],
};

type ComponentRule = (text: string) => string[];

/** A value of the input's type, for checking a component whose input has no default. */
const sample: Record<string, unknown> = { string: 'sample', boolean: true, number: 1, array: [] };

function collectInterpolations(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') for (const m of value.matchAll(INPUT_PATTERN)) out.push(m[1]!);
  else if (Array.isArray(value)) value.forEach((v) => collectInterpolations(v, out));
  else if (isMap(value))
    for (const [k, v] of Object.entries(value)) (collectInterpolations(k, out), collectInterpolations(v, out));
  return out;
}

const componentRules: Record<string, ComponentRule> = {
  'a component is a spec: document, ---, then the configuration': (text) => {
    const docs = parseDocuments(text);
    if (docs.length !== 2) return [`expected 2 YAML documents separated by ---, found ${docs.length}`];
    const [header, body] = docs;
    const problems: string[] = [];
    if (!isMap(header) || Object.keys(header).join() !== 'spec')
      problems.push('the first document must hold only spec:');
    else if (!isMap(header.spec)) problems.push('spec: must be a map');
    else
      for (const key of Object.keys(header.spec))
        if (!SPEC_KEYS.has(key)) problems.push(`spec has unknown key "${key}"`);
    if (!isMap(body) || Object.keys(body).length === 0)
      problems.push('the second document must hold the configuration');
    return problems;
  },

  'inputs have a valid type, a description, and defaults of that type': (text) => {
    const inputs = splitSpec(text, 'component')?.spec.inputs;
    if (!isMap(inputs)) return ['spec: has no inputs map'];
    const problems: string[] = [];
    for (const [name, value] of Object.entries(inputs)) {
      if (!/^[A-Za-z0-9_-]+$/.test(name)) problems.push(`${name}: input names use letters, digits, _ and -`);
      if (!isMap(value)) {
        problems.push(`${name}: an input must be a map`);
        continue;
      }
      const spec = value as InputSpec;
      for (const key of Object.keys(spec))
        if (!INPUT_KEYS.has(key)) problems.push(`${name}: unknown input key "${key}"`);
      const type = spec.type ?? 'string';
      if (!INPUT_TYPES.has(type)) problems.push(`${name}: type "${type}" is not one of ${[...INPUT_TYPES].join(', ')}`);
      if (typeof spec.description !== 'string' || spec.description.trim() === '')
        problems.push(`${name}: has no description`);
      if ('default' in spec && INPUT_TYPES.has(type) && typeOfInputValue(spec.default) !== type)
        problems.push(`${name}: default ${JSON.stringify(spec.default)} is not a ${type}`);
      if (
        'options' in spec &&
        (!Array.isArray(spec.options) || ('default' in spec && !spec.options.includes(spec.default)))
      )
        problems.push(`${name}: options must be a list that holds the default`);
      if ('regex' in spec) {
        if (type !== 'string') problems.push(`${name}: regex applies to string inputs only`);
        try {
          if ('default' in spec && !new RegExp(String(spec.regex)).test(String(spec.default)))
            problems.push(`${name}: default ${JSON.stringify(spec.default)} does not match regex ${spec.regex}`);
        } catch {
          problems.push(`${name}: regex ${spec.regex} is not a valid regular expression`);
        }
      }
    }
    return problems;
  },

  'every $[[ inputs.x ]] is declared and every input is used': (text) => {
    const parsed = splitSpec(text, 'component');
    if (!parsed) return ['no spec: header'];
    const declared = new Set(Object.keys(parsed.spec.inputs ?? {}));
    const used = collectInterpolations(parsed.body);
    const problems: string[] = [];
    const body = text.slice(text.search(/^---$/m));
    const opened = (body.match(/\$\[\[/g) ?? []).length;
    if (opened !== used.length) problems.push(`${opened - used.length} "$[[" without a matching "]]"`);
    for (const expression of used) {
      const m = /^inputs\.([A-Za-z0-9_-]+)$/.exec(expression);
      if (!m) problems.push(`$[[ ${expression} ]] is not $[[ inputs.<name> ]]`);
      else if (!declared.has(m[1]!)) problems.push(`$[[ ${expression} ]] uses an input that spec: does not declare`);
    }
    const usedNames = new Set(used.map((e) => e.replace(/^inputs\./, '')));
    for (const name of declared) if (!usedNames.has(name)) problems.push(`input ${name} is declared but never used`);
    return problems;
  },

  'with its defaults, the configuration follows the pipeline rules': (text) => {
    const parsed = splitSpec(text, 'component');
    if (!parsed) return ['no spec: header'];
    const inputs = parsed.spec.inputs ?? {};
    const given = Object.fromEntries(
      Object.entries(inputs)
        .filter(([, s]) => isMap(s) && !('default' in s))
        .map(([n, s]) => [n, sample[s.type ?? 'string']]),
    );
    let body: Config;
    try {
      body = interpolate(parsed.body, resolveInputs(inputs, given)) as Config;
    } catch (error) {
      return [(error as Error).message];
    }
    return Object.entries({ ...pipelineRules, ...componentBodyRules }).flatMap(([rule, check]) =>
      check(body).map((p) => `${rule}: ${p}`),
    );
  },
};

// ── the files ───────────────────────────────────────────────────────────────────────────────────

const templateText = fs.readFileSync(INCLUDE_TEMPLATE, 'utf8');
const template = () => loadPipeline(templateText, { file: INCLUDE_TEMPLATE });
const componentNames = fs.readdirSync(path.join(TEMPLATES_DIR, 'templates')).sort();
const componentText = (name: string) =>
  fs.readFileSync(path.join(TEMPLATES_DIR, 'templates', name, 'template.yml'), 'utf8');

/** Broken copies of the real template: each rule must catch its own. */
const brokenTemplates: { rule: string; broken: string; mutate: (c: Config) => void; expected: RegExp }[] = [
  {
    rule: 'top-level keys are global keywords or jobs',
    broken: 'a global image:',
    mutate: (c) => void (c.image = 'node:22'),
    expected: /image: a deprecated global keyword/,
  },
  {
    rule: 'top-level keys are global keywords or jobs',
    broken: 'a job that is a list',
    mutate: (c) => void (c['.goalie-extra'] = ['echo']),
    expected: /\.goalie-extra: a job must be a map/,
  },
  {
    rule: 'jobs use only job keywords',
    broken: 'scripts: instead of script:',
    mutate: (c) => void ((c['.goalie-run'] as Config).scripts = ['echo']),
    expected: /\.goalie-run: unknown job keyword "scripts"/,
  },
  {
    rule: 'extends names existing jobs, without loops',
    broken: 'extends a missing job',
    mutate: (c) => void ((c['.goalie-review-request'] as Config).extends = '.goalie-base'),
    expected: /extends \.goalie-base, which does not exist/,
  },
  {
    rule: 'extends names existing jobs, without loops',
    broken: 'extends in a loop',
    mutate: (c) => {
      (c['.goalie-run'] as Config).extends = '.goalie-review-request';
      (c['.goalie-review-request'] as Config).extends = '.goalie-run';
    },
    expected: /extends loop/,
  },
  {
    rule: 'rules entries have valid keys and values',
    broken: 'a rule with only:',
    mutate: (c) => void ((c['.goalie-run'] as Config).rules as Config[]).push({ only: ['main'] }),
    expected: /rules\[3\] has unknown key "only"/,
  },
  {
    rule: 'rules entries have valid keys and values',
    broken: 'when: sometimes',
    mutate: (c) => void (((c['.goalie-run'] as Config).rules as Config[])[0]!.when = 'sometimes'),
    expected: /rules\[0\]\.when "sometimes"/,
  },
  {
    rule: 'rules entries have valid keys and values',
    broken: 'rules as a map',
    mutate: (c) => void ((c['.goalie-review-request'] as Config).rules = { if: '$CI_MERGE_REQUEST_IID' }),
    expected: /rules must be a list/,
  },
  {
    rule: 'artifacts have valid keys, when and reports',
    broken: 'artifacts when: forever',
    mutate: (c) => void (((c['.goalie-run'] as Config).artifacts as Config).when = 'forever'),
    expected: /artifacts\.when "forever"/,
  },
  {
    rule: 'artifacts have valid keys, when and reports',
    broken: 'a report type junit-xml',
    mutate: (c) =>
      void (((c['.goalie-run'] as Config).artifacts as Config).reports = { 'junit-xml': 'goalie-report.xml' }),
    expected: /unknown report type "junit-xml"/,
  },
  {
    rule: 'artifacts have valid keys, when and reports',
    broken: 'junit: as a map',
    mutate: (c) =>
      void (((c['.goalie-run'] as Config).artifacts as Config).reports = { junit: { path: 'goalie-report.xml' } }),
    expected: /reports\.junit must be a file name/,
  },
  {
    rule: 'image is a name or { name }',
    broken: 'image: { tag: 22 }',
    mutate: (c) => void ((c['.goalie-run'] as Config).image = { tag: 22 }),
    expected: /\.goalie-run: image must be/,
  },
  {
    rule: 'scripts are lists of strings once !reference is resolved, and jobs have one',
    broken: 'a !reference to a missing fragment',
    mutate: (c) => void ((c['.goalie-run'] as Config).script = [new Reference(['.goalie-scripts', 'missing'])]),
    expected: /!reference \[\.goalie-scripts, missing\] could not be found/,
  },
  {
    rule: 'scripts are lists of strings once !reference is resolved, and jobs have one',
    broken: 'a script line that is a map',
    mutate: (c) => void ((c['.goalie-review-request'] as Config).script = [{ run: 'echo' }]),
    expected: /script must be a list of strings/,
  },
  {
    rule: 'scripts are lists of strings once !reference is resolved, and jobs have one',
    broken: 'a visible job without script',
    mutate: (c) => void (c['goalie'] = { stage: 'test' }),
    expected: /goalie: a job needs a script/,
  },
  {
    rule: 'variables map names to strings',
    broken: 'GIT_DEPTH: 1 (a number)',
    mutate: (c) => void ((c['.goalie-review-request'] as Config).variables = { GIT_DEPTH: 1 }),
    expected: /variable GIT_DEPTH must be a string/,
  },
  {
    rule: 'variables map names to strings',
    broken: 'a boolean variable',
    mutate: (c) => void (c.variables = { GOALIE_BLOCKING: true }),
    expected: /variable GOALIE_BLOCKING must be a string/,
  },
  {
    rule: 'stage, when, allow_failure and interruptible have valid values',
    broken: 'allow_failure: "yes"',
    mutate: (c) => void ((c['.goalie-run'] as Config).allow_failure = 'yes'),
    expected: /allow_failure must be true, false/,
  },
  {
    rule: 'stage, when, allow_failure and interruptible have valid values',
    broken: 'when: later',
    mutate: (c) => void ((c['.goalie-run'] as Config).when = 'later'),
    expected: /when "later"/,
  },
  {
    rule: 'a template only has hidden jobs (names start with ".")',
    broken: 'a visible job',
    mutate: (c) => void (c['goalie-run'] = { extends: '.goalie-run' }),
    expected: /goalie-run: a visible job/,
  },
];

/** Broken copies of the real components (text edits): each component rule must catch its own. */
const brokenComponents: {
  rule: string;
  broken: string;
  component: string;
  edit: (t: string) => string;
  expected: RegExp;
}[] = [
  {
    rule: 'a component is a spec: document, ---, then the configuration',
    broken: 'no --- separator',
    component: 'run',
    edit: (t) => t.replace(/^---$/m, ''),
    expected: /expected 2 YAML documents/,
  },
  {
    rule: 'a component is a spec: document, ---, then the configuration',
    broken: 'spec: with a typo key',
    component: 'run',
    edit: (t) => t.replace(/^spec:\n/m, 'spec:\n  input: {}\n'),
    expected: /spec has unknown key "input"/,
  },
  {
    rule: 'inputs have a valid type, a description, and defaults of that type',
    broken: 'type: bool',
    component: 'run',
    edit: (t) => t.replace('type: boolean', 'type: bool'),
    expected: /type "bool" is not one of/,
  },
  {
    rule: 'inputs have a valid type, a description, and defaults of that type',
    broken: 'a boolean input defaulting to "true"',
    component: 'run',
    edit: (t) => t.replace(/(blocking:\n\s+type: boolean\n\s+default:) true/, '$1 "true"'),
    expected: /blocking: default "true" is not a boolean/,
  },
  {
    rule: 'inputs have a valid type, a description, and defaults of that type',
    broken: 'an input without description',
    component: 'review-request',
    edit: (t) => t.replace(/(mention:\n(?:.*\n)*?)\s+description: .*\n/, '$1\n'),
    expected: /mention: has no description/,
  },
  {
    rule: 'inputs have a valid type, a description, and defaults of that type',
    broken: 'a default the regex refuses',
    component: 'run',
    edit: (t) => t.replace('default: 30m', 'default: 30 minutes'),
    expected: /timeout: default "30 minutes" does not match regex/,
  },
  {
    rule: 'inputs have a valid type, a description, and defaults of that type',
    broken: 'an unknown input key',
    component: 'review-request',
    edit: (t) => t.replace('      default: "@goalie"', '      default: "@goalie"\n      required: true'),
    expected: /mention: unknown input key "required"/,
  },
  {
    rule: 'every $[[ inputs.x ]] is declared and every input is used',
    broken: 'an undeclared input',
    component: 'run',
    edit: (t) => t.replace('$[[ inputs.test_plan ]]', '$[[ inputs.plan ]]'),
    expected: /inputs\.plan \]\] uses an input that spec: does not declare/,
  },
  {
    rule: 'every $[[ inputs.x ]] is declared and every input is used',
    broken: 'an unused input',
    component: 'review-request',
    edit: (t) => t.replace('$[[ inputs.message ]]', '""'),
    expected: /input message is declared but never used/,
  },
  {
    rule: 'every $[[ inputs.x ]] is declared and every input is used',
    broken: 'an unclosed $[[',
    component: 'run',
    edit: (t) => t.replace('$[[ inputs.image ]]', '$[[ inputs.image ]'),
    expected: /without a matching "\]\]"/,
  },
  {
    rule: 'every $[[ inputs.x ]] is declared and every input is used',
    broken: '$[[ input.x ]]',
    component: 'review-request',
    edit: (t) => t.replace('$[[ inputs.stage ]]', '$[[ input.stage ]]'),
    expected: /input\.stage \]\] is not \$\[\[ inputs\.<name> \]\]/,
  },
  {
    rule: 'with its defaults, the configuration follows the pipeline rules',
    broken: 'a boolean input as a whole variable value',
    component: 'run',
    edit: (t) =>
      t.replace(
        '    GOALIE_INPUT_API_URL: $[[ inputs.api_url ]]',
        '    GOALIE_INPUT_API_URL: $[[ inputs.api_url ]]\n    GOALIE_BLOCKING: $[[ inputs.blocking ]]',
      ),
    expected: /variable GOALIE_BLOCKING must be a string/,
  },
  {
    rule: 'with its defaults, the configuration follows the pipeline rules',
    broken: 'a rules default with a bad when',
    component: 'review-request',
    edit: (t) =>
      t.replace(
        '- if: $CI_PIPELINE_SOURCE == "merge_request_event"',
        '- if: $CI_PIPELINE_SOURCE == "merge_request_event"\n          when: sometimes',
      ),
    expected: /rules\[0\]\.when "sometimes"/,
  },
  {
    rule: 'with its defaults, the configuration follows the pipeline rules',
    broken: 'a hidden job only',
    component: 'review-request',
    edit: (t) => t.replace('"$[[ inputs.job_prefix ]]-review-request":', '".$[[ inputs.job_prefix ]]-review-request":'),
    expected: /adds no visible job/,
  },
];

const check = (rule: string, config: Config) => ({ ...pipelineRules, ...templateRules })[rule]!(config);

describe('GitLab CI templates', () => {
  describe('each rule catches a broken example', () => {
    for (const example of brokenTemplates) {
      it(`${example.rule}: ${example.broken}`, () => {
        expect(check(example.rule, template()), 'the real template passes').to.deep.equal([]);
        const config = template();
        example.mutate(config);
        expect(check(example.rule, config).join('\n')).to.match(example.expected);
      });
    }
    for (const example of brokenComponents) {
      it(`${example.rule}: ${example.broken} (${example.component})`, () => {
        const text = componentText(example.component);
        expect(componentRules[example.rule]!(text), 'the real component passes').to.deep.equal([]);
        const edited = example.edit(text);
        expect(edited, 'the edit changed the component').to.not.equal(text);
        let problems: string[];
        try {
          problems = componentRules[example.rule]!(edited);
        } catch (error) {
          problems = [(error as Error).message];
        }
        expect(problems.join('\n')).to.match(example.expected);
      });
    }
    it('every rule has a broken example', () => {
      const covered = new Set([...brokenTemplates.map((e) => e.rule), ...brokenComponents.map((e) => e.rule)]);
      const all = [...Object.keys(pipelineRules), ...Object.keys(templateRules), ...Object.keys(componentRules)];
      expect(all.filter((r) => !covered.has(r))).to.deep.equal([]);
    });
  });

  describe('goalie.gitlab-ci.yml', () => {
    for (const [rule, run] of Object.entries({ ...pipelineRules, ...templateRules })) {
      it(rule, () => expect(run(template())).to.deep.equal([]));
    }

    it('defines .goalie-run and .goalie-review-request as GitLab would build them', () => {
      const config = template();
      const run = resolveReferences(resolveJob(config, '.goalie-run'), config) as Config;
      expect(run.image).to.match(/^node:(20|22)/);
      expect(run.artifacts).to.deep.include({ when: 'always', reports: { junit: 'goalie-report.xml' } });
      expect((run.script as string[]).join('\n')).to.contain('node "$GOALIE_JS" "$@"');
      const review = resolveReferences(resolveJob(config, '.goalie-review-request'), config) as Config;
      expect(review.rules).to.deep.equal([{ if: '$CI_PIPELINE_SOURCE == "merge_request_event"' }]);
      expect((review.script as string[]).join('\n')).to.contain('/merge_requests/');
    });
  });

  describe('CI/CD components (templates/<name>/template.yml)', () => {
    it('are run and review-request', () => expect(componentNames).to.deep.equal(['review-request', 'run']));

    for (const name of componentNames) {
      describe(name, () => {
        for (const [rule, run] of Object.entries(componentRules))
          it(rule, () => expect(run(componentText(name))).to.deep.equal([]));

        it('runs the same script fragments as goalie.gitlab-ci.yml', () => {
          const fragments = (template()['.goalie-scripts'] as Record<string, string[]>) ?? {};
          const parsed = splitSpec(componentText(name), name)!;
          const job = Object.values(parsed.body).find(isMap)!;
          const script = job.script as string[];
          const wanted = name === 'run' ? [...fragments.client!, ...fragments.run!] : fragments['review-request']!;
          // The first block maps the inputs to settings; the rest is the template's, unchanged.
          expect(script.slice(1)).to.deep.equal(wanted);
        });
      });
    }

    it('interpolates inputs as GitLab does: a whole value keeps its type, inside a string it becomes text', () => {
      const config = loadPipeline(
        `include:\n  - component: gitlab.example.com/acme/goalie-ci/run@1.0.0\n    inputs: { job_prefix: nightly, blocking: false, allow_failure: true, rules: [{ if: $CI_PIPELINE_SOURCE == "schedule" }] }\n`,
      );
      const job = config['nightly-run'] as Config;
      expect(job.allow_failure).to.equal(true);
      expect(job.rules).to.deep.equal([{ if: '$CI_PIPELINE_SOURCE == "schedule"' }]);
      expect((job.script as string[])[0]).to.contain('export GOALIE_BLOCKING="false"');
      expect(() =>
        loadPipeline(
          `include:\n  - component: gitlab.example.com/acme/goalie-ci/run@1.0.0\n    inputs: { blocking: "no" }\n`,
        ),
      ).to.throw(/`blocking` input: provided value is not a boolean/);
      expect(() =>
        loadPipeline(
          `include:\n  - component: gitlab.example.com/acme/goalie-ci/run@1.0.0\n    inputs: { timeout: soon }\n`,
        ),
      ).to.throw(/`timeout` input: provided value does not match/);
      expect(() =>
        loadPipeline(
          `include:\n  - component: gitlab.example.com/acme/goalie-ci/run@1.0.0\n    inputs: { plan: pln-x }\n`,
        ),
      ).to.throw(/unknown input: `plan`/);
    });
  });

  describe('docs/gitlab-ci.md examples', () => {
    const doc = fs.readFileSync('docs/gitlab-ci.md', 'utf8');
    const blocks = [...doc.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => ({
      text: m[1]!,
      line: doc.slice(0, m.index).split('\n').length + 1,
    }));

    it('has examples', () => expect(blocks.length).to.be.greaterThan(5));

    for (const block of blocks) {
      const title =
        block.text
          .split('\n')
          .map((l) => l.trim())
          .find((l) => l.startsWith('# '))
          ?.slice(2) ?? block.text.split('\n')[0]!;
      it(`line ${block.line}: ${title}`, () => {
        const config = loadPipeline(block.text, { file: `docs/gitlab-ci.md:${block.line}` });
        const problems = Object.entries(pipelineRules).flatMap(([rule, run]) =>
          run(config).map((p) => `${rule}: ${p}`),
        );
        expect(problems).to.deep.equal([]);
        const visible = Object.keys(config).filter((k) => !k.startsWith('.') && !GLOBAL_KEYWORDS.has(k));
        expect(visible, 'the example defines or includes a job').to.not.be.empty;
      });
    }
  });
});
