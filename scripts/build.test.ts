import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashInputs } from './build.mjs';

describe('the build stamp', () => {
  const base = mkdtempSync(path.join(tmpdir(), 'bookshelf-build-stamp-'));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
    writeFileSync(path.join(base, file), text);
  };
  const inputs = ['app/src', 'app/package.json'];
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('changes when a source file, its name or a listed file changes, and not for tests', () => {
    write('app/src/main.ts', 'export const a = 1;');
    write('app/package.json', '{}');
    const built = hashInputs(inputs, base);
    expect(hashInputs(inputs, base)).toBe(built);

    write('app/src/main.test.ts', 'test');
    write('app/src/test/helper.ts', 'helper');
    write('elsewhere/notes.md', 'not an input');
    expect(hashInputs(inputs, base)).toBe(built);

    write('app/src/main.ts', 'export const a = 2;');
    expect(hashInputs(inputs, base)).not.toBe(built);
    write('app/src/main.ts', 'export const a = 1;');
    expect(hashInputs(inputs, base)).toBe(built);

    write('app/src/feature/new.ts', '');
    expect(hashInputs(inputs, base)).not.toBe(built);
    rmSync(path.join(base, 'app/src/feature'), { recursive: true });

    write('app/package.json', '{ "version": "2" }');
    expect(hashInputs(inputs, base)).not.toBe(built);
  });
});
