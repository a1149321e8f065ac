// The logging port: the subset of pino the use cases need.
export interface Logger {
  /** Optional: small loggers written for tests may leave out what pino also has. */
  debug?(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  /** Whether lines of `level` are written (LOG_LEVEL): a stack trace only at debug. */
  isLevelEnabled?(level: string): boolean;
}
