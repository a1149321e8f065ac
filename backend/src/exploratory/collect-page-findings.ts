// One page of the crawl, in a tab of the exploration's context: load it, and while it loads
// listen for console errors, uncaught exceptions and failed same-origin requests; then read its
// links and run axe-core on it. Everything waits within the exploration's budget.
import type { BrowserContext, ConsoleMessage, Frame, Page, Request, Response } from 'playwright-core';
import { findAxeViolations } from './accessibility.js';
import type { Budget } from './budget.js';
import {
  accessibilityFinding,
  consoleErrorFinding,
  exceptionFinding,
  firstLine,
  pageStatusFinding,
  subresourceFinding,
  type AxeViolation,
  type RawFinding,
} from './findings.js';
import { readAnchors, type RawAnchor } from './page-scripts.js';
import { classifyLink, normaliseUrl } from './urls.js';
import { settleWithin } from '../settle-within.js';

export interface PageSettings {
  /** The explored origin: requests and links elsewhere are not looked at. */
  origin: string;
  /** How long one page may take to load (its `load` event). */
  pageTimeoutMs: number;
  /** How long axe-core may take on one page. */
  axeTimeoutMs: number;
}

export interface FoundLink {
  url: string;
  /** The first anchor that links there, for evidence. */
  html: string;
}

export interface PageVisit {
  /** Where the browser ended up (after redirects), without a fragment. */
  url: string;
  /** The page's own HTTP status; null when it never answered. */
  status: number | null;
  /** Why there is no answer (a network error, or a timeout). */
  error: string | null;
  /** The budget ran out (or was aborted) during the visit. */
  stopped: boolean;
  findings: RawFinding[];
  /** Same-origin links worth following, distinct and sorted. */
  links: FoundLink[];
}

// Chromium logs every failed resource load as a console error; those are reported from the
// network instead (same origin only), so they are not counted twice.
const NETWORK_ECHO = /^Failed to load resource\b/;
const CLOSE_TIMEOUT_MS = 2_000;
const READ_LINKS_TIMEOUT_MS = 5_000;

interface ConsoleEvent {
  text: string;
  location: { url: string; lineNumber: number } | null;
}
interface FailedRequest {
  url: string;
  resourceType: string;
  status: number;
  statusText: string;
}

/** What the page shows during one visit. */
class VisitEvents {
  readonly consoleErrors: ConsoleEvent[] = [];
  readonly exceptions: Error[] = [];
  readonly failedRequests: FailedRequest[] = [];
  mainResponse: Response | null = null;

  findings(page: string): RawFinding[] {
    return [
      ...this.consoleErrors.map((c) => consoleErrorFinding(page, c.text, c.location)),
      ...this.exceptions.map((e) => exceptionFinding(page, { name: e.name, message: e.message, stack: e.stack })),
      ...this.failedRequests.map((r) => subresourceFinding(page, r.url, r.resourceType, r.status, r.statusText)),
    ].filter((f): f is RawFinding => f !== null);
  }
}

/**
 * Visits pages one after the other in one tab of the context, reused while visits end cleanly (a
 * reused renderer also keeps axe-core compiled); after a visit that timed out or was cut short the
 * tab is replaced, so a page stuck in a script cannot hold up the next one.
 */
export class PageVisitor {
  private page: Page | null = null;
  private events: VisitEvents | null = null;

  constructor(
    private readonly context: BrowserContext,
    private readonly settings: PageSettings,
  ) {}

