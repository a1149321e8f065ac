#!/usr/bin/env node
// Checks the import direction written down in docs/development.md ("Layout"): adapters -> app ->
// domain, shared/ depends on nothing in backend/, actions use shared/ only; and that no files
// import each other in a circle at run time (a cycle makes a module see another half-loaded).
// Run by `npm run lint`; plain Node.js, no dependencies.
//
//   node scripts/check-imports.js [root]      exit 1 and one line per violation:
//   backend/src/domain/x.ts:3: domain must not import package "koa" (rule: ...)
//
// THE RULES. Each file under backend/src, shared/src and actions/*/src belongs to the first
// row whose `files` matches it, and may import only:
//   - node builtins ("node:fs", "fs"): always allowed;
//   - npm packages: only where `packages` is true (type-only imports count too);
//   - repository files (relative specifiers, resolved to repo paths) matching `mayImport`,
//     read in order, where a "!pattern" takes back what an earlier pattern allowed.
// In patterns, `*` and `{a,b}` in `files` capture; `$1`, `$2`... in `mayImport` stand for
// them (so an adapter or an action may import its own folder but not another one's).
// A file under those roots that matches no row is itself a violation: add a row here.
//
// CYCLES. Static imports of values between repository files must not form a cycle. Type-only
// imports (`import type`, or braces holding only `type` names) vanish at run time and dynamic
// `import()` loads late, so neither counts.

const ADAPTERS = '{http,persistence,jobs,agent,exploratory,platforms,integrations,demo,storage,metrics}';

export const RULES = [
  {
    area: 'domain',
    files: ['backend/src/domain/**'],
    mayImport: ['backend/src/domain/**', 'shared/src/**'],
    packages: false,
    why: 'domain holds pure rules: no I/O, no frameworks, no npm packages',
  },
  {
    area: 'app',
    files: ['backend/src/app/**'],
    mayImport: ['backend/src/domain/**', 'backend/src/app/**', 'shared/src/**'],
    packages: false,
    why: 'use cases are written against ports: no adapters, no npm packages (not even types)',
  },
  {
    area: 'adapter backend/src/$1',
    files: [`backend/src/${ADAPTERS}/**`],
    mayImport: [
      'backend/src/domain/**',
      'backend/src/app/**',
      'shared/src/**',
      'backend/src/$1/**',
      'backend/src/*.{ts,tsx,mts,cts,js,mjs,cjs}',
      '!backend/src/main.*',
      '!backend/src/main-core.*',
    ],
    packages: true,
    why: 'adapters may use domain, app, shared, support modules (config, logger) and npm packages, but not each other; only main.ts and cli/ wire adapters together',
  },
  {
    area: 'composition root',
    files: ['backend/src/main.{ts,js}', 'backend/src/main-core.{ts,js}', 'backend/src/cli/**'],
    mayImport: ['backend/src/**', 'shared/src/**'],
    packages: true,
    why: 'main.ts (with main-core.ts, its part for short commands) and cli/ build the adapters and may import anything in backend/src and shared/src',
  },
  {
    area: 'backend support module',
    files: ['backend/src/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    mayImport: [
      'backend/src/domain/**',
      'backend/src/app/**',
      'shared/src/**',
      'backend/src/*.{ts,tsx,mts,cts,js,mjs,cjs}',
      '!backend/src/main.*',
      '!backend/src/main-core.*',
    ],
    packages: true,
    why: 'top-level modules such as config.ts and logger.ts sit beside the adapters: domain, app, shared, each other and npm packages only',
  },
  {
    area: 'shared',
    files: ['shared/src/**'],
    mayImport: ['shared/src/**'],
    packages: true,
    why: 'shared/ is used by backend, actions and CLI and depends on nothing in backend/',
  },
  {
    area: 'action $1',
    files: ['actions/*/src/**'],
    mayImport: ['actions/$1/src/**', 'shared/src/**'],
    packages: true,
    why: 'actions use shared/src and npm packages only, never backend/',
  },
];

/** Folders whose files must each match a row of RULES (`*` = every folder there). */
const CHECKED_ROOTS = ['backend/src', 'shared/src', 'actions/*/src'];
const SOURCE_FILE = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', '.git']);

// ---------------------------------------------------------------------------

import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `**` any depth (a trailing `/**` also matches the folder itself), `*` one segment, `{a,b}`. */
function globToRegExp(glob) {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (glob.startsWith('/**', i) && i + 3 === glob.length) {
      source += '(?:/.*)?';
      i += 2;
    } else if (glob.startsWith('**/', i)) {
      source += '(?:.*/)?';
      i += 2;
    } else if (glob.startsWith('**', i)) {
      source += '.*';
      i += 1;
    } else if (c === '*') {
      source += '([^/]*)';
    } else if (c === '{') {
      const end = glob.indexOf('}', i);
      source += `(${glob
        .slice(i + 1, end)
        .split(',')
        .map(escapeRegExp)
        .join('|')})`;
      i = end;
    } else {
      source += escapeRegExp(c);
    }
  }
  return new RegExp(`^${source}$`);
}

