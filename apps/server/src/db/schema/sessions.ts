import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const sessions = pgTable(
  'sessions',
  {
    /** A hash of the cookie's token, so a leaked database does not hand out live sessions. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** The id shown in the sessions list; the token hash above never leaves the server. */
    publicId: uuid('public_id').notNull().defaultRandom(),
    /** "Remember me": a 30-day cookie; otherwise the cookie ends with the browser and the row idles out. */
    persistent: boolean('persistent').notNull().default(false),
    /** How the session was opened (password, google, twitter): the me call's provider. */
    provider: text('provider').notNull().default('password'),
  },
  (t) => [
    // this index serves "list my sessions" and "sign out everywhere else"
    index('sessions_user_id_idx').on(t.userId),
    uniqueIndex('sessions_public_id_key').on(t.publicId),
  ],
);

export type SessionRow = typeof sessions.$inferSelect;
