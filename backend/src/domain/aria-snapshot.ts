// Reads the YAML-like text of Playwright's `ariaSnapshot()` into a flat list of nodes:
//   - button "Sign in"            -> { role: 'button', name: 'Sign in' }
//   - text: Buy milk              -> { role: 'text', text: 'Buy milk' }
//   - paragraph: Hello world      -> { role: 'paragraph', text: 'Hello world' }
//   - checkbox "Done" [checked]   -> { role: 'checkbox', name: 'Done', attributes: ['checked'] }
// Property lines (`- /url: /docs`) are skipped.

export interface AriaNode {
  role: string;
  name: string | null;
  text: string | null;
  attributes: string[];
  depth: number;
}

const LINE = /^(\s*)- (.*)$/;

function readQuoted(text: string, from: number): { value: string; end: number } | null {
  if (text[from] !== '"') return null;
  for (let i = from + 1; i < text.length; i++) {
    if (text[i] === '\\') {
      i++;
      continue;
    }
    if (text[i] === '"') {
      try {
        return { value: JSON.parse(text.slice(from, i + 1)) as string, end: i + 1 };
      } catch {
        return { value: text.slice(from + 1, i), end: i + 1 };
      }
    }
  }
  return null;
}

function readScalar(text: string): string {
  const trimmed = text.trim();
  if (trimmed.startsWith('"')) return readQuoted(trimmed, 0)?.value ?? trimmed;
  if (trimmed.startsWith("'") && trimmed.endsWith("'") && trimmed.length > 1)
    return trimmed.slice(1, -1).replace(/''/g, "'");
  return trimmed;
}

export function parseAriaSnapshot(snapshot: string): AriaNode[] {
  const nodes: AriaNode[] = [];
  for (const line of snapshot.split('\n')) {
    const m = LINE.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 2;
    const rest = m[2]!;
    if (rest.startsWith('/')) continue;
    const role = /^[a-zA-Z][\w-]*/.exec(rest)?.[0];
    if (!role) continue;
    let i = role.length;
    let name: string | null = null;
    if (rest[i] === ' ' && rest[i + 1] === '"') {
      const quoted = readQuoted(rest, i + 1);
      if (quoted) {
        name = quoted.value;
        i = quoted.end;
      }
    }
    const attributes: string[] = [];
    for (let attr = /^ \[([^\]]*)\]/.exec(rest.slice(i)); attr; attr = /^ \[([^\]]*)\]/.exec(rest.slice(i))) {
      attributes.push(attr[1]!);
      i += attr[0].length;
    }
    let text: string | null = null;
    if (rest.slice(i).startsWith(': ')) text = readScalar(rest.slice(i + 2));
    nodes.push({ role, name, text: text === '' ? null : text, attributes, depth });
  }
  return nodes;
}

/** How a node reads in a message: `button "Sign in"`, `text "Buy milk"`. */
export function describeNode(node: AriaNode): string {
  const label = node.name ?? node.text;
  return label === null ? node.role : `${node.role} ${JSON.stringify(label)}`;
}
