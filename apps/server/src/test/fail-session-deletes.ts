import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/**
 * Makes the database refuse to delete the sessions of one user until the answered function is called: a
 * failure in the last write of a password change or reset, to show that the writes before it are undone.
 */
export async function failSessionDeletes(db: Database, userId: string): Promise<() => Promise<void>> {
  if (!/^[0-9a-f-]{36}$/.test(userId)) throw new Error(`not a user id: ${userId}`);
  const name = sql.raw(`test_refuse_session_delete_${userId.replaceAll('-', '_')}`);
  await db.execute(
    sql`create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`,
  );
  await db.execute(
    sql`create trigger ${name} before delete on sessions for each row
        when (old.user_id = ${sql.raw(`'${userId}'`)}) execute function ${name}()`,
  );
  return async () => {
    await db.execute(sql`drop trigger ${name} on sessions`);
    await db.execute(sql`drop function ${name}()`);
  };
}
