import type { ParameterizedContext } from 'koa';
import type { Logger as PinoLogger } from 'pino';
import type { Caller } from '../app/records.js';

export interface AppState {
  requestId: string;
  log: PinoLogger;
  caller?: Caller;
  /** Parsed JSON body; undefined when the request had none. */
  body?: unknown;
  rawBody?: Buffer;
}

export type Ctx = ParameterizedContext<AppState>;
