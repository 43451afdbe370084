// Runs the browser journeys against the app started exactly as `npm start` starts it, on a free port
// with a temporary DATA_DIR. Without a browser it skips loudly, except under CI=true where that fails.
// Fake Google and X OAuth providers (test-support) run in this process for the whole run, so social
// sign-in goes through a real OAuth round trip without leaving the machine; so do fake book services
// (Open Library and Google Books), so an ISBN lookup asks a real HTTP server that is not on the Internet.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const here = path.dirname(fileURLToPath(import.meta.url));
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const inCi = process.env.CI === 'true' || process.env.CI === '1';

if (!existsSync(chromePath)) {
  const banner = '='.repeat(78);
  if (inCi) {
    console.error(
      `${banner}\nE2E FAILED: no Chromium at ${chromePath} (set CHROME_PATH). CI needs a browser.\n${banner}`,
    );
    process.exit(1);
  }
  console.warn(
    `${banner}\nE2E SKIPPED: no Chromium at ${chromePath}.\n` +
      `Install it (apt-get install -y chromium) or set CHROME_PATH, then run: npm run test:e2e\n${banner}`,
  );
  process.exit(0);
}

/** Asks the OS for a free port; the server binds it a moment later. */
const port = await new Promise((resolve, reject) => {
  const probe = createServer();
  probe.once('error', reject);
  probe.listen(0, '127.0.0.1', () => {
    const { port: free } = /** @type {import('node:net').AddressInfo} */ (probe.address());
    probe.close(() => resolve(free));
  });
});
const dataDir = mkdtempSync(path.join(tmpdir(), 'bookshelf-e2e-'));

// tsx compiles the TypeScript fakes on import, so they need no build step before the app's own build.
/** @type {typeof import('../test-support/src/fake-oauth.js')} */
const { startFakeOAuthProvider } = await tsImport('../test-support/src/fake-oauth.ts', import.meta.url);
const google = await startFakeOAuthProvider({ kind: 'google' });
const twitter = await startFakeOAuthProvider({ kind: 'twitter' });
/** @type {typeof import('../test-support/src/fake-book-services.js')} */
const { startFakeBookServices } = await tsImport('../test-support/src/fake-book-services.ts', import.meta.url);
const bookServices = await startFakeBookServices();
// The Google Drive a reader connects in the cloud-drives journey: it accepts only tokens the fake Google issued.
/** @type {typeof import('../test-support/src/fake-google-drive.js')} */
const { startFakeGoogleDrive } = await tsImport('../test-support/src/fake-google-drive.ts', import.meta.url);
const drive = await startFakeGoogleDrive({ isValidToken: (token) => google.isValidAccessToken(token) });
drive.addFile({ path: 'Books/Science fiction/Dune.epub', size: 4096 });
drive.addFile({ path: 'Books/Science fiction/Foundation.pdf', content: '%PDF-1.4\n% a tiny pdf for the journey\n' });
drive.addFile({ path: 'Books/Classics/Pride and Prejudice.txt', content: 'It is a truth universally acknowledged.\n' });
drive.addFile({ path: 'Notes.txt', content: 'Reading notes\n' });
drive.addFile({ path: 'Holiday.jpg', size: 100 });

const child = spawn(
  'npx',
  ['playwright', 'test', '--config', path.join(here, 'playwright.config.ts'), ...process.argv.slice(2)],
  {
    cwd: here,
    stdio: 'inherit',
    env: {
      ...process.env,
      CHROME_PATH: chromePath,
      E2E_PORT: String(port),
      E2E_DATA_DIR: dataDir,
      E2E_GOOGLE_URL: google.url,
      E2E_GOOGLE_CLIENT_ID: google.clientId,
      E2E_GOOGLE_CLIENT_SECRET: google.clientSecret,
      E2E_TWITTER_URL: twitter.url,
      E2E_TWITTER_CLIENT_ID: twitter.clientId,
      E2E_TWITTER_CLIENT_SECRET: twitter.clientSecret,
      E2E_BOOK_SERVICES_URL: bookServices.url,
      E2E_GOOGLE_DRIVE_URL: drive.url,
    },
  },
);
// The fakes must keep answering while Playwright runs, so wait without blocking the event loop.
const status = await new Promise((resolve) => {
  child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  child.on('error', () => resolve(1));
});
await Promise.all([google.close(), twitter.close(), bookServices.close(), drive.close()]);
rmSync(dataDir, { recursive: true, force: true });
process.exit(status);
