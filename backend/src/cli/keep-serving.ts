// The last line of defence of a long-running command (`goalie serve`, `goalie worker`): an error
// that escaped every promise is logged and the process keeps serving. Test cases do not rely on
// it (the executor contains its own errors); reaching it means a bug, so it is logged as an error.
import type { Logger } from 'pino';

export function keepServing(logger: Logger): () => void {
  const onException = (error: Error) => logger.error({ err: error }, 'uncaught exception; Goalie keeps serving');
  const onRejection = (reason: unknown) =>
    logger.error({ err: reason }, 'unhandled promise rejection; Goalie keeps serving');
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  };
}
