// Whether the database answers: for GET /readyz, and for requests that failed because it did not.
// A process whose database went away says so (503 with a message, and one log line) instead of
// answering 500s, and logs again when the database is back (it asks every second meanwhile).
import type { DatabaseStatus } from '../app/ports/database-status.js';
import type { Logger } from '../app/ports/logger.js';

/** Node.js socket errors: the server is not there or the connection broke. */
const SOCKET_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection was closed',
  ETIMEDOUT: 'connecting timed out',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  ENOTFOUND: 'the host name is unknown',
  EAI_AGAIN: 'the host name could not be resolved',
};

/** PostgreSQL error codes (SQLSTATE) that say the server cannot serve this connection, not that the query is wrong. */
const SERVER_STATES: Record<string, string> = {
  '57P01': 'the server was shut down (admin_shutdown)',
  '57P02': 'the server crashed (crash_shutdown)',
  '57P03': 'the server is starting up or shutting down (cannot_connect_now)',
  '08000': 'the connection failed (connection_exception)',
  '08001': 'no connection could be made (sqlclient_unable_to_establish_sqlconnection)',
  '08003': 'the connection does not exist (connection_does_not_exist)',
  '08004': 'the server rejected the connection (sqlserver_rejected_establishment_of_sqlconnection)',
  '08006': 'the connection failed (connection_failure)',
  '53300': 'the server has no connection left (too_many_connections)',
  '28P01': 'the server refused the password (invalid_password)',
  '28000': 'the server refused the login (invalid_authorization_specification)',
  '3D000': 'the database does not exist (invalid_catalog_name)',
};

/** What node-postgres and its pool say when the connection is gone or cannot be made. */
const CLIENT_MESSAGES: [RegExp, string][] = [
  [/^Connection terminated due to connection timeout/, 'connecting timed out'],
  [/^timeout exceeded when trying to connect/, 'connecting timed out'],
  [/^Connection terminated/, 'the connection was lost'],
  [/is not queryable/, 'the connection was lost'],
  // TypeORM, committing a transaction whose connection broke under it.
  [/^Query runner already released/, 'the connection was lost'],
  [/^Cannot use a pool after calling end on the pool/, 'this process has closed its connections'],
];

/** Why `error` (a driver error, wrapped by TypeORM or not) means the database is unreachable; null when it does not. */
export function unreachableReason(error: unknown, depth = 0): string | null {
  if (!error || typeof error !== 'object' || depth > 4) return null;
  const e = error as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string') {
    const reason = SOCKET_ERRORS[e.code] ?? SERVER_STATES[e.code];
    if (reason) return reason;
  }
  if (typeof e.message === 'string') {
    for (const [pattern, reason] of CLIENT_MESSAGES) if (pattern.test(e.message)) return reason;
  }
  for (const inner of [e.driverError, e.cause, ...(Array.isArray(e.errors) ? e.errors : [])]) {
    const reason = unreachableReason(inner, depth + 1);
    if (reason) return reason;
  }
  return null;
}

export interface DatabaseHealthOptions {
  /** A trivial query on the pool the requests use. */
  ping: () => Promise<unknown>;
  log: Logger;
  /** What to do about it, for this set-up (embedded PostgreSQL or DATABASE_URL). */
  hint: string;
  /** How often to ask while the database is away (default 1 s). */
  probeEveryMs?: number;
}

export interface DatabaseHealth extends DatabaseStatus {
  /** Stops asking (the process is shutting down). */
  close(): void;
}

export function databaseHealth(options: DatabaseHealthOptions): DatabaseHealth {
  const { log, hint } = options;
  let away: { reason: string; since: number } | null = null;
  let probe: NodeJS.Timeout | null = null;
  let probing = false;
  let closed = false;

  const stopProbing = () => {
    if (probe) clearInterval(probe);
    probe = null;
  };
  const back = () => {
    if (!away) return;
    log.info({ awayMs: Date.now() - away.since }, 'the database is back; API calls are answered again');
    away = null;
    stopProbing();
  };
  const wentAway = (reason: string) => {
    if (away || closed) return;
    away = { reason, since: Date.now() };
    log.error(
      { reason },
      `the database went away: ${reason}. API calls answer 503 and GET /readyz says so until it is back. ${hint}`,
    );
    probe = setInterval(() => {
      if (probing) return;
      probing = true;
      options
        .ping()
        .then(back, () => {})
        .finally(() => (probing = false));
    }, options.probeEveryMs ?? 1_000);
    probe.unref();
  };
  const describe = (reason: string, advice = '') => `The database is not reachable: ${reason}. ${advice}${hint}`;

  return {
    async check(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new TimedOut()), timeoutMs);
      });
      try {
        await Promise.race([options.ping(), timeout]);
        back();
        return null;
      } catch (error) {
        if (error instanceof TimedOut)
          return describe(
            `it did not answer within ${timeoutMs / 1000} s (it, or this process's connection pool, is overloaded)`,
          );
        const reason = unreachableReason(error);
        if (reason) {
          wentAway(reason);
          return describe(reason);
        }
        log.error({ err: error }, 'the readiness check of the database failed');
        return `The database check failed with an unexpected error; it is in the log of this process. ${hint}`;
      } finally {
        clearTimeout(timer);
      }
    },
    unreachable(error) {
      const reason = unreachableReason(error);
      if (!reason) return null;
      wentAway(reason);
      return describe(reason, 'Try again when GET /readyz answers 200. ');
    },
    close() {
      closed = true;
      stopProbing();
    },
  };
}

class TimedOut extends Error {}
