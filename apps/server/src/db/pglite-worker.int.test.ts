import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client.js';
import { isConnectionError, isUniqueViolation } from './errors.js';
import { RemotePglite, type RemoteTransaction } from './pglite-remote.js';
import { rowsOf } from './rows.js';
import { books, users } from './schema/index.js';
import { inTransaction } from './transaction.js';

// PGlite in its own thread (decision 028) must behave as PGlite on the calling thread: the same rows and
// types through Drizzle, the same errors, interactive transactions, LISTEN/NOTIFY, and closing.
let onWorker: DatabaseHandle;
let onMain: DatabaseHandle;
beforeAll(async () => {
  onWorker = openDatabase({ kind: 'pglite', thread: 'worker' });
  onMain = openDatabase({ kind: 'pglite', thread: 'main' });
  await Promise.all([onWorker.migrate(), onMain.migrate()]);
});
afterAll(async () => {
  await Promise.all([onWorker.close(), onMain.close()]);
});

const fixedUser = { id: '00000000-0000-4000-8000-000000000001', email: 'ada@example.org', name: 'Ada' };
const fixedBook = {
  id: '00000000-0000-4000-8000-000000000002',
  userId: fixedUser.id,
  title: 'The Great Gatsby',
  author: 'F. Scott Fitzgerald',
  searchText: 'the great gatsby f scott fitzgerald',
  tags: ['classic', 'jazz age'],
  pages: 180,
  rating: 4,
  currentValue: { amount: 12.5, currency: 'EUR' },
  dateAdded: new Date('2024-05-06T07:08:09.123Z'),
};

