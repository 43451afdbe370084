import { describe, expect, it } from 'vitest';
import { formatLine, tally, type LoadedResource } from './tally.js';

const res = (type: string, sentBytes: number, gzipBytes: number, encoding = 'identity'): LoadedResource => ({
  url: `http://x/${type}-${sentBytes}`,
  type,
  sentBytes,
  gzipBytes,
  brotliBytes: gzipBytes / 2,
  encoding,
});

describe('tally', () => {
  it('counts only the asked kind, and holds the gzip estimate while anything comes uncompressed', () => {
    const loaded = [res('Script', 3072, 1024), res('Script', 2048, 1024, 'br'), res('Stylesheet', 4096, 2048)];
    expect(tally(loaded, 'Script')).toEqual({
      files: 2,
      sentKb: 5,
      gzipKb: 2,
      brotliKb: 1,
      countedKb: 2,
      counted: 'as gzip',
    });
    expect(tally(loaded, 'Stylesheet')).toMatchObject({ files: 1, countedKb: 2, counted: 'as gzip' });
  });

  it('holds what was sent once every file comes compressed, even when gzip would be smaller', () => {
    const loaded = [res('Script', 1024, 512, 'br'), res('Script', 2048, 1024, 'gzip'), res('Document', 9999, 99)];
    expect(tally(loaded, 'Script')).toEqual({
      files: 2,
      sentKb: 3,
      gzipKb: 1.5,
      brotliKb: 0.75,
      countedKb: 3,
      counted: 'sent',
    });
  });

  it('counts what was sent when the only uncompressed files are those the server leaves as they are', () => {
    // under 1 KB, and a body compression would shrink by less than a tenth (scripts/precompress.mjs)
    const small = res('Script', 700, 400);
    const incompressible = { ...res('Script', 4096, 4000), brotliBytes: 3900 };
    const loaded = [small, incompressible, res('Script', 2048, 2560, 'br')];
    expect(tally(loaded, 'Script')).toMatchObject({ countedKb: (700 + 4096 + 2048) / 1024, counted: 'sent' });
    // a 1 KB file that compresses well but came as it is: the server is not compressing
    expect(tally([...loaded, res('Script', 1024, 512)], 'Script')).toMatchObject({ counted: 'as gzip' });
  });
});

describe('formatLine', () => {
  it('marks a figure over its budget, and not one at the budget', () => {
    const at = tally([res('Script', 80 * 1024, 80 * 1024, 'br')], 'Script');
    expect(formatLine('bundle.landing.js', at, 80).over).toBe(false);
    const above = tally([res('Script', 80 * 1024 + 1, 1, 'br')], 'Script');
    const { line, over } = formatLine('bundle.landing.js', above, 80);
    expect(over).toBe(true);
    expect(line).toMatch(/^bundle\.landing\.js: 80\.0 KB sent \(budget ≤ 80 KB\).*OVER BUDGET$/);
  });
});
