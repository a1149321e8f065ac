// Reads a project YAML: parse with positions, substitute ${ENV_VAR}s, check the structure.
// Every problem names the file, the line and column, the path inside the document, and what is wrong.
import { isMap, isScalar, isSeq, LineCounter, parseDocument, visit, type Document, type Node } from 'yaml';
import { describeIssue, formatPath } from '../api/validation.js';
import { projectFileSchema, type ProjectFile } from './schema.js';
import { ENV_PATTERN } from './variables.js';

export type DocPath = readonly (string | number)[];

export interface FileProblem {
  path: DocPath;
  message: string;
}

export class ProjectFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: readonly { where: string; path: string; message: string }[],
  ) {
    super(
      `${file}: ${problems.length} problem${problems.length === 1 ? '' : 's'}, nothing was applied:\n` +
        problems.map((p) => `  ${p.where}${p.path ? ` ${p.path}` : ''}: ${p.message}`).join('\n'),
    );
  }
}

export interface LoadedProjectFile {
  file: string;
  doc: ProjectFile;
  /** Variables that were unset (or empty) where the file was loaded, so `${NAME:-default}` used its default. */
  defaulted: string[];
  /** Turns problems found later (e.g. unknown references) into a ProjectFileError with positions. */
  fail(problems: readonly FileProblem[]): ProjectFileError;
}

/** `${NAME}` and `${NAME:-fallback}` in string values; unset variables without a fallback are problems. */
function interpolate(
  value: unknown,
  env: Record<string, string | undefined>,
  path: (string | number)[],
  problems: FileProblem[],
  defaulted: Set<string>,
): unknown {
  if (typeof value === 'string') {
    // PostgreSQL text cannot hold U+0000 (YAML writes it "\0"): said here, not by the database.
    if (value.includes('\u0000'))
      problems.push({ path, message: 'contains a NUL character (\\0), which cannot be stored; remove it' });
    return value.replace(ENV_PATTERN, (whole, variable: string, fallback: string | undefined) => {
      // Own variables only: `${constructor}` is no variable of anyone's environment.
      const found = Object.hasOwn(env, variable) ? env[variable] : undefined;
      if (found !== undefined && found !== '') return found;
      if (fallback !== undefined) {
        defaulted.add(variable);
        return fallback;
      }
      problems.push({
        path,
        message: `uses \${${variable}}, but the environment variable ${variable} is not set; set it, or write \${${variable}:-default}`,
      });
      return whole;
    });
  }
  if (Array.isArray(value)) return value.map((item, i) => interpolate(item, env, [...path, i], problems, defaulted));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, interpolate(v, env, [...path, k], problems, defaulted)]),
    );
  }
  return value;
}

/** Aliases a file may resolve; far more than a hand-written file repeats, far fewer than an alias bomb. */
const MAX_ALIASES = 100;

/** Keys said twice in one mapping, with where the second one is; linear in the size of the file. */
function duplicateKeys(document: Document): { key: string; offset: number }[] {
  const found: { key: string; offset: number }[] = [];
  visit(document, {
    Map(_, map) {
      const seen = new Set<string>();
      for (const pair of map.items) {
        if (!isScalar(pair.key)) continue;
        const key = String(pair.key.value);
        if (seen.has(key)) found.push({ key, offset: pair.key.range?.[0] ?? 0 });
        seen.add(key);
      }
    },
  });
  return found;
}

export function loadProjectFile(
  file: string,
  text: string,
  env: Record<string, string | undefined> = process.env,
): LoadedProjectFile {
  const lineCounter = new LineCounter();
  // Duplicate keys are found below, in one pass: the parser's own check compares every key of a
  // mapping with every other, which a file of many keys turns into seconds of a blocked server.
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false });

  const where = (path: DocPath): string => {
    // The deepest node that exists on the path gives the position.
    let node: unknown = document.contents;
    let offset = (document.contents as Node | null)?.range?.[0] ?? 0;
    for (const key of path) {
      if (isMap(node)) {
        const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(key));
        if (!pair) break;
        offset = (pair.key as Node).range?.[0] ?? offset;
        node = pair.value;
      } else if (isSeq(node) && typeof key === 'number' && node.items[key]) {
        node = node.items[key];
        offset = (node as Node).range?.[0] ?? offset;
      } else {
        break;
      }
    }
    const { line, col } = lineCounter.linePos(offset);
    return `${file}:${line}:${col}`;
  };

  const fail = (problems: readonly FileProblem[]) =>
    new ProjectFileError(
      file,
      problems.map((p) => ({ where: where(p.path), path: formatPath(p.path), message: p.message })),
    );

  if (document.errors.length > 0) {
    throw new ProjectFileError(
      file,
      document.errors.map((e) => {
        const { line, col } = lineCounter.linePos(e.pos[0]);
        return { where: `${file}:${line}:${col}`, path: '', message: `is not valid YAML: ${e.message.split('\n')[0]}` };
      }),
    );
  }
  const duplicates = duplicateKeys(document);
  if (duplicates.length) {
    throw new ProjectFileError(
      file,
      duplicates.map(({ key, offset }) => {
        const { line, col } = lineCounter.linePos(offset);
        return {
          where: `${file}:${line}:${col}`,
          path: '',
          message: `has the key ${JSON.stringify(key)} twice in one mapping; keep one`,
        };
      }),
    );
  }
  let raw: unknown;
  try {
    raw = document.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (error) {
    // Aliases that expand into more than the file holds (a "billion laughs"): refused, not expanded.
    throw new ProjectFileError(file, [
      {
        where: `${file}:1:1`,
        path: '',
        message: `cannot be read: ${(error as Error).message}; write the values out instead of repeating aliases`,
      },
    ]);
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ProjectFileError(file, [
      {
        where: `${file}:1:1`,
        path: '',
        message: 'must be a YAML mapping with organization, project, applications, ... (see docs/projects-as-code.md)',
      },
    ]);
  }
  const problems: FileProblem[] = [];
  const defaulted = new Set<string>();
  const interpolated = interpolate(raw, env, [], problems, defaulted);

  // Checked also when a variable is unset, so that one round lists both kinds of problem; a value
  // whose variable is unset is not judged (its text is still `${NAME}`).
  const parsed = projectFileSchema.safeParse(interpolated, { error: describeIssue });
  if (!parsed.success) {
    const unset = new Set(problems.map((p) => formatPath(p.path)));
    for (const issue of parsed.error.issues) {
      const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
      if (!unset.has(formatPath(path))) problems.push({ path, message: issue.message });
    }
  }
  if (problems.length || !parsed.success) throw fail(problems);
  return { file, doc: parsed.data, defaulted: [...defaulted].sort(), fail };
}
