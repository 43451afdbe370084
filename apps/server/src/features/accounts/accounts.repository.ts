import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, isNull, max, sql, type Placeholder } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { accounts, books, type AccountRow } from '../../db/schema/index.js';

export type AccountValues = Omit<AccountRow, 'userId' | 'id' | 'dateAdded' | 'updatedAt'>;
export type AccountWithUsage = AccountRow & { bookCount: number; lastUsed: Date | null };

/**
 * `changed` is told, in each write's transaction, that the user's accounts changed (their data version:
 * platform/caching/user-versions.ts).
 */
export function createAccountsRepository(
  db: Database,
  changed: (userId: string, tx: Database) => Promise<void> = async () => undefined,
) {
  /** How many live books each account holds and when one was last added (the spec's lastUsed). */
  const usage = (userId: string | Placeholder) =>
    db
      .select({
        accountId: books.accountId,
        bookCount: count().as('book_count'),
        lastUsed: max(books.dateAdded).as('last_used'),
      })
      .from(books)
      .where(and(eq(books.userId, userId), isNull(books.deletedAt)))
      .groupBy(books.accountId)
      .as('usage');

  const select = (userId: string | Placeholder, id?: string | Placeholder) => {
    const u = usage(userId);
    return (
      db
        .select({ account: accounts, bookCount: u.bookCount, lastUsed: u.lastUsed })
        .from(accounts)
        .leftJoin(u, eq(u.accountId, accounts.id))
        .where(id === undefined ? eq(accounts.userId, userId) : and(eq(accounts.userId, userId), eq(accounts.id, id)))
        // The built-in account first, then the others in the order they were added.
        .orderBy(desc(sql`${accounts.id} = 'default-personal'`), asc(accounts.dateAdded), asc(accounts.id))
    );
  };
  // Built once: the accounts list and one account are read on every page that shows them.
  const all = select(sql.placeholder('userId')).prepare('accounts_with_usage');
  const one = select(sql.placeholder('userId'), sql.placeholder('id')).prepare('account_with_usage');

  async function listWithUsage(userId: string, id?: string): Promise<AccountWithUsage[]> {
    const rows = await (id === undefined ? all.execute({ userId }) : one.execute({ userId, id }));
    return rows.map((r) => ({
      ...r.account,
      bookCount: Number(r.bookCount ?? 0),
      lastUsed: r.lastUsed ? new Date(r.lastUsed) : null,
    }));
  }

  return {
    list: (userId: string) => listWithUsage(userId),
    async find(userId: string, id: string) {
      const [row] = await listWithUsage(userId, id);
      return row;
    },
    async insert(userId: string, values: AccountValues) {
      const id = randomUUID();
      await inTransaction(db, async (tx) => {
        await tx.insert(accounts).values({ ...values, userId, id });
        await changed(userId, tx);
      });
      return id;
    },
    /**
     * Changes the account as `change` decides from it as it is now: the row stays locked from the read to the
     * write, so two changes at once queue, and neither writes back fields (settings, type) it read before the
     * other's commit. `change` gets undefined when there is no such account (platform/access answers that);
     * whatever it throws rolls it back. The lock leaves the key alone (no key update), so books may still be
     * added to or moved into the account meanwhile.
     */
    async update(
      userId: string,
      id: string,
      change: (current: AccountRow | undefined) => Promise<Partial<AccountValues>>,
    ): Promise<void> {
      await inTransaction(db, async (tx) => {
        const mine = and(eq(accounts.userId, userId), eq(accounts.id, id));
        const [current] = await tx.select().from(accounts).where(mine).for('no key update');
        const values = await change(current);
        await tx
          .update(accounts)
          .set({ ...values, updatedAt: sql`now()` })
          .where(mine);
        await changed(userId, tx);
      });
    },
    /**
     * Deletes the account once `check` has passed it (it gets undefined when there is no such account); its
     * books (trashed ones too) move to the default account through the foreign key. Answers how many live
     * books moved.
     */
    async delete(userId: string, id: string, check: (current: AccountRow | undefined) => Promise<unknown>) {
      return inTransaction(db, async (tx) => {
        const mine = and(eq(accounts.userId, userId), eq(accounts.id, id));
        await check((await tx.select().from(accounts).where(mine).for('no key update'))[0]);
        // The foreign key moves the books in whatever order it finds them; locking them first, in id order
        // like every other change to books, keeps this from deadlocking with a bulk change of the same books.
        const moving = await tx
          .select({ deletedAt: books.deletedAt })
          .from(books)
          .where(and(eq(books.userId, userId), eq(books.accountId, id)))
          .orderBy(books.id)
          .for('update');
        await tx.delete(accounts).where(mine);
        await changed(userId, tx);
        return moving.filter((b) => b.deletedAt === null).length;
      });
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
