import { buildApp, type App, type AppOptions } from '../app.js';
import type { DatabaseHandle } from '../db/client.js';
import { createTestDatabase } from './database.js';

export interface TestApp {
  app: App;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The real app on a fresh database, for app.inject() tests. */
export async function createTestApp(
  options: Partial<Omit<AppOptions, 'database'>> & {
    /** Adds test-only routes before the app is sealed. */
    extend?: (app: App) => void;
  } = {},
): Promise<TestApp> {
  const { extend, ...appOptions } = options;
  const database = await createTestDatabase();
  const app = await buildApp({ database, ...appOptions });
  extend?.(app);
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
