import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** A social sign-in (google, twitter) linked to a user: the spec's provider and providerId. */
export const authIdentities = pgTable(
  'auth_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerId: text('provider_id').notNull(),
    /** What the provider said at the last sign-in; informational, never used to match accounts. */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // one Bookshelf user per provider account, and at most one account per provider per user (this
    // second index also serves "my linked accounts", user_id leading)
    uniqueIndex('auth_identities_provider_key').on(t.provider, t.providerId),
    uniqueIndex('auth_identities_user_provider_key').on(t.userId, t.provider),
  ],
);

export type AuthIdentityRow = typeof authIdentities.$inferSelect;
