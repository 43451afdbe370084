import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { featureModule, type FeatureModule } from '../../platform/feature-module.js';
import { createHttpClient } from '../../platform/outbound-http/client.js';
import { createRateLimiter } from '../../platform/rate-limit.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import { createCoverStore } from './cover-store.js';
import { createLookupService } from './lookup.service.js';
import { lookupRoutes } from './lookup.routes.js';

/** Base-URL overrides (DESIGN.md: fakes or mirrors) and the optional Google Books API key. */
export interface BookServicesConfig {
  openLibraryBaseUrl?: string | undefined;
  openLibraryCoversBaseUrl?: string | undefined;
  googleBooksBaseUrl?: string | undefined;
  googleBooksApiKey?: string | undefined;
}

export interface LookupModuleDeps {
  db: Database;
  storage: BlobStore;
  config: BookServicesConfig;
  log: FastifyBaseLogger;
  now: () => Date;
}

/** ISBN lookup and the covers it stores. */
export function lookupModule({
  db,
  storage,
  config,
  log,
  now,
}: LookupModuleDeps): FeatureModule & { close(): Promise<void> } {
  // A reader is waiting: short limits and one quick retry, not the background default of three with backoff.
  const interactive = { timeoutMs: 5_000, retry: { attempts: 2, baseDelayMs: 300, jitterMs: 200 } };
  const services = {
    openLibrary: createHttpClient({
      name: 'open-library',
      hosts: ['openlibrary.org'],
      baseUrl: config.openLibraryBaseUrl,
      ...interactive,
    }),
    // Open Library's cover server redirects to the Internet Archive's numbered hosts.
    openLibraryCovers: createHttpClient({
      name: 'open-library-covers',
      hosts: ['covers.openlibrary.org', 'archive.org', '*.archive.org'],
      baseUrl: config.openLibraryCoversBaseUrl,
      ...interactive,
    }),
    googleBooks: createHttpClient({
      name: 'google-books',
      hosts: ['www.googleapis.com', 'books.google.com'],
      baseUrl: config.googleBooksBaseUrl,
      ...interactive,
    }),
    googleBooksApiKey: config.googleBooksApiKey,
  };
  const lookup = createLookupService({
    db,
    services,
    covers: createCoverStore(storage),
    limiter: createRateLimiter(db, now),
    log,
    now,
  });
  return {
    ...featureModule({ name: 'lookup', routes: [lookupRoutes({ lookup })] }),
    close: async () => {
      await Promise.all([
        services.openLibrary.close(),
        services.openLibraryCovers.close(),
        services.googleBooks.close(),
      ]);
    },
  };
}
