import type { Database } from '../../db/client.js';
import type { Access } from '../../platform/access/access.js';
import { featureModule, type FeatureModule } from '../../platform/feature-module.js';
import { createAccountsRepository } from './accounts.repository.js';
import { accountsRoutes } from './accounts.routes.js';
import { createAccountsService } from './accounts.service.js';

/** The accounts books were bought through. */
export function accountsModule({ db, access }: { db: Database; access: Access }): FeatureModule {
  const accounts = createAccountsService({ accounts: createAccountsRepository(db), access });
  return featureModule({ name: 'accounts', routes: [accountsRoutes({ accounts })] });
}
