import type { CloudDrivesConfig } from '../cloud-drives.deps.js';
import type { ProviderRegistry } from '../cloud-drives.parts.js';
import { createGoogleDriveProvider } from './google-drive.js';
import { createLocalFolderProvider } from './local-folder.js';
import { createOneDriveProvider } from './onedrive.js';
import type { FileProvider } from './provider.js';

/** The providers this server can reach: a cloud one only with its client configured, the folder with LIBRARY_DIR. */
export function createProviders(config: CloudDrivesConfig): ProviderRegistry {
  const allowPrivateAddresses = config.allowPrivateAddresses ?? false;
  const providers = new Map<string, FileProvider>();
  if (config.google) providers.set('google', createGoogleDriveProvider({ ...config.google, allowPrivateAddresses }));
  if (config.microsoft) {
    providers.set('onedrive', createOneDriveProvider({ ...config.microsoft, allowPrivateAddresses }));
  }
  if (config.libraryDir) providers.set('local', createLocalFolderProvider({ root: config.libraryDir }));
  return {
    providerFor: (name) => providers.get(name),
    close: async () => {
      await Promise.all([...providers.values()].map((p) => p.close()));
    },
  };
}
