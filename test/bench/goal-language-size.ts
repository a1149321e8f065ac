// How big the goal language's code is: the regular expressions in domain/goal-language/ (literals and
// `new RegExp`/`RegExp(` calls, read from the syntax tree, not grepped) and the lexicon's entries. The
// issue's measure of generality: adding a phrasing should add a lexicon entry, not regular expressions.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { LEXICON } from '../../backend/src/domain/goal-language/lexicon.js';

const FOLDER = join(import.meta.dirname, '../../backend/src/domain/goal-language');

/** Regular expressions written in one TypeScript source. */
export function countRegExps(source: string): number {
  const file = ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, true);
  let count = 0;
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) count++;
    if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    )
      count++;
    ts.forEachChild(node, visit);
  };
  visit(file);
  return count;
}

export function goalLanguageSize(): {
  regularExpressions: number;
  byFile: Record<string, number>;
  lexiconEntries: number;
} {
  const byFile: Record<string, number> = {};
  for (const name of readdirSync(FOLDER)
    .filter((n) => n.endsWith('.ts'))
    .sort())
    byFile[name] = countRegExps(readFileSync(join(FOLDER, name), 'utf8'));
  const regularExpressions = Object.values(byFile).reduce((a, b) => a + b, 0);
  return { regularExpressions, byFile, lexiconEntries: LEXICON.length };
}

if (process.argv[1] === import.meta.filename) console.log(JSON.stringify(goalLanguageSize(), null, 2));
