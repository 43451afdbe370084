import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { PAGES_FILE, PRERENDERED_DIR, prerenderWeb } from './prerender.mjs';

const webDir = fileURLToPath(new URL('../apps/web', import.meta.url));

// What the browser build leaves in dist/index.html, reduced to what the prerender step relies on.
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <title>Bookshelf</title>
    <script>/* theme */</script>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

describe('the prerender step of the web build', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'bookshelf-prerender-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('renders the visitors pages, lazy ones included, into copies of the built shell', async () => {
    writeFileSync(path.join(dist, 'index.html'), SHELL);
    const paths = await prerenderWeb(webDir, dist);
    expect(paths).toEqual(['/', '/features', '/help', '/privacy', '/terms']);

    const read = (file: string) => readFileSync(path.join(dist, PRERENDERED_DIR, file), 'utf8');
    const pages = JSON.parse(read(PAGES_FILE)) as Record<string, string>;
    expect(pages).toEqual({
      '/': 'index.html',
      '/features': 'features.html',
      '/help': 'help.html',
      '/privacy': 'privacy.html',
      '/terms': 'terms.html',
    });

    const landing = read('index.html');
    expect(landing).toContain('<div id="root" data-prerendered="/">');
    expect(landing).toMatch(/<h1[^>]*>Your library, your reading, your friends\.<\/h1>/);
    expect(landing).toContain('Enter Library');
    // The shell's head is kept, theme script first, and nothing inline is added (the CSP forbids it).
    expect(landing).toContain('<script>/* theme */</script>');
    expect(landing.match(/<script/g)).toHaveLength(2);
    // The visitor's layout, not the session check's loading state.
    expect(landing).not.toContain('Loading…');

    // Lazy screens are waited for: the page itself is there, not its loading state.
    const help = read('help.html');
    expect(help).toContain('data-prerendered="/help"');
    expect(help).toMatch(/<h1[^>]*>Help Center<\/h1>/);
    expect(help).not.toContain('Loading…');
    expect(read('terms.html')).toContain('data-prerendered="/terms"');
  }, 120_000);

  it('refuses a shell without exactly one empty #root', async () => {
    const broken = mkdtempSync(path.join(tmpdir(), 'bookshelf-prerender-'));
    try {
      writeFileSync(path.join(broken, 'index.html'), SHELL.replace('<div id="root"></div>', '<main></main>'));
      await expect(prerenderWeb(webDir, broken)).rejects.toThrow(/exactly one <div id="root"><\/div>/);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  }, 120_000);
});
