import { isatty } from 'node:tty';
import pino, { type DestinationStream, type Logger } from 'pino';
import { prettyFactory } from 'pino-pretty';
import type { LogFormatSetting } from './config.js';

/** GOALIE_LOG_FORMAT: `auto` (the default) is `pretty` on a terminal and `json` anywhere else. */
export function chooseLogFormat(setting: LogFormatSetting, isTerminal: boolean): 'pretty' | 'json' {
  if (setting === 'auto') return isTerminal ? 'pretty' : 'json';
  return setting;
}

/** `destination`: stdout unless given (a test reads what the service logged). Lines are JSON. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'goalie' },
    redact: {
      paths: ['req.headers.authorization', '*.token', '*.botToken', '*.password', '*.privateKey', '*.credentials'],
      censor: '[redacted]',
    },
    serializers: { err: pino.stdSerializers.err },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * The logger of a long-running command or of a command's diagnostics, on `fd` (1: stdout, 2:
 * stderr): JSON for log collectors, or readable lines when `format` says so (on a terminal by
 * default). Redaction happens before either, in pino.
 */
export function processLogger(level: string, format: LogFormatSetting, fd: 1 | 2 = 1): Logger {
  const terminal = isatty(fd);
  if (chooseLogFormat(format, terminal) === 'pretty')
    return createLogger(level, prettyDestination(pino.destination({ fd, sync: true }), terminal));
  return createLogger(level, fd === 1 ? undefined : stderrDestination());
}

/** Standard error, for commands whose standard output is their answer (`goalie apply --json`). */
export function stderrDestination(): DestinationStream {
  return pino.destination({ fd: 2, sync: true });
}

/** Fields that say nothing on a terminal: the same for every line, or the request's own id. */
const HIDDEN = ['service', 'pid', 'hostname', 'requestId'];

/**
 * Readable lines, written synchronously in this process (not in a worker thread: nothing is lost
 * when the process exits). A request line reads `GET /v1/run 200 12.5 ms`; a line with an `event`
 * (run started, burn-in failed, ...) carries everything in its message and shows only that (and
 * an error, if any); other lines show their fields below the message.
 */
export function prettyDestination(out: DestinationStream, colorize: boolean): DestinationStream {
  const prettify = prettyFactory({
    colorize,
    translateTime: 'SYS:HH:MM:ss',
    ignore: HIDDEN.join(','),
    singleLine: false,
  });
  return {
    write(line: string) {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        out.write(line);
        return;
      }
      out.write(prettify(readable(entry)));
    },
  };
}

function readable(entry: Record<string, unknown>): Record<string, unknown> {
  const { time, level, err, ...fields } = entry;
  let msg = String(entry.msg ?? '');
  if (msg === 'request' && typeof entry.method === 'string') {
    return { time, level, msg: `${entry.method} ${String(entry.path)} ${String(entry.status)} ${String(entry.ms)} ms` };
  }
  // An error reads as its message, and its stack (when logged) as indented lines below.
  if (err && typeof err === 'object') {
    const { message, stack } = err as { message?: string; stack?: string };
    msg += `: ${message ?? ''}`;
    const below = stack?.split('\n').filter((line) => /^\s+at /.test(line)) ?? [];
    if (below.length) msg += '\n' + below.map((line) => `    ${line.trim()}`).join('\n');
  }
  if (typeof entry.event === 'string') return { time, level, msg };
  // `component` (postgres) leads the message; a list of names stays on one line.
  const { component, ...rest } = fields;
  if (typeof component === 'string') msg = `${component}: ${msg}`;
  const shown = Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [
      key,
      Array.isArray(value) && value.every((v) => typeof v !== 'object') ? value.join(', ') : value,
    ]),
  );
  return { ...shown, time, level, msg };
}
