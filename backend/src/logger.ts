import pino, { type DestinationStream, type Logger } from 'pino';

/** `destination`: stdout unless given (a test reads what the service logged). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'goalie' },
    redact: { paths: ['req.headers.authorization', '*.token', '*.botToken', '*.password', '*.privateKey', '*.credentials'], censor: '[redacted]' },
    serializers: { err: pino.stdSerializers.err },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** Standard error, for commands whose standard output is their answer (`goalie apply --json`). */
export function stderrDestination(): DestinationStream {
  return pino.destination({ fd: 2, sync: true });
}
