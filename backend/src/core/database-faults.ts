/**
 * Faults of the database or the disk under it, told apart from bugs so that the client learns what to do
 * instead of a 500: `unavailable` (the server restarted, the connection broke, the pool found no free
 * connection in time — try again in a few seconds) and `storage_full` (the disk is full — nothing was
 * written, the operator must make room). See docs/decisions/operations-durability.md, "Faults".
 */
export type DatabaseFault = 'unavailable' | 'storage_full';

/** Seconds a client waits before it tries again after a `unavailable` fault (a restart takes a few). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// SQLSTATE: class 08 connection exceptions; 57P01 admin_shutdown (what every session gets when the server
// stops or restarts, and from pg_terminate_backend), 57P02 crash_shutdown, 57P03 cannot_connect_now (the
// server is starting or shutting down), 53300 too_many_connections.
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
// 53100 disk_full on a PostgreSQL server.
const STORAGE_FULL_SQLSTATES = new Set(['53100']);
// Node's errors of a socket to the server (refused, reset, unreachable, name lookup).
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'EAI_AGAIN',
]);
// A file system that has no room (or no quota) left: the embedded database's folder and MEDIA_DIR.
const STORAGE_FULL_ERRNOS = new Set(['ENOSPC', 'EDQUOT']);
// Errors of node-postgres and pg-pool that carry no code.
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect', // pg-pool: no connection within connectionTimeoutMillis
  'Connection terminated', // "… unexpectedly", "… due to connection timeout"
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Connection is not established', // TypeORM on a broken connection
];

/** Classifies an error (or any error in its `driverError`/`cause` chain) as a database fault, if it is one. */
export function databaseFaultOf(error: unknown): DatabaseFault | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    const e = current as {
      code?: unknown;
      errno?: unknown;
      message?: unknown;
      driverError?: unknown;
      cause?: unknown;
    };
    const code = typeof e.code === 'string' ? e.code : undefined;
    if (code) {
      if (STORAGE_FULL_SQLSTATES.has(code) || STORAGE_FULL_ERRNOS.has(code)) return 'storage_full';
      if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code) || /^08[0-9A-Z]{3}$/.test(code))
        return 'unavailable';
    }
    // TypeORM releases a query runner when its connection emits an error (the server ended the session);
    // the transaction's next statement or its COMMIT then fails with one of these, and the server rolled
    // the transaction back.
    const name = (current as { name?: unknown }).name;
    if (name === 'QueryRunnerAlreadyReleasedError' || name === 'QueryRunnerProviderAlreadyReleasedError')
      return 'unavailable';
    const message = typeof e.message === 'string' ? e.message : '';
    if (/No space left on device|ENOSPC/.test(message)) return 'storage_full';
    if (UNAVAILABLE_MESSAGES.some((m) => message.startsWith(m))) return 'unavailable';
    current = e.driverError ?? e.cause;
  }
  return undefined;
}
