import { DrizzleQueryError } from 'drizzle-orm';

/** The errors of a database call and what they were caused by (drivers and Drizzle wrap them). */
function* chainOf(error: unknown): Generator<Error> {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 6; e = e.cause, depth += 1) yield e;
}

const codeOf = (e: Error): unknown => (e as { code?: unknown }).code;

/** True when a PostgreSQL error with this SQLSTATE is the error or one of its causes (drivers wrap them). */
export function hasPgCode(error: unknown, code: string): boolean {
  for (const e of chainOf(error)) if (codeOf(e) === code) return true;
  return false;
}

export const isUniqueViolation = (error: unknown) => hasPgCode(error, '23505');
export const isForeignKeyViolation = (error: unknown) => hasPgCode(error, '23503');

/**
 * The transaction was rolled back so that another could go on (deadlock_detected, serialization_failure):
 * running it again is what PostgreSQL asks for.
 */
export const isTransactionConflict = (error: unknown) => hasPgCode(error, '40P01') || hasPgCode(error, '40001');

/** Codes only a database client or server produces: the connection is gone or the server cannot serve. */
const CONNECTION_LOST_CODES = new Set([
  'CONNECTION_CLOSED', // postgres.js: the socket closed under a query
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  '57P01', // admin_shutdown: pg_terminate_backend, or a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
]);
/** Socket failures, which mean "database connection lost" only when a database query raised them. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']);

/**
 * A database call raised this: Drizzle wraps a failed statement in DrizzleQueryError (its name stays
 * "Error"), and postgres.js adds the statement's text as `query` to any error of a query it sent.
 */
const isQueryFailure = (e: Error) => e instanceof DrizzleQueryError || Object.hasOwn(e, 'query');

/**
 * True when the error says the database connection was lost or cannot be had right now, as opposed to a
 * statement that failed. A bare socket error counts only below a database query, so an outbound HTTP
 * failure is never taken for a database outage.
 */
export function isConnectionError(error: unknown): boolean {
  let inQuery = false;
  for (const e of chainOf(error)) {
    inQuery ||= isQueryFailure(e);
    const code = codeOf(e);
    if (typeof code === 'string' && (CONNECTION_LOST_CODES.has(code) || code.startsWith('08'))) return true;
    if (inQuery && typeof code === 'string' && SOCKET_CODES.has(code)) return true;
    if (/PGlite is closed/i.test(e.message)) return true;
  }
  return false;
}

/**
 * Lost under the statement, so a second try on another connection may well succeed; not when the server is
 * not there at all (refused, or no answer before the connect timeout), where it would only double the wait.
 */
export const isRetryableConnectionLoss = (error: unknown) =>
  isConnectionError(error) && !hasPgCode(error, 'CONNECT_TIMEOUT') && !hasPgCode(error, 'ECONNREFUSED');

/**
 * How many times work that lost its connection is sent again: each pooled connection the server ended fails
 * the first statement sent on it, if postgres.js has not yet seen it close, and is replaced by a new one, so
 * after as many tries as the pool has connections one of them is live. A short pause before each lets the
 * pool see the others close.
 */
export function lostConnectionRetries(client: unknown): number {
  const max = (client as { options?: { max?: unknown } } | undefined)?.options?.max;
  return typeof max === 'number' && max > 0 ? max : 1;
}

export const LOST_CONNECTION_PAUSE_MS = 20;
