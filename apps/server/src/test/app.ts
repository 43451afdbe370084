import { buildApp, type App, type AppOptions } from '../app.js';
import type { DatabaseHandle } from '../db/client.js';
import { createTestDatabase } from './database.js';

export interface TestApp {
  app: App;
  database: DatabaseHandle;
  close(): Promise<void>;
}

const NOWHERE = 'http://127.0.0.1:1';

/** The real app on a fresh database, for app.inject() tests. */
export async function createTestApp(
  options: Partial<Omit<AppOptions, 'database'>> & {
    /** Adds test-only routes before the app is sealed. */
    extend?: (app: App) => void;
    /** Starts the job runner as main.ts does (default); without it tests run jobs with app.jobs.drain(). */
    startJobs?: boolean;
  } = {},
): Promise<TestApp> {
  const { extend, startJobs = true, ...appOptions } = options;
  const database = await createTestDatabase();
  // Every answer of every test is checked against the contract and the fast serializer (decision 026).
  const app = await buildApp({
    database,
    responses: 'checked',
    // No test reaches the real Open Library or Google Books: unless a test points them at its fakes, they are a
    // port where nothing listens, which refuses at once (a DNS lookup without a network could hang instead).
    bookServices: { openLibraryBaseUrl: NOWHERE, openLibraryCoversBaseUrl: NOWHERE, googleBooksBaseUrl: NOWHERE },
    // app.inject()'s Host: the app listens nowhere, so it has no listen address of its own to know.
    allowedHosts: ['localhost:80'],
    ...appOptions,
  });
  extend?.(app);
  await app.ready();
  if (startJobs) await app.jobs.start();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
