import { expect } from 'chai';
import {
  findCycle,
  topologicalOrder,
  withDependencies,
  type DependencyEdges,
} from '../../../backend/src/domain/dependency-graph.js';

const graph = (edges: Record<string, Partial<DependencyEdges>>) =>
  new Map(Object.entries(edges).map(([id, e]) => [id, { resumeFrom: e.resumeFrom ?? null, waitFor: e.waitFor ?? [] }]));

describe('dependency graph', () => {
  const shop = graph({
    signIn: {},
    cart: { resumeFrom: 'signIn' },
    checkout: { resumeFrom: 'cart', waitFor: ['cart', 'stock'] },
    stock: {},
    admin: {},
  });

  const closures: [string[], string[]][] = [
    [['admin'], ['admin']],
    [['checkout'], ['checkout', 'cart', 'signIn', 'stock']],
    [
      ['cart', 'admin'],
      ['cart', 'signIn', 'admin'],
    ],
    [
      ['checkout', 'signIn'],
      ['checkout', 'cart', 'signIn', 'stock'],
    ],
  ];
  for (const [roots, expected] of closures) {
    it(`includes the dependencies of ${roots.join(', ')}`, () =>
      expect(withDependencies(roots, shop)).to.deep.equal(expected));
  }

  it('orders dependencies before dependents and keeps the input order otherwise', () => {
    expect(topologicalOrder(['checkout', 'cart', 'signIn', 'stock', 'admin'], shop)).to.deep.equal([
      'signIn',
      'cart',
      'stock',
      'checkout',
      'admin',
    ]);
    expect(topologicalOrder(['admin', 'stock'], shop)).to.deep.equal(['admin', 'stock']);
  });

  const cycles: [string, Record<string, Partial<DependencyEdges>>, string[] | null][] = [
    ['none', { a: {}, b: { waitFor: ['a'] } }, null],
    ['self through resume', { a: { resumeFrom: 'a' } }, ['a', 'a']],
    ['two through wait', { a: { waitFor: ['b'] }, b: { waitFor: ['a'] } }, ['a', 'b', 'a']],
    ['three mixed', { a: { resumeFrom: 'b' }, b: { waitFor: ['c'] }, c: { resumeFrom: 'a' } }, ['a', 'b', 'c', 'a']],
    ['diamond is no cycle', { a: { waitFor: ['b', 'c'] }, b: { waitFor: ['d'] }, c: { waitFor: ['d'] }, d: {} }, null],
  ];
  for (const [name, edges, expected] of cycles) {
    it(`finds cycles: ${name}`, () => expect(findCycle(graph(edges))).to.deep.equal(expected));
  }
});
