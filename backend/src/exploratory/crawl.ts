// Breadth-first over one origin, from the start page, within the budget and up to maxPages pages.
//
// Each visited page's same-origin links (sorted) are checked once each with a lightweight request
// (check-links.ts): a link whose target answers 4xx/5xx is a broken link and is not visited; a
// redirect's same-origin Location is checked in turn; a target that answers HTML joins the queue.
// So the pages visited, and the order of everything found, depend on the site, not on timing.
import type { BrowserContext } from 'playwright-core';
import type { Budget } from './budget.js';
import { checkLinks, type LinkCheck } from './check-links.js';
import { PageVisitor, type FoundLink, type PageSettings } from './collect-page-findings.js';
import {
  brokenLinkFinding,
  pageLoadFinding,
  unansweredLinkFinding,
  unreachableFinding,
  type RawFinding,
} from './findings.js';
import { classifyLink, normaliseUrl, SeenUrls } from './urls.js';

export interface CrawlSettings extends PageSettings {
  maxPages: number;
  /** Distinct links checked per exploration, at most. */
  maxLinkChecks: number;
  linkTimeoutMs: number;
  linkCheckConcurrency: number;
  /** Query variants of one path taken, at most (`/items?page=1`, `/items?page=2`, ...). */
  maxQueryVariants: number;
  /** Why a URL may not be requested from Node, through context.request (the network guard's requestRefusal). */
  refusal?: (url: string) => Promise<string | null>;
}

export interface CrawlOutcome {
  pagesVisited: string[];
  /** In the order they were found; not merged yet. */
  findings: RawFinding[];
  unreachable: boolean;
}

/** What the check of a broken link found: later pages that link there are listed, not checked again. */
type BrokenCheck = Extract<LinkCheck, { outcome: 'broken' | 'no-answer' }>;

const MAX_REDIRECTS = 5;

export async function crawl(
  context: BrowserContext,
  startUrl: string,
  budget: Budget,
  settings: CrawlSettings,
): Promise<CrawlOutcome> {
  const crawler = new Crawler(context, budget, settings);
  try {
    return await crawler.run(normaliseUrl(startUrl));
  } finally {
    await crawler.close();
  }
}

class Crawler {
  private readonly seen: SeenUrls;
  private readonly visited = new Set<string>();
  private readonly broken = new Map<string, BrokenCheck>();
  private readonly queue: string[] = [];
  private readonly outcome: CrawlOutcome = { pagesVisited: [], findings: [], unreachable: false };
  private readonly visitor: PageVisitor;
  private linkChecks = 0;

  constructor(
    private readonly context: BrowserContext,
    private readonly budget: Budget,
    private readonly settings: CrawlSettings,
  ) {
    this.seen = new SeenUrls(settings.maxQueryVariants);
    this.visitor = new PageVisitor(context, settings);
  }

  async run(start: string): Promise<CrawlOutcome> {
    const { outcome, budget } = this;
    this.seen.admit(start);
    this.queue.push(start);
    while (this.queue.length && outcome.pagesVisited.length < this.settings.maxPages && !budget.stopped) {
      const url = this.queue.shift()!;
      const visit = await this.visitor.visit(url, budget);

      if (visit.status === null) {
        if (budget.aborted) break;
        if (url === start) {
          outcome.unreachable = true;
          outcome.findings.push(unreachableFinding(start, visit.error ?? 'no answer'));
          break;
        }
        // A linked page that answered its check but not the browser; a download is not a page.
        if (!visit.stopped && visit.error && !/net::ERR_ABORTED|Download is starting/.test(visit.error))
          outcome.findings.push(pageLoadFinding(url, visit.error));
        continue;
      }
      if (this.visited.has(visit.url)) continue; // redirected to a page already visited
      this.visited.add(visit.url);
      this.seen.admit(visit.url);
      outcome.pagesVisited.push(visit.url);
      outcome.findings.push(...visit.findings);
      if (visit.stopped) break;

      const fresh: FoundLink[] = [];
      for (const link of visit.links) {
        const known = this.broken.get(link.url);
        if (known) this.reportBroken(visit.url, link, known);
        else if (this.seen.admit(link.url) === 'new') fresh.push(link);
      }
      await this.checkAndQueue(visit.url, fresh);
    }
    return outcome;
  }

  close(): Promise<void> {
    return this.visitor.close();
  }

  /** Checks links new to the crawl, follows redirects within the origin, and queues the pages. */
  private async checkAndQueue(page: string, links: FoundLink[]): Promise<void> {
    let round = links;
    for (let hop = 0; round.length && hop <= MAX_REDIRECTS && !this.budget.stopped; hop++) {
      const checked = round.slice(0, Math.max(0, this.settings.maxLinkChecks - this.linkChecks));
      this.linkChecks += checked.length;
      const results = await checkLinks(
        this.context.request,
        checked.map((l) => l.url),
        this.budget,
        {
          timeoutMs: this.settings.linkTimeoutMs,
          concurrency: this.settings.linkCheckConcurrency,
          refusal: this.settings.refusal,
        },
      );
      const redirected: FoundLink[] = [];
      results.forEach((check, index) => {
        const link = checked[index]!; // one result per checked link, in order
        switch (check.outcome) {
          case 'ok':
            if (check.html) this.queue.push(link.url);
            break;
          case 'redirect': {
            const decision = check.location
              ? classifyLink({ href: check.location }, link.url, this.settings.origin)
              : null;
            if (decision?.follow && this.seen.admit(decision.url) === 'new')
              redirected.push({ url: decision.url, html: link.html });
            break;
          }
          case 'broken':
          case 'no-answer':
            this.broken.set(link.url, check);
            this.reportBroken(page, link, check);
            break;
          // 'timeout' and 'stopped': too slow to tell; neither reported nor visited.
        }
      });
      round = redirected.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
    }
  }

  private reportBroken(page: string, link: FoundLink, check: BrokenCheck): void {
    const finding =
      check.outcome === 'broken'
        ? brokenLinkFinding(page, link.url, check.status, check.statusText, check.method, link.html)
        : unansweredLinkFinding(page, link.url, check.reason, link.html);
    if (finding) this.outcome.findings.push(finding);
  }
}
