import { and, desc, eq, lt, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { apiTokens, passwordResets, pendingSignUps, sessions, type SessionRow } from '../../db/schema/index.js';

export type NewSession = Pick<
  SessionRow,
  'id' | 'userId' | 'createdAt' | 'lastSeenAt' | 'expiresAt' | 'persistent' | 'provider' | 'userAgent' | 'ip'
>;

export function createSessionsRepository(db: Database) {
  return {
    async insert(session: NewSession) {
      const [row] = await db.insert(sessions).values(session).returning();
      return row!;
    },
    async findByKey(key: string) {
      const [row] = await db.select().from(sessions).where(eq(sessions.id, key));
      return row;
    },
    /** Whether the session was still there to slide. */
    async touch(key: string, lastSeenAt: Date, expiresAt: Date) {
      const rows = await db
        .update(sessions)
        .set({ lastSeenAt, expiresAt })
        .where(eq(sessions.id, key))
        .returning({ id: sessions.id });
      return rows.length > 0;
    },
    findByUser(userId: string) {
      return db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.lastSeenAt));
    },
    /** Returns whose session it was (undefined when there was none). */
    async deleteByKey(key: string) {
      const [row] = await db.delete(sessions).where(eq(sessions.id, key)).returning({ userId: sessions.userId });
      return row?.userId;
    },
    /** The session shown as `publicId`, whoever's it is: platform/access decides whether the caller may end it. */
    async findByPublicId(publicId: string) {
      const [row] = await db.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.publicId, publicId));
      return row;
    },
    async deleteByPublicId(userId: string, publicId: string) {
      const rows = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
        .returning({ id: sessions.id });
      return rows.length > 0;
    },
    /** Every session of the user except `keepKey` (none kept when it is undefined). */
    async deleteByUser(userId: string, keepKey?: string) {
      const rows = await db
        .delete(sessions)
        .where(keepKey ? and(eq(sessions.userId, userId), ne(sessions.id, keepKey)) : eq(sessions.userId, userId))
        .returning({ id: sessions.id });
      return rows.length;
    },
    async deleteExpired(now: Date) {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
      await db.delete(passwordResets).where(lt(passwordResets.expiresAt, now));
      await db.delete(pendingSignUps).where(lt(pendingSignUps.expiresAt, now));
    },
  };
}

export function createApiTokensRepository(db: Database) {
  return {
    async insert(token: { userId: string; name: string; tokenHash: string; prefix: string }) {
      const [row] = await db.insert(apiTokens).values(token).returning();
      return row!;
    },
    async findByHash(tokenHash: string) {
      const [row] = await db.select().from(apiTokens).where(eq(apiTokens.tokenHash, tokenHash));
      return row;
    },
    findByUser(userId: string) {
      return db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.createdAt));
    },
    /** The token with this id, whoever's it is: platform/access decides whether the caller may revoke it. */
    async findById(id: string) {
      const [row] = await db.select({ userId: apiTokens.userId }).from(apiTokens).where(eq(apiTokens.id, id));
      return row;
    },
    async markUsed(id: string, at: Date) {
      await db.update(apiTokens).set({ lastUsedAt: at }).where(eq(apiTokens.id, id));
    },
    async delete(userId: string, id: string) {
      const rows = await db
        .delete(apiTokens)
        .where(and(eq(apiTokens.userId, userId), eq(apiTokens.id, id)))
        .returning({ id: apiTokens.id });
      return rows.length > 0;
    },
    async deleteByUser(userId: string) {
      const rows = await db.delete(apiTokens).where(eq(apiTokens.userId, userId)).returning({ id: apiTokens.id });
      return rows.length;
    },
  };
}

export function createPasswordResetsRepository(db: Database) {
  return {
    async insert(reset: { tokenHash: string; userId: string; expiresAt: Date }) {
      await db.insert(passwordResets).values(reset);
    },
    /** Deletes and returns the reset in one statement, so a link works exactly once even when clicked twice. */
    async take(tokenHash: string) {
      const [row] = await db.delete(passwordResets).where(eq(passwordResets.tokenHash, tokenHash)).returning();
      return row;
    },
    async deleteByUser(userId: string) {
      await db.delete(passwordResets).where(eq(passwordResets.userId, userId));
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
export type ApiTokensRepository = ReturnType<typeof createApiTokensRepository>;
export type PasswordResetsRepository = ReturnType<typeof createPasswordResetsRepository>;
