// A review's stored exploration and checks, read back: what older rows and damaged values become.
import { expect } from 'chai';
import { readChecks, readExploration } from '../../../backend/src/persistence/review-json.js';

const finding = {
  severity: 'major',
  kind: 'http-error',
  title: 'Page /x answered 500',
  page: 'https://p.example/x',
  evidence: 'HTTP 500',
};

describe('reading a review’s stored JSON', () => {
  const explorations: [string, unknown, unknown][] = [
    ['null: not explored yet', null, null],
    [
      'a whole row',
      { pagesVisited: ['a'], findings: [finding], unreachable: false, runNote: 'No plan fits.' },
      { pagesVisited: ['a'], findings: [finding], unreachable: false, runNote: 'No plan fits.' },
    ],
    [
      'an older row without runNote',
      { pagesVisited: [], findings: [], unreachable: true },
      { pagesVisited: [], findings: [], unreachable: true, runNote: null },
    ],
    [
      'one unreadable finding is left out, the others kept',
      { pagesVisited: [], findings: [{ severity: 'huge' }, finding], unreachable: false, runNote: null },
      { pagesVisited: [], findings: [finding], unreachable: false, runNote: null },
    ],
    [
      'fields of the wrong type read as empty',
      { pagesVisited: 'a', findings: {}, unreachable: 'yes', runNote: 3 },
      { pagesVisited: [], findings: [], unreachable: false, runNote: null },
    ],
    ['not an object: not explored', 'text', null],
  ];
  for (const [name, stored, read] of explorations) {
    it(`exploration: ${name}`, () => expect(readExploration(stored)).to.deep.equal(read));
  }

  const checks: [string, unknown, unknown][] = [
    ['null: no checks ran', null, null],
    [
      'checks',
      [{ goal: 'g', passed: true, title: 'ok', thought: 't' }],
      [{ goal: 'g', passed: true, title: 'ok', thought: 't' }],
    ],
    [
      'a check without title or thought',
      [{ goal: 'g', passed: false }],
      [{ goal: 'g', passed: false, title: null, thought: '' }],
    ],
    ['not a list', { goal: 'g' }, null],
  ];
  for (const [name, stored, read] of checks) {
    it(`checks: ${name}`, () => expect(readChecks(stored)).to.deep.equal(read));
  }
});
