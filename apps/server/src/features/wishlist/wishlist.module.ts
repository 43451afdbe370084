import type { Database } from '../../db/client.js';
import type { Access } from '../../platform/access/access.js';
import { featureModule, type FeatureModule } from '../../platform/feature-module.js';
import type { PublishEvents } from '../../platform/jobs/outbox.js';
import type { ExchangeRates } from '../../platform/money/exchange-rates.js';
import { createRateLimiter } from '../../platform/rate-limit.js';
import { createPriceAlertsRepository } from './price-alerts.repository.js';
import { createPriceAlertsService, type PriceHistoryAdded } from './price-alerts.service.js';
import { createWishlistRepository } from './wishlist.repository.js';
import { wishlistRoutes } from './wishlist.routes.js';
import { createWishlistService } from './wishlist.service.js';

export interface WishlistModuleDeps {
  db: Database;
  access: Access;
  publish: PublishEvents;
  /** Exchange rates and base currencies (platform/money), the wishlist's value and price alerts convert with. */
  rates: ExchangeRates;
  changed?: (userId: string, tx: Database) => Promise<void>;
  now: () => Date;
}

export interface WishlistModule extends FeatureModule {
  /**
   * For the books feature, called in the transaction that added price points to a book: triggers the price
   * alerts the new prices meet. app.ts hands it to booksModule, so books never imports the wishlist.
   */
  priceHistoryAdded: (tx: Database, change: PriceHistoryAdded) => Promise<void>;
}

/** The wishlist page, its share link and price alerts (issue 13). */
export function wishlistModule({ db, access, publish, rates, changed, now }: WishlistModuleDeps): WishlistModule {
  const wishlist = createWishlistService({
    db,
    wishlist: createWishlistRepository(db),
    access,
    rates,
    limiter: createRateLimiter(db, now),
    changed,
  });
  const alerts = createPriceAlertsService({ alerts: createPriceAlertsRepository(db), access, rates, publish, now });
  return {
    ...featureModule({ name: 'wishlist', routes: [wishlistRoutes({ wishlist, alerts })] }),
    priceHistoryAdded: (tx, change) => alerts.priceHistoryAdded(tx, change),
  };
}
