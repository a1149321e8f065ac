// A logger whose lines a test reads back: each JSON line parsed into `lines`.
import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { createLogger } from '../../backend/src/logger.js';

export function loggerInto<Line = Record<string, unknown>>(lines: Line[], level = 'info'): Logger {
  return createLogger(
    level,
    new Writable({ write: (chunk, _encoding, done) => (lines.push(JSON.parse(String(chunk)) as Line), done()) }),
  );
}
