// A real large PDF for bench/reader: GNU Octave's manual (1,158 pages, 4.7 MB, PDF 1.5 from pdfTeX: object
// streams, a compressed cross-reference stream, dozens of embedded Type 1 fonts, figures, a deep outline), as
// Debian ships it in octave-doc. Fetched once with apt-get download into .tmp/bench-cache/ (git ignores .tmp/).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const cache = fileURLToPath(new URL('../../.tmp/bench-cache/', import.meta.url));
const PACKAGE = 'octave-doc';
const MEMBER = './usr/share/doc/octave/octave.pdf';

/** The manual's bytes, or why they could not be had (no apt, no network). */
export function realManual(): { name: string; bytes: Buffer } | { missing: string } {
  const target = path.join(cache, 'octave.pdf');
  const name = 'GNU Octave manual.pdf';
  if (existsSync(target)) return { name, bytes: readFileSync(target) };
  try {
    mkdirSync(cache, { recursive: true });
    execFileSync('apt-get', ['download', PACKAGE], { cwd: cache, stdio: ['ignore', 'ignore', 'pipe'] });
    const deb = readdirSync(cache).find((f) => f.startsWith(`${PACKAGE}_`) && f.endsWith('.deb'));
    if (!deb) return { missing: `apt-get download ${PACKAGE} left no .deb` };
    const tar = execFileSync('dpkg-deb', ['--fsys-tarfile', path.join(cache, deb)], { maxBuffer: 1 << 30 });
    const pdf = execFileSync('tar', ['-xO', MEMBER], { input: tar, maxBuffer: 1 << 30 });
    writeFileSync(target, pdf);
    rmSync(path.join(cache, deb));
    return { name, bytes: pdf };
  } catch (error) {
    return { missing: `${PACKAGE} could not be fetched (${(error as Error).message.split('\n')[0]})` };
  }
}
