import pino, { type Logger } from 'pino';

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'goalie' },
    redact: { paths: ['req.headers.authorization', '*.token', '*.botToken', '*.password', '*.privateKey', '*.credentials'], censor: '[redacted]' },
    serializers: { err: pino.stdSerializers.err },
  });
}
