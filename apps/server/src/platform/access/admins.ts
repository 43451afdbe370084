import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/** What the admin rule needs to know about a user. */
export interface AdminCandidate {
  /** Set on the instance's first account when it was created. */
  isAdmin: boolean;
  email: string | null;
}

/**
 * Who administers this instance (decision 032): the first account created on it, and the accounts whose
 * e-mail ADMIN_EMAILS lists. The list is read when asked, not copied into the row, so removing an address
 * from it takes the role away at the next restart.
 */
export function adminRule(adminEmails: readonly string[]) {
  const listed = new Set(adminEmails.map((email) => email.trim().toLowerCase()).filter(Boolean));
  return {
    isAdmin: (user: AdminCandidate) => user.isAdmin || (user.email !== null && listed.has(user.email.toLowerCase())),
  };
}
export type AdminRule = ReturnType<typeof adminRule>;

/** Where the access module learns whether a user id is an administrator's. */
export interface AdminsPort {
  isAdmin(userId: string): Promise<boolean>;
}

export const noAdmins: AdminsPort = { isAdmin: () => Promise.resolve(false) };

export function createAdmins(db: Database, rule: AdminRule): AdminsPort {
  return {
    async isAdmin(userId) {
      const [row] = await db
        .select({ isAdmin: users.isAdmin, email: users.email })
        .from(users)
        .where(eq(users.id, userId));
      return row !== undefined && rule.isAdmin(row);
    },
  };
}
