import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { authIdentities, users, type UserRow } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../db/errors.js';

export type NewUser = Pick<UserRow, 'name'> & Partial<Pick<UserRow, 'email' | 'image' | 'passwordHash'>>;
export type UserChanges = Partial<Pick<UserRow, 'name' | 'image' | 'readingGoal' | 'passwordHash'>>;

export function createUsersRepository(db: Database) {
  // Built once: GET /api/me reads it on every request.
  const byId = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('users_by_id');
  return {
    async findById(id: string) {
      const [row] = await byId.execute({ id });
      return row;
    },
    /** Inside a transaction: the row stays locked until it ends, so two password changes queue up. */
    async lockById(id: string) {
      const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
      return row;
    },
    /** E-mails are stored normalised; lower() matches the unique index, so this is an index lookup. */
    async findByEmail(email: string) {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
      return row;
    },
    /** Undefined when the e-mail is taken (the unique index decides, so two racing sign-ups cannot both win). */
    async insert(user: NewUser) {
      try {
        // The instance's first account administers it (decision 032). Two sign-ups racing on an empty
        // instance may both see it empty; both are then its owners' first moments, an accepted edge.
        const [row] = await db
          .insert(users)
          .values({ ...user, isAdmin: sql`not exists (select 1 from ${users})` })
          .returning();
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },
    async delete(id: string) {
      await db.delete(users).where(eq(users.id, id));
    },
    async update(id: string, changes: UserChanges) {
      const [row] = await db
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row;
    },
  };
}

export function createIdentitiesRepository(db: Database) {
  return {
    async findByProviderId(provider: string, providerId: string) {
      const [row] = await db
        .select()
        .from(authIdentities)
        .where(and(eq(authIdentities.provider, provider), eq(authIdentities.providerId, providerId)));
      return row;
    },
    findByUser(userId: string) {
      return db
        .select()
        .from(authIdentities)
        .where(eq(authIdentities.userId, userId))
        .orderBy(authIdentities.createdAt);
    },
    /** False when the provider account or the user's slot for that provider is already taken. */
    async insert(identity: { userId: string; provider: string; providerId: string; email: string | null }) {
      try {
        await db.insert(authIdentities).values(identity);
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
    async updateEmail(id: string, email: string | null) {
      await db.update(authIdentities).set({ email }).where(eq(authIdentities.id, id));
    },
    async delete(userId: string, provider: string) {
      const rows = await db
        .delete(authIdentities)
        .where(and(eq(authIdentities.userId, userId), eq(authIdentities.provider, provider)))
        .returning({ id: authIdentities.id });
      return rows.length > 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
export type IdentitiesRepository = ReturnType<typeof createIdentitiesRepository>;
