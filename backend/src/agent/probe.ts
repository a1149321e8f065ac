// One look at the page for a target: the visible elements a set of Playwright locators match, each
// once, with handles to compare them. Dispose when done.
import type { ElementHandle, Locator as PwLocator, Page } from 'playwright-core';
import { factsOf, type ElementFacts } from './element-facts.js';
import { firstIndexes, readFacts } from './page-scripts.js';

export interface Strategy {
  /** How it was found, for messages: `role button "Sign in"`. */
  via: string;
  locator: PwLocator;
}

export interface Candidate {
  /** Locates exactly this element (the nth visible match of its strategy). */
  locator: PwLocator;
  handle: ElementHandle<Element>;
  via: string;
}

export class Probe {
  private readonly handles: ElementHandle[] = [];
  private readonly cleanups: (() => Promise<void>)[] = [];
  private readonly facts = new Map<Candidate, ElementFacts>();

  constructor(readonly page: Page) {}

  /** Visible elements the strategies match, in order, each element once. */
  async candidates(strategies: Strategy[]): Promise<Candidate[]> {
    const found: Candidate[] = [];
    for (const strategy of strategies) {
      const visible = strategy.locator.visible();
      const handles = (await visible.elementHandles()) as ElementHandle<Element>[];
      this.handles.push(...handles);
      handles.forEach((handle, i) => found.push({ locator: visible.nth(i), handle, via: strategy.via }));
    }
    if (found.length < 2) return found;
    const first = await this.page.evaluate(
      firstIndexes,
      found.map((c) => c.handle),
    );
    return found.filter((_, i) => first[i] === i);
  }

  async factsOf(candidate: Candidate): Promise<ElementFacts> {
    let facts = this.facts.get(candidate);
    if (!facts) {
      // The nth visible match may be another element, or none, once the page drew itself again: then
      // the element found, as it was (its name as the aria snapshot gives it is not read then).
      facts = await factsOf(candidate.locator).catch(async (error: unknown) => {
        const raw = await candidate.handle.evaluate(readFacts).catch(() => null);
        if (!raw) throw error;
        return { ...raw, name: null };
      });
      this.facts.set(candidate, facts);
    }
    return facts;
  }

  track(handle: ElementHandle): void {
    this.handles.push(handle);
  }

  /** Runs `cleanup` when the probe is disposed (temporary marks on the page). */
  defer(cleanup: () => Promise<void>): void {
    this.cleanups.push(cleanup);
  }

  async dispose(): Promise<void> {
    await Promise.all(this.cleanups.map((cleanup) => cleanup().catch(() => undefined)));
    await Promise.all(this.handles.map((handle) => handle.dispose().catch(() => undefined)));
  }
}
