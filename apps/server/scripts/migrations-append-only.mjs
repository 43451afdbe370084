// Landed migrations are append-only: a migration that exists on main has already run on someone's database,
// so changing it would leave that database different from a fresh one. This compares every committed migration
// (.sql and meta snapshot) with its landed version and names each one that changed or disappeared.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';

/**
 * @param {string} cwd
 * @param {string[]} args
 * @returns {Buffer | null} stdout, or null when git failed or is not installed
 */
function git(cwd, args) {
  const run = spawnSync('git', args, { cwd, maxBuffer: 64 * 1024 * 1024 });
  return run.status === 0 ? run.stdout : null;
}
const gitText = (/** @type {string} */ cwd, /** @type {string[]} */ args) => git(cwd, args)?.toString('utf8').trim();

const isMigrationFile = (/** @type {string} */ file) => /\.sql$|\/meta\/\d+_snapshot\.json$/.test(file);

/**
 * @param {{ migrationsDir: string }} options the folder of drizzle's migrations (with meta/)
 * @returns {{ skipped: string } | { base: string, problems: string[] }}
 */
export function checkAppendOnly({ migrationsDir }) {
  const top = gitText(migrationsDir, ['rev-parse', '--show-toplevel']);
  if (!top) return { skipped: 'not a git checkout, or git is not installed' };
  const dir = path.relative(top, path.resolve(migrationsDir)).split(path.sep).join('/');
  const problems = /** @type {string[]} */ ([]);
  const current = (/** @type {string} */ file) => {
    const absolute = path.join(top, file);
    return existsSync(absolute) ? readFileSync(absolute) : null;
  };

  // What landed: main as the upstream has it, else the local main (a fresh clone has both).
  const upstream = ['origin/main', 'main'].find((ref) => gitText(top, ['rev-parse', '--verify', '--quiet', ref]));
  const base = upstream && gitText(top, ['merge-base', 'HEAD', upstream]);
  if (base) {
    const landed = (gitText(top, ['ls-tree', '-r', '--name-only', base, '--', dir]) ?? '').split('\n');
    for (const file of landed.filter(isMigrationFile)) {
      const now = current(file);
      if (!now) problems.push(`${file} was removed, but it landed on ${upstream}`);
      else if (!now.equals(git(top, ['show', `${base}:${file}`]) ?? Buffer.alloc(0))) {
        problems.push(`${file} differs from the version on ${upstream}`);
      }
    }
    const journal = `${dir}/meta/_journal.json`;
    const before = git(top, ['show', `${base}:${journal}`]);
    const after = current(journal);
    if (before && after) {
      /** @type {{ entries: unknown[] }} */
      const old = JSON.parse(before.toString('utf8'));
      /** @type {{ entries: unknown[] }} */
      const now = JSON.parse(after.toString('utf8'));
      if (!isDeepStrictEqual(now.entries.slice(0, old.entries.length), old.entries)) {
        problems.push(
          `${journal}: entries that landed on ${upstream} were changed or removed (only appending is allowed)`,
        );
      }
    }
    return { base: `${upstream} (${base.slice(0, 12)})`, problems };
  }

  // No main to compare with: each committed migration must still be what the commit that added it contained.
  const committed = (gitText(top, ['ls-files', '--', dir]) ?? '').split('\n');
  for (const file of committed.filter(isMigrationFile)) {
    const added = gitText(top, ['log', '--diff-filter=A', '--format=%H', '--', file])?.split('\n').at(-1);
    const original = added ? git(top, ['show', `${added}:${file}`]) : null;
    const now = current(file);
    if (original && !now?.equals(original)) problems.push(`${file} differs from the version first committed`);
  }
  return { base: 'the commit that added each file', problems };
}