describe('PGlite in a worker thread', () => {
  it('answers through Drizzle exactly what PGlite on the main thread answers', async () => {
    const read = async ({ db }: DatabaseHandle) => {
      await db.insert(users).values(fixedUser);
      await db.insert(books).values(fixedBook as typeof books.$inferInsert);
      const [user] = await db.select().from(users).where(eq(users.id, fixedUser.id));
      const [book] = await db.select().from(books).where(eq(books.id, fixedBook.id));
      const raw = rowsOf(
        await db.execute(sql`select ${books.dateAdded} as added, ${books.tags} as tags from ${books}`),
      );
      return { user: { ...user, createdAt: 0, updatedAt: 0 }, book: { ...book, createdAt: 0, updatedAt: 0 }, raw };
    };
    const [worker, main] = await Promise.all([read(onWorker), read(onMain)]);
    expect(worker.book.dateAdded).toBeInstanceOf(Date);
    expect(worker.book.dateAdded?.toISOString()).toBe('2024-05-06T07:08:09.123Z');
    expect(worker.book.currentValue).toEqual({ amount: 12.5, currency: 'EUR' });
    expect(worker).toEqual(main);
  });

  it('keeps the database error’s SQLSTATE, so a unique violation is recognised as one', async () => {
    const error = await onWorker.db
      .insert(users)
      .values({ ...fixedUser, id: '00000000-0000-4000-8000-000000000009', email: 'ADA@example.org' })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(error)).toBe(true);
    expect(isConnectionError(error)).toBe(false);
  });

  it('commits an interactive transaction, rolls back one that throws, and keeps savepoints', async () => {
    const { db } = onWorker;
    await inTransaction(db, async (tx) => {
      await tx.update(users).set({ name: 'Ada L.' }).where(eq(users.id, fixedUser.id));
      // A nested transaction that fails rolls back to its savepoint only.
      await tx
        .transaction(async (inner) => {
          await inner.update(users).set({ readingGoal: 7 }).where(eq(users.id, fixedUser.id));
          throw new Error('undo the inner part');
        })
        .catch(() => undefined);
    });
    await expect(
      inTransaction(db, async (tx) => {
        await tx.update(users).set({ name: 'Never' }).where(eq(users.id, fixedUser.id));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const [user] = await db.select().from(users).where(eq(users.id, fixedUser.id));
    expect(user).toMatchObject({ name: 'Ada L.', readingGoal: 50 });
  });

  it('runs transactions one after another, each seeing the other’s commit', async () => {
    const { db } = onWorker;
    const bump = () =>
      inTransaction(db, async (tx) => {
        const [row] = await tx.select({ goal: users.readingGoal }).from(users).where(eq(users.id, fixedUser.id));
        await tx
          .update(users)
          .set({ readingGoal: row!.goal + 1 })
          .where(eq(users.id, fixedUser.id));
      });
    await Promise.all(Array.from({ length: 20 }, bump));
    const [user] = await db.select().from(users).where(eq(users.id, fixedUser.id));
    expect(user!.readingGoal).toBe(70);
  });

  it('keeps the calling thread free while a long statement runs', async () => {
    let turns = 0;
    let counting = true;
    const count = () => {
      turns += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    await onWorker.db.execute(sql`select count(*) from generate_series(1, 2000000)`);
    counting = false;
    // On the calling thread the statement would hold the event loop from start to end (a handful of turns).
    expect(turns).toBeGreaterThan(200);
  });

  it('delivers notifications to a listener until it stops listening', async () => {
    const received: string[] = [];
    let listening = 0;
    const unlisten = await onWorker.listen(
      'bookshelf_test',
      (p) => received.push(p),
      () => (listening += 1),
    );
    expect(listening).toBe(1);
    await onWorker.db.execute(sql`select pg_notify('bookshelf_test', 'one')`);
    await inTransaction(onWorker.db, (tx) => tx.execute(sql`select pg_notify('bookshelf_test', 'two')`));
    await expect.poll(() => received).toEqual(['one', 'two']);
    await unlisten();
    await onWorker.db.execute(sql`select pg_notify('bookshelf_test', 'three')`);
    await onWorker.db.execute(sql`select 1`);
    expect(received).toEqual(['one', 'two']);
  });
});

describe('PGlite in a worker thread on a DATA_DIR', () => {
  it('is the default there: keeps the data, fails as a closed database once closed, and frees the directory', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bookshelf-pglite-worker-'));
    try {
      const first = openDatabase({ kind: 'pglite', dataDir });
      await first.migrate();
      await first.db.insert(users).values(fixedUser);
      await first.close();
      const error = await first.db
        .select()
        .from(users)
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(isConnectionError(error)).toBe(true);

      // Opening again takes the DATA_DIR lock, which only a closed handle has let go of.
      const second = openDatabase({ kind: 'pglite', dataDir });
      try {
        await second.migrate();
        expect(await second.db.select({ email: users.email }).from(users)).toEqual([{ email: fixedUser.email }]);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('PGlite’s thread between statements', () => {
  it('vacuums and analyses as autovacuum would (pglite-maintenance.js), so the planner learns the data', async () => {
    const client = new RemotePglite({ postgresqlconf: [], maintenanceIntervalMs: 100 });
    try {
      await client.exec('create table shelf (id int primary key, owner int not null)');
      await client.exec('insert into shelf select g, g % 10 from generate_series(1, 1000) g');
      const analysed = async () =>
        (await client.query<{ n: number }>(`select count(last_analyze)::int as n from pg_stat_user_tables`)).rows[0]!
          .n === 1;
      await vi.waitFor(async () => expect(await analysed()).toBe(true), { timeout: 5_000, interval: 100 });
    } finally {
      await client.close();
    }
  });

  it('answers the statements of a begun transaction within the same turn of the calling thread', async () => {
    const turnsDuring = async (client: RemotePglite) => {
      await client.exec('create table if not exists w (n int)');
      let turns = 0;
      await client.transaction(async (tx) => {
        await tx.query('insert into w values ($1)', [0]);
        // Begun: PGlite is this transaction's until it ends. Each turn of the event loop from here on would
        // hold it for whatever other work the turn brings.
        const counting = setInterval(() => (turns += 1), 0);
        try {
          for (let n = 1; n <= 20; n += 1) await tx.query('insert into w values ($1)', [n]);
        } finally {
          clearInterval(counting);
        }
      });
      expect((await client.query<{ count: number }>('select count(*)::int as count from w')).rows).toEqual([
        { count: 21 },
      ]);
      return turns;
    };
    // A wait long enough for any machine, so that the count does not depend on its speed.
    const sleeping = new RemotePglite({ postgresqlconf: [], waitInTransactionMs: 60_000 });
    const turning = new RemotePglite({ postgresqlconf: [], waitInTransactionMs: 0 });
    try {
      expect(await turnsDuring(sleeping)).toBe(0);
      // Without the wait every answer comes on a later turn: the test sees the difference it checks.
      expect(await turnsDuring(turning)).toBeGreaterThan(0);
    } finally {
      await Promise.all([sleeping.close(), turning.close()]);
    }
  });

  it('takes the answer as any other when the statement outlasts the wait, and keeps the order', async () => {
    const client = new RemotePglite({ postgresqlconf: [], waitInTransactionMs: 1 });
    try {
      const answers = await client.transaction(async (tx) => {
        await tx.query('select 1');
        const slow = tx.query<{ n: number }>('select count(*)::int as n from generate_series(1, 3000000)');
        const quick = tx.query<{ n: number }>('select 2 as n');
        return [(await slow).rows[0]!.n, (await quick).rows[0]!.n];
      });
      expect(answers).toEqual([3_000_000, 2]);
      expect((await client.query<{ n: number }>('select 3 as n')).rows).toEqual([{ n: 3 }]);
    } finally {
      await client.close();
    }
  });

  it('begins a transaction with its first statement, ends one that sent none, and refuses statements after', async () => {
    const client = new RemotePglite({ postgresqlconf: [] });
    try {
      expect(await client.transaction(async () => 'nothing sent')).toBe('nothing sent');
      let kept: RemoteTransaction | undefined;
      await client.transaction(async (tx) => {
        kept = tx;
        await tx.exec('create table t (n int)');
        await tx.query('insert into t values ($1)', [1]);
      });
      await expect(kept!.query('insert into t values (2)')).rejects.toThrow(/ended/);
      expect((await client.query<{ n: number }>('select n from t')).rows).toEqual([{ n: 1 }]);
    } finally {
      await client.close();
    }
  });
});
