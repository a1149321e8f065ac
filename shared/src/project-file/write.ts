// Writes a project document as the YAML `goalie apply` reads, with a header that says where it came
// from and which environment variables it expects.
import YAML from 'yaml';

export interface ProjectYamlHeader {
  /** Where and when the file was exported, e.g. "https://goalie.example.com on 2026-11-25". */
  source: string;
  variables: { name: string; holds: string }[];
  keptOnServer: string[];
}

export function projectYaml(document: Record<string, unknown>, header: ProjectYamlHeader): string {
  const lines = [
    `Exported from ${header.source}.`,
    'Apply it with: goalie apply <this file> (see docs/projects-as-code.md).',
    ...(header.variables.length
      ? [
          '',
          'Secret values are not exported. Set these environment variables before applying:',
          ...header.variables.map((v) => `  ${v.name}: ${v.holds}`),
        ]
      : []),
    ...(header.keptOnServer.length
      ? ['', 'Left out, and kept by the server when you apply this file:', ...header.keptOnServer.map((k) => `  ${k}`)]
      : []),
  ];
  const doc = new YAML.Document(document);
  doc.commentBefore = lines.map((l) => (l ? ` ${l}` : '')).join('\n');
  // Long goals stay readable: no folding of long lines, block style for multi-line text.
  return doc.toString({ lineWidth: 0, blockQuote: 'literal' });
}
