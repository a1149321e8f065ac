import { expect } from 'chai';
import { describeNode, parseAriaSnapshot } from '../../../backend/src/domain/aria-snapshot.js';
import { closest, similarity } from '../../../backend/src/domain/similarity.js';

describe('aria snapshot text', () => {
  const snapshot = [
    '- heading "Todos" [level=1]',
    '- textbox "What needs to be done?"',
    '- list:',
    '  - listitem:',
    '    - checkbox [checked]',
    '    - text: "Walk \\"dog\\": now"',
    '    - button "Delete"',
    '- link "Docs":',
    '  - /url: /docs',
    '- paragraph: Hello world',
    "- text: 'it''s'",
  ].join('\n');

  it('reads roles, names, texts, attributes and depth, and skips properties', () => {
    expect(parseAriaSnapshot(snapshot)).to.deep.equal([
      { role: 'heading', name: 'Todos', text: null, attributes: ['level=1'], depth: 0 },
      { role: 'textbox', name: 'What needs to be done?', text: null, attributes: [], depth: 0 },
      { role: 'list', name: null, text: null, attributes: [], depth: 0 },
      { role: 'listitem', name: null, text: null, attributes: [], depth: 1 },
      { role: 'checkbox', name: null, text: null, attributes: ['checked'], depth: 2 },
      { role: 'text', name: null, text: 'Walk "dog": now', attributes: [], depth: 2 },
      { role: 'button', name: 'Delete', text: null, attributes: [], depth: 2 },
      { role: 'link', name: 'Docs', text: null, attributes: [], depth: 0 },
      { role: 'paragraph', name: null, text: 'Hello world', attributes: [], depth: 0 },
      { role: 'text', name: null, text: "it's", attributes: [], depth: 0 },
    ]);
  });

  it('describes nodes for messages', () => {
    expect(parseAriaSnapshot(snapshot).map(describeNode).slice(0, 3)).to.deep.equal([
      'heading "Todos"',
      'textbox "What needs to be done?"',
      'list',
    ]);
  });
});

describe('similarity of names', () => {
  const table: [string, string, (score: number) => boolean][] = [
    ['Email', 'email', (s) => s === 1],
    ['Email', 'Email address', (s) => s >= 0.7],
    ['Email', 'E-mail', (s) => s >= 0.5],
    ['Sign in', 'Sign up', (s) => s > 0.3 && s < 0.65], // below the healing threshold: never healed into each other
    ['Colour', 'Color', (s) => s >= 0.65],
    ['User name', 'Username', (s) => s >= 0.9],
    ['Sign in', 'Delete', (s) => s < 0.3],
    ['', 'x', (s) => s === 0],
  ];
  for (const [a, b, ok] of table)
    it(`${a} ~ ${b}`, () => expect(ok(similarity(a, b)), String(similarity(a, b))).to.equal(true));

  it('ranks the closest first', () => {
    expect(closest('Sign up', ['Delete', 'Sign in', 'Sign up now'], (x) => x, 2).map((r) => r.item)).to.deep.equal([
      'Sign up now',
      'Sign in',
    ]);
  });
});
