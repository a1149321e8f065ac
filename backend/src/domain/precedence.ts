// Which environment and device preset a test case runs with.
// Lowest to highest: project settings < test plan parameters < per-run overrides.

export interface ApplicationSettings {
  /** Project level: the application's default environment; null when it has none. */
  projectEnvironmentId: string | null;
  /** Test plan parameters for this application, when the plan has them. */
  planEnvironmentId: string | null;
  planDevicePresetId: string | null;
  /** Per-run overrides from the API. */
  runEnvironmentId: string | null;
  runDevicePresetId: string | null;
}

export interface Effective {
  environmentId: string | null;
  devicePresetId: string | null;
}

export function effectiveSettings(app: ApplicationSettings, projectDevicePresetId: string | null): Effective {
  return {
    environmentId: app.runEnvironmentId ?? app.planEnvironmentId ?? app.projectEnvironmentId,
    devicePresetId: app.runDevicePresetId ?? app.planDevicePresetId ?? projectDevicePresetId,
  };
}
