// Readiness of a process that runs a worker: its browser can be had. Cheap by design: a probe never
// launches a browser and waits for it. The browser connected: ready. None yet (nothing ran), or the
// last launch failed or the browser went away longer than RELAUNCH_MS ago: one launch starts in the
// background, and the probe answers with what is known; the next probe sees how it went.
import type { ReadinessCheck } from '../app/ports/readiness.js';
import type { BrowserStatus } from './execute-test-case.js';

/** At most one background launch per this long when the browser is missing. */
export const RELAUNCH_MS = 30_000;

export interface BrowserHolder {
  browserStatus(): BrowserStatus;
  getBrowser(): Promise<unknown>;
}

export function browserReadiness(holder: BrowserHolder, remote: boolean, now = () => Date.now()): ReadinessCheck {
  let lastTry = -Infinity;
  const tryLaunch = () => {
    if (now() - lastTry < RELAUNCH_MS) return;
    lastTry = now();
    // Its failure is recorded in the status, read by the next probe.
    holder.getBrowser().catch(() => {});
  };
  const where = remote ? 'the remote browser (GOALIE_BROWSER_WS_ENDPOINT)' : 'Chromium';
  return {
    name: 'browser',
    async check() {
      const status = holder.browserStatus();
      if (status.state === 'connected') return null;
      if (status.state === 'launching') return `Starting ${where}; ask again in a few seconds.`;
      tryLaunch();
      if (status.state === 'failed')
        return `The worker could not start ${where}: ${status.error.split('\n')[0]} It tries again every ${RELAUNCH_MS / 1000} s.`;
      return `${where} is not connected yet; the worker starts it (one try every ${RELAUNCH_MS / 1000} s, and at its next test case).`;
    },
  };
}
