import type { Database } from '../../db/client.js';
import type { Access } from '../../platform/access/access.js';
import { featureModule, type FeatureModule } from '../../platform/feature-module.js';
import { createAccountsRepository } from './accounts.repository.js';
import { accountsRoutes } from './accounts.routes.js';
import { createAccountsService } from './accounts.service.js';

/** The accounts books were bought through. */
export interface AccountsModuleDeps {
  db: Database;
  access: Access;
  /** Told, in each write's transaction, that the user's accounts changed. */
  changed?: (userId: string, tx: Database) => Promise<void>;
}

export function accountsModule({ db, access, changed }: AccountsModuleDeps): FeatureModule {
  const accounts = createAccountsService({ accounts: createAccountsRepository(db, changed), access });
  return featureModule({ name: 'accounts', routes: [accountsRoutes({ accounts })] });
}