const compiled = new Map();
function matchGlob(glob, file) {
  if (!compiled.has(glob)) compiled.set(glob, globToRegExp(glob));
  return compiled.get(glob).exec(file);
}

function ruleFor(file) {
  for (const rule of RULES) {
    for (const glob of rule.files) {
      const match = matchGlob(glob, file);
      if (match) return { rule, captures: match.slice(1) };
    }
  }
  return undefined;
}

const fill = (text, captures) => text.replace(/\$(\d)/g, (_, n) => captures[Number(n) - 1] ?? '');

function mayImportFile(rule, captures, target) {
  let allowed = false;
  for (const pattern of rule.mayImport) {
    const negated = pattern.startsWith('!');
    if (matchGlob(fill(negated ? pattern.slice(1) : pattern, captures), target)) allowed = !negated;
  }
  return allowed;
}

function describeRule(rule, captures) {
  const files = rule.mayImport
    .map((pattern) => fill(pattern, captures))
    .map((pattern) => (pattern.startsWith('!') ? `not ${pattern.slice(1)}` : pattern));
  const allowed = [...files, rule.packages ? 'npm packages' : undefined, 'node builtins'].filter(Boolean);
  return `${fill(rule.area, captures)} may import only ${allowed.join(', ')}; ${rule.why}`;
}

// ---------------------------------------------------------------------------
// Finding import specifiers

/**
 * Blanks out comments (keeping line breaks, so offsets and line numbers stay put), so that
 * commented-out imports and examples in doc comments are not read as imports. Knows about
 * strings and template literals; regular-expression literals are not special-cased.
 */
function stripComments(source) {
  let out = '';
  let i = 0;
  let depth = 0; // brace depth in code
  const templateDepths = []; // the brace depth at each open `${` of a template literal
  const blank = (text) => text.replace(/[^\n]/g, ' ');
  const copyTo = (end) => {
    out += source.slice(i, end);
    i = end;
  };
  /** Copies template text from i up to and including the closing "`" or the next "${". */
  const copyTemplate = () => {
    let j = i;
    while (j < source.length && source[j] !== '`' && !source.startsWith('${', j)) j += source[j] === '\\' ? 2 : 1;
    if (source[j] === '`') return copyTo(j + 1);
    templateDepths.push(depth);
    copyTo(Math.min(j + 2, source.length));
  };
  while (i < source.length) {
    const c = source[i];
    if (c === '/' && source[i + 1] === '/') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      out += blank(source.slice(i, stop));
      i = stop;
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      out += blank(source.slice(i, stop));
      i = stop;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < source.length && source[j] !== c && source[j] !== '\n') j += source[j] === '\\' ? 2 : 1;
      copyTo(Math.min(j + 1, source.length));
    } else if (c === '`') {
      copyTo(i + 1);
      copyTemplate();
    } else if (c === '}' && templateDepths.at(-1) === depth) {
      templateDepths.pop();
      copyTo(i + 1);
      copyTemplate();
    } else {
      if (c === '{') depth++;
      if (c === '}') depth--;
      copyTo(i + 1);
    }
  }
  return out;
}

