import { integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Users who loaded the sample library: it loads once per user. */
export const demoLoads = pgTable('demo_loads', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
  /** How many sample books the load job has added: a rerun of the job carries on after them. */
  added: integer('added').notNull().default(0),
});
