import { expect } from 'chai';
import { effectiveSettings, type ApplicationSettings } from '../../../backend/src/domain/precedence.js';

const none: ApplicationSettings = {
  projectEnvironmentId: null,
  planEnvironmentId: null,
  planDevicePresetId: null,
  runEnvironmentId: null,
  runDevicePresetId: null,
};

describe('precedence: project settings < test plan parameters < per-run overrides', () => {
  const table: [string, Partial<ApplicationSettings>, string | null, string | null, string | null][] = [
    // name, settings, project default preset, expected environment, expected preset
    ['nothing set', {}, null, null, null],
    ['project only', { projectEnvironmentId: 'env-prod' }, 'preset-desktop', 'env-prod', 'preset-desktop'],
    [
      'plan beats project',
      { projectEnvironmentId: 'env-prod', planEnvironmentId: 'env-staging', planDevicePresetId: 'preset-phone' },
      'preset-desktop',
      'env-staging',
      'preset-phone',
    ],
    [
      'plan environment, project preset (Default)',
      { projectEnvironmentId: 'env-prod', planEnvironmentId: 'env-staging' },
      'preset-desktop',
      'env-staging',
      'preset-desktop',
    ],
    [
      'run beats plan',
      {
        projectEnvironmentId: 'env-prod',
        planEnvironmentId: 'env-staging',
        runEnvironmentId: 'env-preview',
        planDevicePresetId: 'preset-phone',
        runDevicePresetId: 'preset-tablet',
      },
      'preset-desktop',
      'env-preview',
      'preset-tablet',
    ],
    [
      'run preset only',
      { projectEnvironmentId: 'env-prod', planEnvironmentId: 'env-staging', runDevicePresetId: 'preset-tablet' },
      null,
      'env-staging',
      'preset-tablet',
    ],
  ];
  for (const [name, settings, projectPreset, environmentId, devicePresetId] of table) {
    it(name, () =>
      expect(effectiveSettings({ ...none, ...settings }, projectPreset)).to.deep.equal({
        environmentId,
        devicePresetId,
      }),
    );
  }
});
