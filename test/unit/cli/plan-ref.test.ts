// A test plan named by a person (`--plan smoke`, an MCP tool's `plan`): by short ID or name, any
// case, and a near miss refused with what was probably meant; "did you mean" on its own.
import { expect } from 'chai';
import { resolvePlanRef, type PlanChoice } from '../../../shared/src/client/plan-ref.js';
import { didYouMean, editDistance } from '../../../shared/src/did-you-mean.js';

const PLANS: PlanChoice[] = [
  { shortId: 'pln-smoke_4kq8z1', name: 'Smoke' },
  { shortId: 'pln-nightly_9x2m7a', name: 'Nightly regression' },
  { shortId: 'pln-checkout_3b8c1d', name: 'Checkout' },
  { shortId: 'pln-checkout_7z7z7z', name: 'checkout' },
];

describe('resolvePlanRef', () => {
  const found: [string, string, string][] = [
    ['a short ID', 'pln-smoke_4kq8z1', 'pln-smoke_4kq8z1'],
    ['a name', 'Smoke', 'pln-smoke_4kq8z1'],
    ['a name in another case', 'smoke', 'pln-smoke_4kq8z1'],
    ['a name with spaces around it', '  Nightly regression ', 'pln-nightly_9x2m7a'],
    ['a name in another case, spaces inside kept', 'NIGHTLY REGRESSION', 'pln-nightly_9x2m7a'],
    ['the exact name when others differ only in case', 'checkout', 'pln-checkout_7z7z7z'],
  ];
  for (const [what, ref, shortId] of found) {
    it(`finds ${what}: ${JSON.stringify(ref)}`, () => {
      expect(resolvePlanRef(ref, PLANS)).to.deep.equal({ plan: PLANS.find((p) => p.shortId === shortId) });
    });
  }

  const refused: [string, string, readonly PlanChoice[], string[]][] = [
    ['a typo of a name', 'smok', PLANS, ['no test plan named "smok"', 'Did you mean "Smoke" (pln-smoke_4kq8z1)?']],
    ['swapped letters', 'Smkoe', PLANS, ['Did you mean "Smoke" (pln-smoke_4kq8z1)?']],
    ['part of a name', 'nightly', PLANS, ['Did you mean "Nightly regression" (pln-nightly_9x2m7a)?']],
    [
      'a short ID not in the project',
      'pln-smoke_4kq8z2',
      PLANS,
      ['no test plan with the short ID "pln-smoke_4kq8z2"', 'Did you mean "Smoke" (pln-smoke_4kq8z1)?'],
    ],
    [
      'a name nothing is close to',
      'performance',
      PLANS,
      ['no test plan named "performance" in the project. The plans are: "Smoke" (pln-smoke_4kq8z1), '],
    ],
    [
      'two names in other cases',
      'CHECKOUT',
      PLANS,
      ['2 test plans are named "CHECKOUT" in other cases', 'give the short ID of the one you mean'],
    ],
    ['an empty name', '  ', PLANS, ['the test plan is empty']],
    ['any name in a project without plans', 'Smoke', [], ['the project has no test plans yet']],
  ];
  for (const [what, ref, plans, says] of refused) {
    it(`refuses ${what}, saying what exists`, () => {
      const resolved = resolvePlanRef(ref, plans);
      expect(resolved).to.have.property('problem');
      for (const part of says) expect((resolved as { problem: string }).problem).to.include(part);
    });
  }

  it('names at most ten plans, then how many more', () => {
    const many = Array.from({ length: 13 }, (_, i) => ({ shortId: `pln_${i}aaaaa`, name: `Plan number ${i}` }));
    const { problem } = resolvePlanRef('zzz', many) as { problem: string };
    expect(problem).to.include('"Plan number 9" (pln_9aaaaa) and 3 more');
    expect(problem).to.not.include('Plan number 10"');
  });

  it('never suggests "did you mean" for a name that is far from every plan', () => {
    expect((resolvePlanRef('xyz', PLANS) as { problem: string }).problem).to.not.include('Did you mean');
  });
});

describe('didYouMean', () => {
  const cases: [string, string[], string[]][] = [
    ['smoke', ['Smoke', 'Nightly'], ['Smoke']],
    ['smok', ['Smoke', 'Nightly'], ['Smoke']],
    ['Chekcout', ['Checkout', 'Check in'], ['Checkout']],
    ['night', ['Smoke', 'Nightly regression'], ['Nightly regression']],
    ['ab', ['abc', 'xyz'], ['abc']],
    ['zzzz', ['Smoke', 'Nightly'], []],
    ['', ['Smoke'], []],
    ['plan', ['Plan A', 'Plan B', 'Plan C', 'Plan D'], ['Plan A', 'Plan B', 'Plan C']],
  ];
  for (const [query, candidates, expected] of cases) {
    it(`${JSON.stringify(query)} among ${JSON.stringify(candidates)} → ${JSON.stringify(expected)}`, () => {
      expect(didYouMean(query, candidates)).to.deep.equal(expected);
    });
  }

  const distances: [string, string, number][] = [
    ['smoke', 'smoke', 0],
    ['smoke', 'smok', 1],
    ['smoke', 'smkoe', 1],
    ['kitten', 'sitting', 3],
    ['', 'abc', 3],
  ];
  for (const [a, b, d] of distances) {
    it(`editDistance(${JSON.stringify(a)}, ${JSON.stringify(b)}) is ${d}`, () => {
      expect(editDistance(a, b)).to.equal(d);
    });
  }
});
