import { CLOUD_PROVIDERS, type CloudProvider } from '@bookshelf/contract';
import { and, asc, eq, getTableColumns, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { driveConnectAttempts, driveConnections, type DriveConnectionRow } from '../../../db/schema/index.js';

export type ConnectionWithCount = DriveConnectionRow & { fileCount: number };

/** Sealed tokens as stored: a refresh token left out keeps the one stored (Google answers none on refresh). */
export interface StoredTokens {
  accessTokenEnc: string;
  refreshTokenEnc: string | null;
  tokenExpiresAt: Date | null;
}

// Spelled out: drizzle names a one-table select's columns unqualified, and both tables have an `id`.
const fileCount = sql<number>`(
  select count(*)::int from drive_files f where f.connection_id = drive_connections.id and not f.is_deleted
)`.as('file_count');

export function createConnectionsRepository(db: Database) {
  return {
    async find(id: string): Promise<DriveConnectionRow | undefined> {
      const [row] = await db.select().from(driveConnections).where(eq(driveConnections.id, id));
      return row;
    },

    async findWithCount(id: string): Promise<ConnectionWithCount | undefined> {
      const [row] = await db
        .select({ ...getTableColumns(driveConnections), fileCount })
        .from(driveConnections)
        .where(eq(driveConnections.id, id));
      return row;
    },

    /** The reader's own connections, and the instance's library folder when they are offered it. */
    listFor(userId: string, withLibrary: boolean): Promise<ConnectionWithCount[]> {
      return db
        .select({ ...getTableColumns(driveConnections), fileCount })
        .from(driveConnections)
        .where(
          or(
            eq(driveConnections.userId, userId),
            withLibrary ? and(isNull(driveConnections.userId), eq(driveConnections.provider, 'local')) : undefined,
          ),
        )
        .orderBy(asc(driveConnections.createdAt), asc(driveConnections.id));
    },

    async update(
      id: string,
      patch: Partial<Pick<DriveConnectionRow, 'accountName' | 'isActive'>>,
      now: Date,
    ): Promise<void> {
      await db
        .update(driveConnections)
        .set({ ...patch, updatedAt: now })
        .where(eq(driveConnections.id, id));
    },

    /** Removes the connection; its files and the readers' marks on them go with it (foreign keys cascade). */
    async delete(id: string): Promise<void> {
      await db.delete(driveConnections).where(eq(driveConnections.id, id));
    },

    /**
     * Stores a connected account: a reconnect of the same account (user, provider, provider's account id)
     * updates its tokens and makes it active again instead of adding a second connection. A name the reader
     * gave it is kept.
     */
    async upsertCloud(input: {
      userId: string;
      provider: CloudProvider;
      externalAccountId: string;
      accountName: string;
      accountEmail: string | null;
      tokens: StoredTokens;
      now: Date;
    }): Promise<DriveConnectionRow> {
      const { tokens } = input;
      const [row] = await db
        .insert(driveConnections)
        .values({
          userId: input.userId,
          provider: input.provider,
          externalAccountId: input.externalAccountId,
          accountName: input.accountName,
          accountEmail: input.accountEmail,
          isActive: true,
          accessTokenEnc: tokens.accessTokenEnc,
          refreshTokenEnc: tokens.refreshTokenEnc,
          tokenExpiresAt: tokens.tokenExpiresAt,
          createdAt: input.now,
          updatedAt: input.now,
        })
        .onConflictDoUpdate({
          target: [driveConnections.userId, driveConnections.provider, driveConnections.externalAccountId],
          targetWhere: sql`${driveConnections.externalAccountId} is not null`,
          set: {
            accountEmail: sql`excluded.account_email`,
            isActive: true,
            accessTokenEnc: sql`excluded.access_token_enc`,
            refreshTokenEnc: sql`coalesce(excluded.refresh_token_enc, ${driveConnections.refreshTokenEnc})`,
            tokenExpiresAt: sql`excluded.token_expires_at`,
            updatedAt: input.now,
          },
        })
        .returning();
      return row!;
    },

    async storeTokens(id: string, tokens: StoredTokens, now: Date): Promise<DriveConnectionRow | undefined> {
      const [row] = await db
        .update(driveConnections)
        .set({
          accessTokenEnc: tokens.accessTokenEnc,
          ...(tokens.refreshTokenEnc !== null ? { refreshTokenEnc: tokens.refreshTokenEnc } : {}),
          tokenExpiresAt: tokens.tokenExpiresAt,
          updatedAt: now,
        })
        .where(eq(driveConnections.id, id))
        .returning();
      return row;
    },

    /** Active cloud connections whose access token expires by `before` and that can be refreshed. */
    async expiringBy(before: Date): Promise<string[]> {
      const rows = await db
        .select({ id: driveConnections.id })
        .from(driveConnections)
        .where(
          and(
            eq(driveConnections.isActive, true),
            inArray(driveConnections.provider, [...CLOUD_PROVIDERS]),
            isNotNull(driveConnections.refreshTokenEnc),
            lte(driveConnections.tokenExpiresAt, before),
          ),
        )
        .orderBy(asc(driveConnections.tokenExpiresAt));
      return rows.map((r) => r.id);
    },

    async addAttempt(attempt: typeof driveConnectAttempts.$inferInsert, now: Date): Promise<void> {
      // Attempts nobody came back for are cleared as new ones start: the table stays small without a sweep job.
      await db.delete(driveConnectAttempts).where(lt(driveConnectAttempts.expiresAt, now));
      await db.insert(driveConnectAttempts).values(attempt);
    },

    /** Takes (deletes and answers) the reader's attempt for that provider: a state works once only. */
    async takeAttempt(stateHash: string, userId: string, provider: CloudProvider) {
      const [row] = await db
        .delete(driveConnectAttempts)
        .where(
          and(
            eq(driveConnectAttempts.stateHash, stateHash),
            eq(driveConnectAttempts.userId, userId),
            eq(driveConnectAttempts.provider, provider),
          ),
        )
        .returning();
      return row;
    },
  };
}

export type ConnectionsRepository = ReturnType<typeof createConnectionsRepository>;
