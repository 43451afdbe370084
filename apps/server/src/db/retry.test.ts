import { DrizzleQueryError } from 'drizzle-orm';
import postgres, { type Sql } from 'postgres';
import { describe, expect, it } from 'vitest';
import type { Database } from './client.js';
import { retryingReads } from './read-retry.js';
import { inTransaction } from './transaction.js';

const deadlock = () =>
  new DrizzleQueryError('update "books" …', [], new postgres.PostgresError({ code: '40P01' } as unknown as string));
const connectionClosed = () =>
  Object.assign(new Error('write CONNECTION_CLOSED 127.0.0.1:5432'), { code: 'CONNECTION_CLOSED' });

/** A database whose transactions fail with the given errors, one per attempt, then succeed. */
function failingTransactions(failures: { error: Error; afterWork: boolean }[]) {
  let attempts = 0;
  let workRuns = 0;
  const db = {
    async transaction<T>(fn: (tx: unknown) => Promise<T>): Promise<T> {
      const failure = failures[attempts];
      attempts += 1;
      if (failure && !failure.afterWork) throw failure.error;
      const result = await fn({});
      if (failure) throw failure.error; // while committing
      return result;
    },
  } as unknown as Database;
  const work = async () => {
    workRuns += 1;
    return 'done';
  };
  return { db, work, attempts: () => attempts, workRuns: () => workRuns };
}

describe('inTransaction', () => {
  it('runs a transaction once more after a deadlock, even one reported at commit', async () => {
    const t = failingTransactions([{ error: deadlock(), afterWork: true }]);
    await expect(inTransaction(t.db, t.work)).resolves.toBe('done');
    expect(t.attempts()).toBe(2);
  });

  it('runs it once more after losing the connection before the work was done', async () => {
    const t = failingTransactions([{ error: connectionClosed(), afterWork: false }]);
    await expect(inTransaction(t.db, t.work)).resolves.toBe('done');
    expect(t.attempts()).toBe(2);
  });

  it('does not run it again when the connection was lost while committing: the commit may have happened', async () => {
    const t = failingTransactions([{ error: connectionClosed(), afterWork: true }]);
    await expect(inTransaction(t.db, t.work)).rejects.toThrow(/CONNECTION_CLOSED/);
    expect(t.workRuns()).toBe(1);
  });

  it('retries only once, and never an ordinary failure', async () => {
    const twice = failingTransactions([
      { error: deadlock(), afterWork: false },
      { error: deadlock(), afterWork: false },
    ]);
    await expect(inTransaction(twice.db, twice.work)).rejects.toBeInstanceOf(DrizzleQueryError);
    expect(twice.attempts()).toBe(2);
    const plain = failingTransactions([{ error: new Error('duplicate key'), afterWork: false }]);
    await expect(inTransaction(plain.db, plain.work)).rejects.toThrow('duplicate key');
    expect(plain.attempts()).toBe(1);
  });
});

describe('retryingReads', () => {
  /** A pool of `max` connections whose first `failures` statements fail with `error`. */
  function client(error: Error, { max = 1, failures = 1 } = {}) {
    const sent: string[] = [];
    const fake = {
      options: { max },
      unsafe(statement: string) {
        sent.push(statement);
        const answer = sent.length <= failures ? Promise.reject(error) : Promise.resolve([{ n: 1 }]);
        answer.catch(() => undefined);
        return Object.assign(answer, { values: () => answer });
      },
    } as unknown as Sql;
    return { sql: retryingReads(fake), sent };
  }

  it('sends a plain read again after losing its connection', async () => {
    const { sql, sent } = client(connectionClosed());
    await expect(sql.unsafe('select "id" from "books"').values()).resolves.toEqual([{ n: 1 }]);
    expect(sent).toHaveLength(2);
  });

  it('tries as many times as the pool has connections, each of which may have been ended', async () => {
    const flushed = client(connectionClosed(), { max: 4, failures: 4 });
    await expect(flushed.sql.unsafe('select 1').values()).resolves.toEqual([{ n: 1 }]);
    expect(flushed.sent).toHaveLength(5);
    const down = client(connectionClosed(), { max: 4, failures: 9 });
    await expect(down.sql.unsafe('select 1')).rejects.toThrow(/CONNECTION_CLOSED/);
    expect(down.sent).toHaveLength(5);
  });

  it('does not send a write or a locking read again, nor a read that failed for another reason', async () => {
    for (const statement of ['update "books" set "rating" = 1', 'select "id" from "books" for update']) {
      const { sql, sent } = client(connectionClosed());
      await expect(sql.unsafe(statement)).rejects.toThrow(/CONNECTION_CLOSED/);
      expect(sent).toHaveLength(1);
    }
    const { sql, sent } = client(new Error('syntax error'));
    await expect(sql.unsafe('select nonsense')).rejects.toThrow('syntax error');
    expect(sent).toHaveLength(1);
  });
});
