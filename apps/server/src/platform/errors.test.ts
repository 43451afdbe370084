import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors.js';

const withCode = (message: string, code: string, cause?: unknown) =>
  Object.assign(new Error(message, { cause }), { code });
const queryError = (cause: unknown) =>
  Object.assign(new Error('Failed query: select 1', { cause }), { name: 'DrizzleQueryError' });

describe('isDatabaseUnavailable', () => {
  it('recognises a refused connection below a failed query, and the drivers’ own codes anywhere', () => {
    expect(isDatabaseUnavailable(queryError(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(withCode('write CONNECTION_CLOSED', 'CONNECTION_CLOSED'))).toBe(true);
    expect(isDatabaseUnavailable(queryError(new Error('PGlite is closed')))).toBe(true);
    expect(isDatabaseUnavailable(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
  });

  it('does not call an outbound HTTP failure or an ordinary query error a database outage', () => {
    expect(
      isDatabaseUnavailable(new Error('fetch failed', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') })),
    ).toBe(false);
    expect(isDatabaseUnavailable(queryError(withCode('duplicate key value', '23505')))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
