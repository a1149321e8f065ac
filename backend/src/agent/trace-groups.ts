// The Playwright trace shows the goal's steps: each step's actions are one group (tracing.group),
// titled with the step's text, so `playwright show-trace` lists "Click 'Add to cart'" with the
// clicks, waits and evaluations under it instead of a flat list of raw Playwright calls.
import type { BrowserContext } from 'playwright-core';

/** Runs `work` as one step titled `title`. */
export type StepGroup = <T>(title: string, work: () => Promise<T>) => Promise<T>;

/** Without a trace there is nothing to group. */
export const ungrouped: StepGroup = (_title, work) => work();

/** A title fits on one line of the trace viewer's action list. */
const MAX_TITLE = 200;

function oneLine(title: string): string {
  const line = title.replace(/\s+/g, ' ').trim();
  return line.length > MAX_TITLE ? `${line.slice(0, MAX_TITLE - 1)}…` : line;
}

export function traceGroups(context: BrowserContext): StepGroup {
  return async (title, work) => {
    // A group that cannot be opened (the context is closing) must not fail the step.
    const opened = await context.tracing.group(oneLine(title)).then(
      () => true,
      () => false,
    );
    try {
      return await work();
    } finally {
      if (opened) await context.tracing.groupEnd().catch(() => {});
    }
  };
}