const IMPORT_PATTERNS = [
  // import x from '...'; import { a, type B } from '...'; import '...'; import type X from '...';
  // export * from '...'; export { a } from '...'; export * as ns from '...'
  // A keyword right after a quote is a string's text ('import', 'attach'), not a statement.
  /(?<![\w$.'"`])(?:import|export)(?=[\s{*'"])\s*(?:type\s+)?(?:[\w$*{}\s,]+?\s*from\s*)?(['"])([^'"\n]+)\1/g,
  // import('...'), require('...')
  /(?<![\w$.'"`])(?:import|require)\s*\(\s*(['"`])([^'"`\n$]+)\1/g,
];

/** True when a static import or export statement brings in types only. */
function typeOnly(statement) {
  if (/^(?:import|export)\s+type[\s{]/.test(statement)) return true;
  const braces = /^(?:import|export)\s*\{([^}]*)\}\s*from/.exec(statement);
  if (!braces) return false;
  const names = braces[1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => name.startsWith('type '));
}

/**
 * Every import specifier in a source text, with its 1-based line; `runtime` is false for type-only
 * and dynamic imports, which cannot take part in a load-time cycle.
 */
export function findImports(source) {
  const code = stripComments(source);
  const found = [];
  IMPORT_PATTERNS.forEach((pattern, index) => {
    for (const match of code.matchAll(pattern)) {
      const offset = match.index + match[0].length - match[2].length - 1;
      const runtime = index === 0 && !typeOnly(match[0]);
      found.push({ specifier: match[2], line: code.slice(0, offset).split('\n').length, runtime });
    }
  });
  return found.sort((a, b) => a.line - b.line);
}

// ---------------------------------------------------------------------------
// Resolving and checking

const toPosix = (file) => file.split(path.sep).join('/');

/** The repo path a relative specifier points at: the real file when it exists (./x.js -> x.ts). */
function resolveRelative(root, importer, specifier) {
  const base = path.resolve(root, path.dirname(importer), specifier);
  const stem = base.replace(/\.[cm]?js$|\.jsx$/, '');
  const candidates = [
    base,
    ...(stem !== base ? ['.ts', '.tsx', '.mts', '.cts'].map((ext) => stem + ext) : []),
    ...['.ts', '.tsx', '.js', '.mjs', '.cjs'].map((ext) => base + ext),
    ...['index.ts', 'index.tsx', 'index.js'].map((name) => path.join(base, name)),
  ];
  const file = candidates.find((candidate) => {
    try {
      return fs.statSync(candidate).isFile();
    } catch {
      return false;
    }
  });
  return toPosix(path.relative(root, file ?? base));
}

function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function listSourceFiles(root) {
  const files = [];
  const walk = (dir) => {
    let entries;
    try {
      entries = fs.readdirSync(path.join(root, dir), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(relative);
      } else if (entry.isFile() && SOURCE_FILE.test(entry.name)) {
        files.push(relative);
      }
    }
  };
  for (const checkedRoot of CHECKED_ROOTS) {
    const [parent, rest] = checkedRoot.split('/*/');
    if (rest === undefined) {
      walk(checkedRoot);
      continue;
    }
    let children = [];
    try {
      children = fs.readdirSync(path.join(root, parent), { withFileTypes: true });
    } catch {
      // no such folder
    }
    for (const child of children) if (child.isDirectory()) walk(`${parent}/${child.name}/${rest}`);
  }
  return files.sort();
}

/**
 * Checks every source file under `root` against RULES.
 * Returns the violations: { file, line, area, specifier, target, rule, message }.
 */
export function checkImports(root) {
  const violations = [];
  const edges = new Map(); // file -> [{ target, line }] of runtime imports of repository files
  for (const file of listSourceFiles(root)) {
    const found = ruleFor(file);
    if (!found) {
      const message = `${file} is in no area of the import rules (rule: every file under ${CHECKED_ROOTS.join(', ')} must match a row of RULES in scripts/check-imports.js; add one)`;
      violations.push({ file, line: 1, area: undefined, specifier: undefined, target: file, rule: undefined, message });
      continue;
    }
    const { rule, captures } = found;
    const area = fill(rule.area, captures);
    for (const { specifier, line, runtime } of findImports(fs.readFileSync(path.join(root, file), 'utf8'))) {
      let target;
      let allowed;
      if (specifier.startsWith('.') || specifier.startsWith('/')) {
        target = resolveRelative(root, file, specifier);
        allowed = mayImportFile(rule, captures, target);
        if (runtime) edges.set(file, [...(edges.get(file) ?? []), { target, line }]);
      } else if (isBuiltin(specifier)) {
        continue;
      } else {
        target = `package "${packageName(specifier)}"`;
        allowed = rule.packages;
      }
      if (allowed) continue;
      const message = `${area} must not import ${target} (rule: ${describeRule(rule, captures)})`;
      violations.push({ file, line, area, specifier, target, rule, message });
    }
  }
  return [...violations, ...findCycles(edges)];
}

/** One violation per import cycle, found by depth-first search and reported at its first edge. */
function findCycles(edges) {
  const violations = [];
  const state = new Map(); // file -> 'open' while on the path, 'done' after
  const path = [];
  const visit = (file) => {
    state.set(file, 'open');
    path.push(file);
    for (const { target, line } of edges.get(file) ?? []) {
      if (state.get(target) === 'open') {
        const cycle = [...path.slice(path.indexOf(target)), target];
        const message = `import cycle ${cycle.join(' -> ')} (rule: files must not import each other in a circle at run time; move what both need into a third module, or import types with \`import type\`)`;
        violations.push({ file, line, area: undefined, specifier: undefined, target, rule: undefined, message });
      } else if (!state.has(target)) {
        visit(target);
      }
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of [...edges.keys()].sort()) if (!state.has(file)) visit(file);
  return violations;
}

export function formatViolation(violation) {
  return `${violation.file}:${violation.line}: ${violation.message}`;
}

function main() {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const violations = checkImports(root);
  for (const violation of violations) console.error(formatViolation(violation));
  if (violations.length > 0) {
    console.error(
      `check-imports: ${violations.length} import rule violation(s); the rules are at the top of scripts/check-imports.js.`,
    );
    process.exit(1);
  }
}

const invokedPath = process.argv[1] ? fs.realpathSync(path.resolve(process.argv[1])) : '';
if (invokedPath === fs.realpathSync(fileURLToPath(import.meta.url))) main();
