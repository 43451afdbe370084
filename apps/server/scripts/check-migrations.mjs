// Fails when a landed migration was edited (see migrations-append-only.mjs), and when the table definitions in
// src/db/schema have changed without a generated migration: drizzle-kit generates into a scratch copy of the
// committed migrations and must find nothing to add.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkAppendOnly } from './migrations-append-only.mjs';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const committed = path.join(serverDir, 'src/db/migrations');

const appendOnly = checkAppendOnly({ migrationsDir: committed });
if ('skipped' in appendOnly) {
  console.log(`migrations: append-only check skipped (${appendOnly.skipped})`);
} else if (appendOnly.problems.length > 0) {
  console.error(
    `migrations: a landed migration changed. Landed migrations are append-only; undo the edit and put the change ` +
      `in a new migration ("npm run db:generate").\n  ${appendOnly.problems.join('\n  ')}`,
  );
  process.exit(1);
} else {
  console.log(`migrations: landed migrations unchanged (compared with ${appendOnly.base})`);
}
const scratchRoot = path.resolve(serverDir, '../../node_modules/.tmp');
mkdirSync(scratchRoot, { recursive: true });
const scratch = mkdtempSync(path.join(scratchRoot, 'migrations-'));
cpSync(committed, scratch, { recursive: true });

const result = spawnSync(
  'npx',
  [
    'drizzle-kit',
    'generate',
    '--dialect',
    'postgresql',
    '--schema',
    './src/db/schema/index.ts',
    '--out',
    path.relative(serverDir, scratch),
  ],
  { cwd: serverDir, encoding: 'utf8' },
);
const added = readdirSync(scratch).filter((f) => f.endsWith('.sql') && !readdirSync(committed).includes(f));
rmSync(scratch, { recursive: true, force: true });

if (added.length === 0 && !/No schema changes/.test(result.stdout)) {
  // drizzle-kit can exit 0 after an error, so only its own "nothing to do" counts as success.
  console.error(result.stdout, result.stderr);
  console.error('migrations: drizzle-kit failed');
  process.exit(1);
}
if (added.length > 0) {
  console.error(
    `migrations: STALE. The schema changed without a migration; run "npm run db:generate" and commit ${added.join(', ')}.`,
  );
  process.exit(1);
}
console.log('migrations: up to date with src/db/schema');
