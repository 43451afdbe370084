import { bigint, pgTable, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A counter per user, bumped in the transaction of every write that changes what their lists, details or
 * profile show (platform/caching/user-versions.ts): the ETags of those answers are derived from it, so a
 * conditional request is answered 304 without running the list's query (docs/decisions/027-conditional-requests.md).
 * No row means version 0.
 */
export const userVersions = pgTable('user_versions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull(),
});
