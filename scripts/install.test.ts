import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('npm ci', () => {
  it('warns about nothing in this project: no engine older than ours, no unreviewed install script', () => {
    // --dry-run reads the lockfile and package.json as a real install does, and changes nothing.
    const run = spawnSync('npm', ['ci', '--dry-run'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(0);
    const warnings = `${run.stdout}\n${run.stderr}`
      .split('\n')
      .filter((line) => line.startsWith('npm warn'))
      // The machine's own npm configuration, not this project's.
      .filter((line) => !/Unknown (user|global|project|env) config/.test(line));
    expect(warnings).toEqual([]);
  });
});
