import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openDatabase } from './client.js';
import { writeTemplate } from './pglite-template.js';
import { rowsOf } from './rows.js';
import { users } from './schema/index.js';

describe('a new DATA_DIR starts from the build’s PGlite template', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'bookshelf-template-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('copies the template into an empty DATA_DIR, and never over a database that exists', async () => {
    const template = path.join(scratch, 'template');
    await writeTemplate(template, MIGRATIONS_DIR);
    const dataDir = path.join(scratch, 'data');

    const first = openDatabase({ kind: 'pglite', dataDir, template });
    expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(readdirSync(dataDir)).not.toContain('pglite.partial');
    await first.migrate(); // the template has them all: nothing to apply, nothing fails
    const applied = rowsOf<{ n: number }>(
      await first.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    );
    const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).length;
    expect(applied[0]!.n).toBe(files);
    const [ada] = await first.db.insert(users).values({ email: 'ada@example.com', name: 'Ada' }).returning();
    await first.close();

    const second = openDatabase({ kind: 'pglite', dataDir, template });
    const kept = await second.db.select().from(users).where(eq(users.id, ada!.id));
    await second.close();
    expect(kept).toHaveLength(1);
  });
});
