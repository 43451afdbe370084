import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Sign-ups waiting for their address to be confirmed (issue 27): the account is created only when the e-mailed
 * link is followed. The token is stored hashed and the row deleted when used; the password is already hashed.
 */
export const pendingSignUps = pgTable(
  'pending_sign_ups',
  {
    tokenHash: text('token_hash').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('pending_sign_ups_email_idx').on(t.email), index('pending_sign_ups_expires_at_idx').on(t.expiresAt)],
);

export type PendingSignUpRow = typeof pendingSignUps.$inferSelect;
