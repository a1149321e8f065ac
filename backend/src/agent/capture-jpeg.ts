// The screenshot of a step: a JPEG of the viewport at half its size.
import type { CDPSession, Page } from 'playwright-core';

const cdpSessions = new WeakMap<Page, Promise<CDPSession | null>>();
const SCREENSHOT_SCALE = 0.5;

/**
 * A JPEG of the viewport through Chromium's own capture (optimizeForSpeed); page.screenshot where
 * CDP is not available.
 */
export async function captureJpeg(page: Page): Promise<Buffer> {
  if (!cdpSessions.has(page))
    cdpSessions.set(
      page,
      page
        .context()
        .newCDPSession(page)
        .catch(() => null),
    );
  const cdp = await cdpSessions.get(page)!;
  if (cdp) {
    // Half the viewport's size: a quarter of the pixels to raster and encode (screenshots were the
    // largest cost of a replay; see npm run bench). The trace keeps the full DOM of every step.
    const viewport = page.viewportSize();
    const clip = viewport
      ? { x: 0, y: 0, width: viewport.width, height: viewport.height, scale: SCREENSHOT_SCALE }
      : undefined;
    const { data } = await cdp.send('Page.captureScreenshot', {
      format: 'jpeg',
      quality: 60,
      optimizeForSpeed: true,
      ...(clip ? { clip } : {}),
    });
    return Buffer.from(data, 'base64');
  }
  return page.screenshot({ type: 'jpeg', quality: 60, scale: 'css', timeout: 5000 });
}
