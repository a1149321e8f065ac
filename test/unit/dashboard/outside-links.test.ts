// Keeps the dashboard's links safe by construction: every href, src and form action on a page is a
// literal, a path of Goalie's own (a template starting with /, # or ?, or one of the path builders
// below), or goes through <OutsideLink> (outside-link.tsx), which links only http(s) URLs. A value
// from outside put straight into an href is how a stored `javascript:` URL becomes a link.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DASHBOARD = path.join(ROOT, 'backend/src/http/dashboard');
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formAction', 'formaction', 'srcset', 'poster']);
/** Checks its `href` itself. */
const OUTSIDE_LINK = 'OutsideLink';

/** Functions that build paths of Goalie's own pages (or evidence), and values that hold such a path. */
const OWN_PATH_BUILDERS = new Set([
  'settingsPath',
  'startPath',
  'evidenceHref',
  'runListHref',
  'href',
  'address',
  'p.start',
  'runTestCaseLink',
]);
const OWN_PATH_VALUES = new Set(['ctx.path', 'action', 'props.action', 'link.href', 'path', 'base']);
/** Where the checked URL itself is put into the href. */
const CHECKED_HERE = 'outside-link.tsx';

function tsxFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(full);
    return entry.name.endsWith('.tsx') ? [full] : [];
  });
}

/** Whether an attribute's expression can only be a path of Goalie's own. */
function isOwnPath(expression: ts.Expression, file: ts.SourceFile): boolean {
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return true;
  if (ts.isTemplateExpression(expression)) {
    if (/^[/#?]/.test(expression.head.text) && !expression.head.text.startsWith('//')) return true;
    return expression.head.text === '' && isOwnPath(expression.templateSpans[0]!.expression, file);
  }
  if (ts.isCallExpression(expression)) return OWN_PATH_BUILDERS.has(expression.expression.getText(file));
  if (ts.isParenthesizedExpression(expression)) return isOwnPath(expression.expression, file);
  return OWN_PATH_VALUES.has(expression.getText(file));
}

/** href, src, action and the like, on an element or a component (<object data> too); not OutsideLink's own href. */
function isUrlAttribute(attribute: ts.JsxAttribute, source: ts.SourceFile): boolean {
  const name = attribute.name.getText(source);
  const element = attribute.parent.parent;
  const tag =
    ts.isJsxOpeningElement(element) || ts.isJsxSelfClosingElement(element) ? element.tagName.getText(source) : '';
  if (tag === OUTSIDE_LINK) return false;
  return URL_ATTRIBUTES.has(name) || (name === 'data' && tag === 'object');
}

function linksMadeFromValues(file: string, text = fs.readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxAttribute(node) && isUrlAttribute(node, source)) {
      const value = node.initializer;
      if (value && ts.isJsxExpression(value) && value.expression && !isOwnPath(value.expression, source)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        found.push(`${path.relative(ROOT, file)}:${line + 1}: ${node.getText(source)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('dashboard links', () => {
  const files = tsxFiles(DASHBOARD);

  it('put no value into an href, src or action except a path of Goalie’s own or through <OutsideLink>', () => {
    expect(files.length, 'the dashboard pages were found').to.be.greaterThan(20);
    const offending = files.filter((f) => path.basename(f) !== CHECKED_HERE).flatMap((f) => linksMadeFromValues(f));
    expect(
      offending,
      'link a URL from outside with <OutsideLink href={...}> (backend/src/http/dashboard/outside-link.tsx)',
    ).to.deep.equal([]);
  });

  it('would catch a value from outside put into an href, and take OutsideLink', () => {
    const probe = path.join(DASHBOARD, 'probe.tsx');
    const raw = 'export const P = ({ d }: { d: { url: string } }) => <a href={d.url}>x</a>;\n';
    const checked = 'export const P = ({ d }: { d: { url: string } }) => <OutsideLink href={d.url}>x</OutsideLink>;\n';
    expect(linksMadeFromValues(probe, raw)).to.deep.equal(['backend/src/http/dashboard/probe.tsx:1: href={d.url}']);
    expect(linksMadeFromValues(probe, checked)).to.deep.equal([]);
  });
});
