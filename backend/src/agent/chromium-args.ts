// The command line of the Chromium that runs test cases. Headless Chromium still builds the browser
// window around each context, and since Chromium 15x that window preloads the omnibox popups as
// WebUI pages in a renderer of their own: about 350 ms of CPU for every new context, more than a
// whole replayed test case. Nothing of it is ever shown, so it is switched off.

/** Features Goalie switches off (see above). */
const GOALIE_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * Playwright's own --disable-features list (playwright-core 1.65). Chromium honours only the last
 * --disable-features switch and Playwright puts its own first, so ours must repeat its list or
 * switch those features back on. test/integration/agent/chromium-args.test.ts fails when a
 * Playwright upgrade changes the list.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...GOALIE_DISABLED_FEATURES].join(',')}`,
];
