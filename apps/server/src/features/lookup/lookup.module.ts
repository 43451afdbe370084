import type { Database } from '../../db/client.js';
import type { BookMetadata } from '../../platform/book-metadata/book-metadata.js';
import { featureModule, type FeatureModule } from '../../platform/feature-module.js';
import { createRateLimiter } from '../../platform/rate-limit.js';
import { createLookupService } from './lookup.service.js';
import { lookupRoutes } from './lookup.routes.js';

/** ISBN lookup and the covers it stores (the book metadata itself is platform/book-metadata, shared with imports). */
export function lookupModule({
  db,
  metadata,
  now,
}: {
  db: Database;
  metadata: BookMetadata;
  now: () => Date;
}): FeatureModule {
  const lookup = createLookupService({ metadata, limiter: createRateLimiter(db, now) });
  return featureModule({ name: 'lookup', routes: [lookupRoutes({ lookup })] });
}
