import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { featureModule, type FeatureModule } from '../../platform/feature-module.js';
import type { ExchangeRates } from '../../platform/money/exchange-rates.js';
import { moneyRoutes } from './money.routes.js';
import { createPreferencesService } from './preferences.service.js';
import { createRatesRefresh } from './rates-refresh.js';

/** Money settings, custom platforms, and the exchange rates (issue 13, decision 047). */
export function moneyModule({
  db,
  rates,
  fxRatesUrl,
  now,
  log,
}: {
  db: Database;
  rates: ExchangeRates;
  fxRatesUrl: string | undefined;
  now: () => Date;
  log: FastifyBaseLogger;
}): FeatureModule {
  const preferences = createPreferencesService({ db, rates });
  const refresh = createRatesRefresh({ db, url: fxRatesUrl, now, log });
  return featureModule({
    name: 'money',
    routes: [moneyRoutes({ preferences, rates, ensureRates: () => refresh.ensureFetched() })],
    jobs: [refresh.job],
    schedules: fxRatesUrl ? [refresh.schedule] : [],
  });
}