  async visit(url: string, budget: Budget): Promise<PageVisit> {
    const visit: PageVisit = { url, status: null, error: null, stopped: false, findings: [], links: [] };
    const page = await this.openPage(budget);
    if (!page) return { ...visit, stopped: true };
    const events = (this.events = new VisitEvents());
    const violations: AxeViolation[] = [];
    let clean = false;
    try {
      let response: Response | null = null;
      let loaded = false;
      try {
        const timeout = Math.max(1, Math.min(this.settings.pageTimeoutMs, budget.remainingMs()));
        const navigation = await budget.bounded(page.goto(url, { waitUntil: 'load', timeout }));
        if (navigation.done) {
          response = navigation.value;
          loaded = true;
        }
      } catch (error) {
        visit.error = firstLine((error as Error).message);
      }
      response ??= events.mainResponse;
      visit.stopped = budget.stopped;
      if (!response) {
        if (visit.stopped && !visit.error) visit.error = 'no answer before exploration ran out of time';
        return visit;
      }
      visit.status = response.status();
      visit.url = currentUrl(page, url);
      const statusFinding = pageStatusFinding(visit.url, visit.status, response.statusText());
      if (statusFinding) visit.findings.push(statusFinding);
      // An error page, a page elsewhere (redirected off-origin) or a page that is not there (a
      // download) is not read further; a slow page that answered is read as far as it got.
      const readable =
        !statusFinding && sameOrigin(visit.url, this.settings.origin) && (loaded || !visit.error?.includes('net::'));
      if (readable && !budget.stopped) visit.links = await readLinks(page, visit.url, budget, this.settings.origin);
      let axeDone = !readable;
      if (readable && !budget.stopped) {
        try {
          const found = await budget.bounded(findAxeViolations(page), this.settings.axeTimeoutMs);
          if (found.done) violations.push(...found.value);
          axeDone = found.done;
        } catch {
          // The page navigated away or closed while axe ran: nothing to report for it.
          axeDone = true;
        }
      }
      visit.stopped = budget.stopped;
      clean = loaded && axeDone && !visit.stopped;
      return visit;
    } finally {
      this.events = null;
      visit.findings.push(
        ...events.findings(visit.url),
        ...violations.map((v) => accessibilityFinding(visit.url, v)).filter((f): f is RawFinding => f !== null),
      );
      // The order events arrived in depends on timing; the order of findings must not.
      visit.findings.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      if (!clean) await this.close();
    }
  }

  async close(): Promise<void> {
    const page = this.page;
    this.page = null;
    if (page)
      await settleWithin(
        page.close().catch(() => {}),
        CLOSE_TIMEOUT_MS,
        () => undefined,
      );
  }

  private async openPage(budget: Budget): Promise<Page | null> {
    if (this.page && !this.page.isClosed()) return this.page;
    const opened = await budget.bounded(this.context.newPage());
    if (!opened.done) return null;
    const page = (this.page = opened.value);
    const origin = this.settings.origin;
    page.on('console', (message: ConsoleMessage) => {
      if (!this.events || message.type() !== 'error' || NETWORK_ECHO.test(message.text())) return;
      const location = message.location();
      this.events.consoleErrors.push({
        text: message.text(),
        location: location.url ? { url: location.url, lineNumber: location.lineNumber } : null,
      });
    });
    page.on('pageerror', (error) => this.events?.exceptions.push(error));
    page.on('response', (response) => {
      if (!this.events) return;
      const request = response.request();
      if (request.isNavigationRequest() && frameOf(request) === page.mainFrame()) {
        // The page's own answer: the last hop of its redirects.
        if (response.status() < 300 || response.status() >= 400) this.events.mainResponse = response;
        return;
      }
      if (response.status() < 400 || !sameOrigin(response.url(), origin)) return;
      this.events.failedRequests.push({
        url: response.url(),
        resourceType: request.resourceType(),
        status: response.status(),
        statusText: response.statusText(),
      });
    });
    // Windows a page opens are not part of the crawl.
    page.on('popup', (popup) => void popup.close().catch(() => {}));
    return page;
  }
}

async function readLinks(page: Page, pageUrl: string, budget: Budget, origin: string): Promise<FoundLink[]> {
  let raw: RawAnchor[] = [];
  try {
    const read = await budget.bounded(page.evaluate(readAnchors), READ_LINKS_TIMEOUT_MS);
    if (read.done) raw = read.value;
  } catch {
    return [];
  }
  const byUrl = new Map<string, FoundLink>();
  for (const link of raw) {
    const decision = classifyLink(link, pageUrl, origin);
    if (decision.follow && !byUrl.has(decision.url)) byUrl.set(decision.url, { url: decision.url, html: link.html });
  }
  return [...byUrl.values()].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
}

function currentUrl(page: Page, fallback: string): string {
  const url = page.url();
  return url.startsWith('http:') || url.startsWith('https:') ? normaliseUrl(url) : fallback;
}

function frameOf(request: Request): Frame | null {
  try {
    return request.frame();
  } catch {
    return null; // a service worker's request
  }
}

function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}
