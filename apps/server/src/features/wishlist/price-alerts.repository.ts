import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { books, priceAlerts } from '../../db/schema/index.js';

export type PriceAlertRow = typeof priceAlerts.$inferSelect;

/** Price alerts (core.md §3), and the book an alert is set on. */
export function createPriceAlertsRepository(db: Database) {
  return {
    async list(userId: string): Promise<PriceAlertRow[]> {
      return db
        .select()
        .from(priceAlerts)
        .where(eq(priceAlerts.userId, userId))
        .orderBy(desc(priceAlerts.createdAt), desc(priceAlerts.id));
    },

    async count(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(priceAlerts).where(eq(priceAlerts.userId, userId));
      return row?.n ?? 0;
    },

    /** A live book by its id, whoever owns it: the access rule decides whether the caller may watch it. */
    async book(id: string): Promise<{ id: string; userId: string } | undefined> {
      const [row] = await db
        .select({ id: books.id, userId: books.userId })
        .from(books)
        .where(and(eq(books.id, id), isNull(books.deletedAt)));
      return row;
    },

    async insert(
      values: Pick<PriceAlertRow, 'userId' | 'bookId' | 'targetPrice' | 'currency' | 'platforms'>,
    ): Promise<PriceAlertRow> {
      const [row] = await db.insert(priceAlerts).values(values).returning();
      return row!;
    },

    /** An alert by its id, whoever owns it. */
    async find(id: string): Promise<PriceAlertRow | undefined> {
      const [row] = await db.select().from(priceAlerts).where(eq(priceAlerts.id, id));
      return row;
    },

    async remove(id: string): Promise<void> {
      await db.delete(priceAlerts).where(eq(priceAlerts.id, id));
    },

    /** A book's alerts still waiting, locked: two price edits of one book cannot both trigger one alert. */
    async lockWaiting(bookId: string, tx: Database): Promise<PriceAlertRow[]> {
      return tx
        .select()
        .from(priceAlerts)
        .where(and(eq(priceAlerts.bookId, bookId), isNull(priceAlerts.triggeredAt)))
        .orderBy(priceAlerts.id)
        .for('update');
    },

    async markTriggered(id: string, at: Date, price: number, tx: Database): Promise<void> {
      await tx
        .update(priceAlerts)
        .set({ triggeredAt: at, triggeredPrice: price.toFixed(2) })
        .where(eq(priceAlerts.id, id));
    },
  };
}

export type PriceAlertsRepository = ReturnType<typeof createPriceAlertsRepository>;
