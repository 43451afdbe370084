// The web build's last step: a brotli (.br) and a gzip (.gz) copy next to every built text file, made once
// at the highest levels, so the server sends compressed bytes without compressing on each request
// (decision 024). The server picks the variant per request's Accept-Encoding.
import { readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats a browser may fetch from the build; images, fonts and archives are compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|cjs|css|html?|svg|json|webmanifest|txt|map|xml|wasm|ico)$/i;
/** Below this a compressed copy saves less than a network packet. */
export const MIN_BYTES = 1024;
/** A variant is kept only when it is at least this much smaller than the original. */
const MAX_RATIO = 0.9;

/** Every file below `dir`, dot folders (Vite's .vite manifest) and dot files (the build stamp) left out. */
async function listFiles(/** @type {string} */ dir) {
  /** @type {string[]} */
  const files = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await listFiles(full)));
    else if (entry.isFile()) files.push(full);
  }
  return files;
}

/**
 * Writes `<file>.br` (brotli quality 11) and `<file>.gz` (gzip level 9) next to each compressible file of
 * at least `minBytes`, skipping a variant that would not be smaller by a tenth. The compressed copies keep
 * the original's modification time, so the server's Last-Modified is the same for all of them.
 * Answers what was written, for the build log.
 */
export async function precompress(/** @type {string} */ dir, { minBytes = MIN_BYTES } = {}) {
  const candidates = (await listFiles(dir)).filter((f) => COMPRESSIBLE.test(f));
  let files = 0;
  let identityBytes = 0;
  let brBytes = 0;
  let gzBytes = 0;
  // zlib's async calls run on libuv's thread pool, so the files compress in parallel.
  await Promise.all(
    candidates.map(async (file) => {
      const body = await readFile(file);
      if (body.length < minBytes) return;
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: /\.wasm$/i.test(file)
              ? constants.BROTLI_MODE_GENERIC
              : constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      const { mtime } = await stat(file);
      let kept = false;
      for (const [suffix, data] of /** @type {const} */ ([
        ['.br', br],
        ['.gz', gz],
      ])) {
        if (data.length > body.length * MAX_RATIO) continue;
        await writeFile(file + suffix, data);
        await utimes(file + suffix, mtime, mtime);
        if (suffix === '.br') brBytes += data.length;
        else gzBytes += data.length;
        kept = true;
      }
      if (kept) {
        files += 1;
        identityBytes += body.length;
      }
    }),
  );
  return { files, identityBytes, brBytes, gzBytes };
}
