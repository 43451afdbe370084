import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { pendingSignUps } from '../../db/schema/index.js';

export function createPendingSignUpsRepository(db: Database) {
  return {
    async insert(pending: typeof pendingSignUps.$inferInsert) {
      await db.insert(pendingSignUps).values(pending);
    },
    /** Deletes and returns the sign-up in one statement, so a link works exactly once even when clicked twice. */
    async take(tokenHash: string) {
      const [row] = await db.delete(pendingSignUps).where(eq(pendingSignUps.tokenHash, tokenHash)).returning();
      return row;
    },
    /** Once the account exists, the address's other links are spent too. */
    async deleteByEmail(email: string) {
      await db.delete(pendingSignUps).where(sql`lower(${pendingSignUps.email}) = ${email.toLowerCase()}`);
    },
    async deleteExpired(now: Date) {
      await db.delete(pendingSignUps).where(lt(pendingSignUps.expiresAt, now));
    },
  };
}

export type PendingSignUpsRepository = ReturnType<typeof createPendingSignUpsRepository>;
