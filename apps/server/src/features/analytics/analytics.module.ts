import type { Database } from '../../db/client.js';
import type { Access } from '../../platform/access/access.js';
import { featureModule, type FeatureModule } from '../../platform/feature-module.js';
import type { ExchangeRates } from '../../platform/money/exchange-rates.js';
import { createAnalyticsRepository } from './analytics.repository.js';
import { analyticsRoutes } from './analytics.routes.js';
import { createAnalyticsService } from './analytics.service.js';

/** Library value and spending (issue 13): two reads over the owner's purchases, converted in the database. */
export function analyticsModule({
  db,
  access,
  rates,
  now,
}: {
  db: Database;
  access: Access;
  rates: ExchangeRates;
  now: () => Date;
}): FeatureModule {
  const analytics = createAnalyticsService({ analytics: createAnalyticsRepository(db, rates), rates, access, now });
  return featureModule({ name: 'analytics', routes: [analyticsRoutes({ analytics })] });
}
