import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * Stored normalised (trimmed, lower case); the unique index below relies on that. Null for a user who
     * signed up through a provider that shares no e-mail (X/Twitter).
     */
    email: text('email'),
    name: text('name').notNull(),
    image: text('image'),
    /** argon2id PHC string; null until the user sets a password (provider-only accounts). */
    passwordHash: text('password_hash'),
    readingGoal: integer('reading_goal').notNull().default(50),
    /**
     * The instance's first account (decision 032); ADMIN_EMAILS names more, checked when asked rather than
     * stored, so taking an address off the list takes the role away.
     */
    isAdmin: boolean('is_admin').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);

export type UserRow = typeof users.$inferSelect;
