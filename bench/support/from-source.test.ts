import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FROM_SOURCE } from './from-source.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));

describe('FROM_SOURCE', () => {
  it('resolves the workspace packages to their sources, so no dist/ is needed', () => {
    const resolved = execFileSync(
      process.execPath,
      [
        ...FROM_SOURCE,
        '--input-type=module',
        '-e',
        "for (const p of ['@bookshelf/contract', '@bookshelf/test-support']) console.log(import.meta.resolve(p));",
      ],
      { cwd: repo },
    )
      .toString()
      .trim()
      .split('\n');
    expect(resolved).toEqual([
      expect.stringMatching(/\/packages\/contract\/src\/index\.ts$/),
      expect.stringMatching(/\/test-support\/src\/index\.ts$/),
    ]);
  });
});
