import { DrizzleQueryError } from 'drizzle-orm';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../platform/errors.js';
import { isConnectionError, isRetryableConnectionLoss, isTransactionConflict } from './errors.js';

// The shapes postgres.js 3.4 and Drizzle 0.45 really throw (seen by terminating backends of a live pool with
// pg_terminate_backend): Drizzle wraps a failed statement in DrizzleQueryError, whose name stays "Error";
// postgres.js raises its own connection errors, the socket's, or the server's PostgresError, and puts the
// statement on any error of a query it had sent as a non-enumerable `query`.
const drizzle = (cause: Error) => new DrizzleQueryError('select "id" from "books" where "id" = $1', ['x'], cause);
const postgresConnection = (code: string) =>
  Object.assign(new Error(`write ${code} 127.0.0.1:5432`), { code, errno: code, address: '127.0.0.1', port: 5432 });
const socket = (code: string, syscall: string) => Object.assign(new Error(`${syscall} ${code}`), { code, syscall });
const ofQuery = (error: Error) => Object.defineProperty(error, 'query', { value: 'select 1', enumerable: false });
const server = (code: string, message: string) =>
  new postgres.PostgresError({ code, message, severity: 'FATAL' } as unknown as string);

describe('isConnectionError', () => {
  it('recognises a connection lost under a statement, as Drizzle and postgres.js report it', () => {
    expect(isConnectionError(drizzle(postgresConnection('CONNECTION_CLOSED')))).toBe(true);
    expect(isConnectionError(drizzle(ofQuery(socket('ECONNRESET', 'read'))))).toBe(true);
    expect(isConnectionError(drizzle(server('57P01', 'terminating connection due to administrator command')))).toBe(
      true,
    );
    // A transaction's BEGIN on a dead connection: postgres.js's own error, unwrapped.
    expect(isConnectionError(postgresConnection('CONNECTION_CLOSED'))).toBe(true);
    // A socket error of a query postgres.js sent, outside Drizzle.
    expect(isConnectionError(ofQuery(socket('ECONNRESET', 'read')))).toBe(true);
    expect(isConnectionError(drizzle(socket('ECONNREFUSED', 'connect')))).toBe(true);
    expect(isConnectionError(server('08006', 'connection failure'))).toBe(true);
    expect(isConnectionError(drizzle(new Error('PGlite is closed')))).toBe(true);
  });

  it('does not take an outbound HTTP failure or a failed statement for a lost connection', () => {
    expect(isConnectionError(new Error('fetch failed', { cause: socket('ECONNRESET', 'read') }))).toBe(false);
    expect(isConnectionError(socket('ECONNREFUSED', 'connect'))).toBe(false);
    expect(isConnectionError(drizzle(server('23505', 'duplicate key value violates unique constraint')))).toBe(false);
    expect(isConnectionError(drizzle(server('40P01', 'deadlock detected')))).toBe(false);
    expect(isConnectionError(null)).toBe(false);
  });

  it('is what the error handler answers 503 for', () => {
    expect(isDatabaseUnavailable(drizzle(ofQuery(socket('ECONNRESET', 'read'))))).toBe(true);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });
});

describe('isRetryableConnectionLoss', () => {
  it('retries a connection the server ended, not a server that is not there', () => {
    expect(isRetryableConnectionLoss(drizzle(postgresConnection('CONNECTION_CLOSED')))).toBe(true);
    expect(isRetryableConnectionLoss(drizzle(server('57P01', 'terminating connection')))).toBe(true);
    expect(isRetryableConnectionLoss(drizzle(postgresConnection('CONNECT_TIMEOUT')))).toBe(false);
    expect(isRetryableConnectionLoss(drizzle(ofQuery(socket('ECONNREFUSED', 'connect'))))).toBe(false);
  });
});

describe('isTransactionConflict', () => {
  it('recognises deadlocks and serialization failures, wrapped or not', () => {
    expect(isTransactionConflict(drizzle(server('40P01', 'deadlock detected')))).toBe(true);
    expect(isTransactionConflict(server('40001', 'could not serialize access'))).toBe(true);
    expect(isTransactionConflict(drizzle(server('23505', 'duplicate key')))).toBe(false);
  });
});
