import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkAppendOnly } from '../apps/server/scripts/migrations-append-only.mjs';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A throwaway repository whose main holds one migration, its snapshot and drizzle's journal. */
function repository() {
  const root = mkdtempSync(path.join(tmpdir(), 'bookshelf-migrations-'));
  dirs.push(root);
  const migrations = path.join(root, 'apps/server/src/db/migrations');
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(migrations, file)), { recursive: true });
    writeFileSync(path.join(migrations, file), text);
  };
  const journal = (...tags: string[]) =>
    JSON.stringify({ version: '7', entries: tags.map((tag, idx) => ({ idx, tag, when: idx })) });
  git('init', '--quiet', '--initial-branch=main');
  git('config', 'user.email', 'test@example.org');
  git('config', 'user.name', 'Test');
  git('config', 'commit.gpgsign', 'false');
  write('0000_init.sql', 'CREATE TABLE books (id uuid);\n');
  write('meta/0000_snapshot.json', '{"id":"0"}\n');
  write('meta/_journal.json', journal('0000_init'));
  git('add', '-A');
  git('commit', '--quiet', '-m', 'init');
  const check = () => checkAppendOnly({ migrationsDir: migrations });
  return { root, migrations, git, write, journal, check };
}

describe('landed migrations are append-only', () => {
  it('fails naming the file when a migration on main is edited, committed or not', () => {
    const repo = repository();
    repo.git('checkout', '--quiet', '-b', 'feature');
    expect(repo.check()).toMatchObject({ problems: [] });

    appendFileSync(path.join(repo.migrations, '0000_init.sql'), 'DROP TABLE books;\n');
    expect(repo.check()).toMatchObject({
      problems: ['apps/server/src/db/migrations/0000_init.sql differs from the version on main'],
    });
    repo.git('commit', '--quiet', '-am', 'edit a landed migration');
    expect(repo.check()).toMatchObject({
      problems: ['apps/server/src/db/migrations/0000_init.sql differs from the version on main'],
    });
  });

  it('fails when a landed snapshot changes or a landed migration is removed', () => {
    const repo = repository();
    repo.write('meta/0000_snapshot.json', '{"id":"changed"}\n');
    unlinkSync(path.join(repo.migrations, '0000_init.sql'));
    const result = repo.check();
    expect('problems' in result && result.problems).toEqual([
      'apps/server/src/db/migrations/0000_init.sql was removed, but it landed on main',
      'apps/server/src/db/migrations/meta/0000_snapshot.json differs from the version on main',
    ]);
  });

  it('passes a new migration, and lets a branch edit its own migration that has not landed yet', () => {
    const repo = repository();
    repo.git('checkout', '--quiet', '-b', 'feature');
    repo.write('0001_more.sql', 'CREATE TABLE shelves (id uuid);\n');
    repo.write('meta/0001_snapshot.json', '{"id":"1"}\n');
    repo.write('meta/_journal.json', repo.journal('0000_init', '0001_more'));
    repo.git('add', '-A');
    repo.git('commit', '--quiet', '-m', 'add a migration');
    expect(repo.check()).toMatchObject({ problems: [] });
    repo.write('0001_more.sql', 'CREATE TABLE shelves (id uuid, name text);\n');
    expect(repo.check()).toMatchObject({ problems: [] });
  });

  it('fails when a landed journal entry is rewritten', () => {
    const repo = repository();
    repo.write('meta/_journal.json', repo.journal('0000_renamed'));
    const result = repo.check();
    expect('problems' in result && result.problems[0]).toMatch(/_journal\.json: entries that landed on main/);
  });

  it('without a main, compares each migration with the commit that added it', () => {
    const repo = repository();
    repo.git('branch', '-m', 'main', 'trunk');
    repo.write('0001_more.sql', 'CREATE TABLE shelves (id uuid);\n');
    repo.git('add', '-A');
    repo.git('commit', '--quiet', '-m', 'add a migration');
    expect(repo.check()).toMatchObject({ base: 'the commit that added each file', problems: [] });
    repo.write('0001_more.sql', 'CREATE TABLE shelves (id bigint);\n');
    expect(repo.check()).toMatchObject({
      problems: ['apps/server/src/db/migrations/0001_more.sql differs from the version first committed'],
    });
  });

  it('is skipped, with a reason, outside a git checkout', () => {
    const plain = mkdtempSync(path.join(tmpdir(), 'bookshelf-no-git-'));
    dirs.push(plain);
    expect(checkAppendOnly({ migrationsDir: plain })).toEqual({
      skipped: 'not a git checkout, or git is not installed',
    });
  });
});
