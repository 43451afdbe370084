import { featureModule, type FeatureModule } from '../../platform/feature-module.js';
import type { StorageQuota } from '../../platform/storage/storage-quota.js';
import { storageRoutes } from './storage.routes.js';

/** A reader's storage space as the Upload dialog and the drives manager show it ("x of y used"). */
export function storageModule({ quota }: { quota: StorageQuota }): FeatureModule {
  return featureModule({ name: 'storage', routes: [storageRoutes({ quota })] });
}
