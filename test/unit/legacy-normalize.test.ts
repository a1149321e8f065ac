import { expect } from 'chai';
import { legacyTrigger, normalizeLegacyStartRun } from '../../backend/src/http/routes/legacy/normalize.js';

describe('legacy start-run bodies', () => {
  const triggers: [unknown, unknown][] = [
    ['API', 'API'],
    ['api', 'API'],
    ['GITHUB', 'REPOHOST'],
    ['gitlab', 'REPOHOST'],
    ['Azure DevOps', 'REPOHOST'],
    ['REPOHOST', 'REPOHOST'],
    ['SOMETHING_ELSE', 'API'],
    [42, 42],
  ];
  for (const [input, expected] of triggers)
    it(`trigger ${JSON.stringify(input)} → ${JSON.stringify(expected)}`, () =>
      expect(legacyTrigger(input)).to.equal(expected));

  it('turns snake_case fields and keyed applications into the v1 body', () => {
    expect(
      normalizeLegacyStartRun({
        trigger: 'GITHUB',
        test_plan_short_id: 'pln_abc123',
        commit_hash: 'abc',
        applications: {
          app_Web_1: { environment: { url: 'https://pr-1.example.com' }, device_preset_short_id: 'preset_x' },
        },
      }),
    ).to.deep.equal({
      trigger: 'REPOHOST',
      testPlanShortId: 'pln_abc123',
      commitHash: 'abc',
      applications: [
        {
          applicationShortId: 'app_Web_1',
          environment: { url: 'https://pr-1.example.com' },
          devicePresetShortId: 'preset_x',
        },
      ],
    });
  });

  it('keeps the v1 array form', () => {
    const body = { applications: [{ applicationShortId: 'app_x', environment: { shortId: 'env_y' } }] };
    expect(normalizeLegacyStartRun(body)).to.deep.equal(body);
  });
});
