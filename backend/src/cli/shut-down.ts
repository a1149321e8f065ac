// Stopping what a long-running command started, in order: each step runs even when one before it
// failed (logged), so the database is always given back.
import type { Logger } from 'pino';

export async function shutDown(
  logger: Logger,
  steps: (false | null | undefined | (() => Promise<unknown>))[],
): Promise<void> {
  for (const step of steps) {
    if (!step) continue;
    try {
      await step();
    } catch (error) {
      logger.error({ err: error }, 'a step of shutting down failed; going on with the next');
    }
  }
}
