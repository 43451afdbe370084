import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind } from '../test/database.js';
import { MIGRATIONS_DIR, openDatabase, type DatabaseTarget } from './client.js';
import { users } from './schema/index.js';

describe(`data on ${testDatabaseKind} survives a restart`, () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  /** Where a restarted server would find the same data: a DATA_DIR, or the same PostgreSQL database. */
  async function durableTarget(): Promise<DatabaseTarget> {
    if (testDatabaseKind === 'pglite') {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'bookshelf-data-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      return { kind: 'pglite', dataDir };
    }
    const scratch = await createTestDatabase();
    cleanups.push(() => scratch.close());
    return { kind: 'postgres', url: scratch.url! };
  }

  it('start, write, stop, start, read', async () => {
    const target = await durableTarget();
    const first = openDatabase(target);
    await first.migrate();
    const [written] = await first.db
      .insert(users)
      .values({ email: 'ada@example.com', name: 'Ada' })
      .returning({ id: users.id });
    await first.close();

    const second = openDatabase(target);
    await second.migrate(); // a second start applies nothing new and must not fail
    const rows = await second.db.select().from(users).where(eq(users.id, written!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'ada@example.com', name: 'Ada' });
    await second.close();
  });
});

describe('the migrated schema', () => {
  it('enforces one account per e-mail regardless of case', async () => {
    const database = await createTestDatabase();
    try {
      await database.db.insert(users).values({ email: 'ada@example.com', name: 'Ada' });
      await expect(database.db.insert(users).values({ email: 'ADA@example.com', name: 'Impostor' })).rejects.toThrow();
      expect(await database.db.select().from(users)).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});

describe.runIf(testDatabaseKind === 'postgres')('several instances starting at once on PostgreSQL', () => {
  it('apply the migrations once, without one of them failing', async () => {
    const scratch = await createTestDatabase(); // already migrated: use an empty sibling database instead
    const url = new URL(scratch.url!);
    const empty = `${url.pathname.slice(1)}_empty`;
    const admin = openDatabase({ kind: 'postgres', url: scratch.url!, maxConnections: 1 });
    await admin.db.execute(`CREATE DATABASE "${empty}"`);
    url.pathname = `/${empty}`;
    try {
      const instances = Array.from({ length: 4 }, () =>
        openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 1 }),
      );
      await Promise.all(instances.map((i) => i.migrate()));
      const rows = await instances[0]!.db.execute('select count(*)::int as n from drizzle.__drizzle_migrations');
      const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      expect(rows).toEqual([{ n: journal.entries.length }]);
      await Promise.all(instances.map((i) => i.close()));
    } finally {
      await admin.db.execute(`DROP DATABASE IF EXISTS "${empty}" WITH (FORCE)`);
      await admin.close();
      await scratch.close();
    }
  });
});
