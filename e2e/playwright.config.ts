import { defineConfig, devices } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.E2E_PORT ?? '3100';
const baseURL = `http://127.0.0.1:${port}`;
const inCi = process.env.CI === 'true' || process.env.CI === '1';

/**
 * Points the app's Google and X sign-in at the fake providers run.mjs started, or switches social sign-in off
 * when there are none. Either way a developer's real client ids in the shell never reach these journeys.
 */
function fakeOAuthEnv(): Record<string, string> {
  const env = process.env;
  return {
    GOOGLE_CLIENT_ID: env.E2E_GOOGLE_CLIENT_ID ?? '',
    GOOGLE_CLIENT_SECRET: env.E2E_GOOGLE_CLIENT_SECRET ?? '',
    GOOGLE_OAUTH_BASE_URL: env.E2E_GOOGLE_URL ?? '',
    TWITTER_CLIENT_ID: env.E2E_TWITTER_CLIENT_ID ?? '',
    TWITTER_CLIENT_SECRET: env.E2E_TWITTER_CLIENT_SECRET ?? '',
    TWITTER_BASE_URL: env.E2E_TWITTER_URL ?? '',
    // Google Drive, connected with the same fake Google's consent (the cloud-drives journey).
    GOOGLE_API_BASE_URL: env.E2E_GOOGLE_DRIVE_URL ?? '',
  };
}

/**
 * Points the ISBN lookup's Open Library (books and covers) and Google Books at the one fake server run.mjs
 * started. Without it they are left unset, and the journeys that look up an ISBN fail saying so.
 */
function fakeBookServicesEnv(): Record<string, string> {
  const url = process.env.E2E_BOOK_SERVICES_URL ?? '';
  return { OPENLIBRARY_BASE_URL: url, OPENLIBRARY_COVERS_BASE_URL: url, GOOGLE_BOOKS_BASE_URL: url };
}

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  forbidOnly: inCi,
  retries: inCi ? 1 : 0,
  workers: 2,
  reporter: [['list'], ['json', { outputFile: path.join(root, 'node_modules/.tmp/e2e-results.json') }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      // Without these, Chromium keeps calling home and the machine's closed network refuses it.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'] } },
    { name: 'mobile', use: { ...devices['Pixel 7'] } },
  ],
  webServer: {
    // Exactly how a person starts the app: build, then serve on the embedded database.
    command: 'npm start',
    cwd: root,
    url: `${baseURL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stderr: 'pipe',
    stdout: 'pipe',
    env: {
      ...(process.env as Record<string, string>),
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR ?? path.join(root, 'node_modules/.tmp/e2e-data'),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseURL,
      // Reset mails go to the log, never through a mail server configured in the developer's shell.
      SMTP_URL: '',
      // The login fixture gives each test's reader an address of their own in X-Forwarded-For.
      TRUST_PROXY: 'true',
      ...fakeOAuthEnv(),
      ...fakeBookServicesEnv(),
    },
  },
});
