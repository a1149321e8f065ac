import type { ParameterizedContext } from 'koa';
import type { Logger as PinoLogger } from 'pino';
import type { SessionRecord } from '../app/ports/accounts.js';
import type { Caller } from '../app/records.js';

export interface AppState {
  requestId: string;
  log: PinoLogger;
  caller?: Caller;
  /** Parsed JSON body; undefined when the request had none. */
  body?: unknown;
  rawBody?: Buffer;
  /** The dashboard's signed-in session (null: signed out); only on dashboard routes. */
  session?: SessionRecord | null;
  /** Cookies are marked Secure (GOALIE_PUBLIC_URL is https). */
  secureCookies?: boolean;
  /** The pre-sign-in form token set on this response. */
  formCookie?: string;
  /** The dashboard's parsed form body. */
  form?: URLSearchParams;
}

export type Ctx = ParameterizedContext<AppState>;
