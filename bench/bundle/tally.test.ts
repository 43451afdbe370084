import { describe, expect, it } from 'vitest';
import { formatLine, tally, type LoadedResource } from './tally.js';

/** A response of `bodyBytes` on the wire that came with `headerBytes` of status line and headers. */
const res = (
  type: string,
  bodyBytes: number,
  gzipBytes: number,
  encoding = 'identity',
  headerBytes = 0,
): LoadedResource => ({
  url: `http://x/${type}-${bodyBytes}`,
  type,
  sentBytes: bodyBytes + headerBytes,
  headerBytes,
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
      headerKb: 0,
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
      headerKb: 0,
      gzipKb: 1.5,
      brotliKb: 0.75,
      countedKb: 3,
      counted: 'sent',
    });
  });

  it('counts every header byte the way Chromium does, in what was sent and in the gzip estimate', () => {
    const compressed = [res('Script', 2048, 1024, 'br', 1024), res('Script', 1024, 512, 'br', 512)];
    expect(tally(compressed, 'Script')).toMatchObject({ sentKb: 4.5, headerKb: 1.5, countedKb: 4.5, counted: 'sent' });
    // An uncompressed body is estimated as gzip, but its headers still came as they were.
    const plain = [res('Script', 4096, 1024, 'identity', 1024), res('Script', 2048, 1024, 'br', 512)];
    expect(tally(plain, 'Script')).toMatchObject({ headerKb: 1.5, gzipKb: 2, countedKb: 3.5, counted: 'as gzip' });
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

  it('judges "too small to compress" by the body alone, not by the headers that came with it', () => {
    // 700 bytes of body under 600 of headers: over 1 KB sent, still a body the server rightly leaves as it is
    expect(tally([res('Script', 700, 400, 'identity', 600)], 'Script')).toMatchObject({ counted: 'sent' });
    // 1,500 bytes of body that compress well, sent as they are: not compressing, whatever the headers
    expect(tally([res('Script', 1500, 600, 'identity', 600)], 'Script')).toMatchObject({ counted: 'as gzip' });
  });
});

describe('formatLine', () => {
  it('marks a figure over its budget, and not one at the budget', () => {
    const at = tally([res('Script', 79 * 1024, 80 * 1024, 'br', 1024)], 'Script');
    expect(formatLine('bundle.landing.js', at, 80).over).toBe(false);
    const above = tally([res('Script', 79 * 1024, 1, 'br', 1025)], 'Script');
    const { line, over } = formatLine('bundle.landing.js', above, 80);
    expect(over).toBe(true);
    expect(line).toMatch(
      /^bundle\.landing\.js: 80\.0 KB sent \(budget ≤ 80 KB\).*of which 1\.0 KB headers.*OVER BUDGET$/,
    );
  });
});
