import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompress } from './precompress.mjs';

describe('precompressing the web build', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'bookshelf-precompress-'));
  const write = (file: string, body: string | Buffer) => {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), body);
    return body;
  };
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('writes .br and .gz beside each compressible file over 1 KB, and nothing for the rest', async () => {
    const text = (word: string) => `${word} `.repeat(400);
    const chunk = write('assets/index-abc.js', `export const words = ${JSON.stringify(text('book'))};`);
    const css = write('assets/index-abc.css', `.shelf { color: red; }\n`.repeat(100));
    const html = write('index.html', `<!doctype html>${text('<p>shell</p>')}`);
    const manifest = write('manifest.webmanifest', JSON.stringify({ name: text('Bookshelf') }));
    write('assets/small-abc.js', 'console.log(1)');
    // Random bytes do not compress: no variant is kept for them.
    write('assets/noise-abc.js', Buffer.from(Array.from({ length: 4096 }, () => Math.floor(Math.random() * 256))));
    write('cover.png', Buffer.alloc(4096, 1));
    write('.vite/manifest.json', text('manifest'));
    write('.build-stamp', text('stamp'));

    const summary = await precompress(dist);

    for (const [file, body] of [
      ['assets/index-abc.js', chunk],
      ['assets/index-abc.css', css],
      ['index.html', html],
      ['manifest.webmanifest', manifest],
    ] as const) {
      const br = readFileSync(path.join(dist, `${file}.br`));
      const gz = readFileSync(path.join(dist, `${file}.gz`));
      expect(brotliDecompressSync(br).toString(), file).toBe(body);
      expect(gunzipSync(gz).toString(), file).toBe(body);
      expect(br.length).toBeLessThan(Buffer.byteLength(body) / 2);
      // The variants carry the original's time, so any server's Last-Modified is one date for all three.
      const seconds = (f: string) => Math.floor(statSync(path.join(dist, f)).mtimeMs / 1000);
      expect(seconds(`${file}.br`)).toBe(seconds(file));
    }
    for (const file of [
      'assets/small-abc.js',
      'assets/noise-abc.js',
      'cover.png',
      '.vite/manifest.json',
      '.build-stamp',
    ]) {
      expect(existsSync(path.join(dist, `${file}.br`)), file).toBe(false);
      expect(existsSync(path.join(dist, `${file}.gz`)), file).toBe(false);
    }
    expect(summary.files).toBe(4);
    expect(summary.brBytes).toBeLessThan(summary.gzBytes);
  });

  it('runs again over its own output without compressing the compressed copies', async () => {
    write('assets/again-abc.js', 'let shelf = 1;\n'.repeat(200));
    await precompress(dist);
    await precompress(dist);
    expect(existsSync(path.join(dist, 'assets/again-abc.js.br'))).toBe(true);
    expect(existsSync(path.join(dist, 'assets/again-abc.js.br.br'))).toBe(false);
    expect(existsSync(path.join(dist, 'assets/again-abc.js.gz.gz'))).toBe(false);
  });
});
