import { CloudDriveLimits } from '@bookshelf/contract';
import { featureModule, type FeatureModule } from '../../platform/feature-module.js';
import { createSecretBox } from '../../platform/secret-box.js';
import type { CloudDrivesDeps } from './cloud-drives.deps.js';
import type { CloudDrivesParts, VisibleFile } from './cloud-drives.parts.js';
import { connectionsPart } from './connections/connections.part.js';
import { createConnectionTokens } from './connections/tokens.js';
import { createDriveAccess } from './drive-access.js';
import { filesPart } from './files/files.part.js';
import { createProviders } from './providers/registry.js';
import { syncPart } from './sync/sync.part.js';
import { thumbnailsPart } from './thumbnails/thumbnails.part.js';

export interface CloudDrivesModule extends FeatureModule {
  /** After the server listens: the library folder's connection and its watcher. */
  start(): Promise<void>;
  close(): Promise<void>;
  /**
   * The file when the reader may see it (their drives' and uploads', the library folder's when offered to
   * them), through the same drive access as the files API; otherwise core.md §8's 404 "File not found". For
   * features that take a file id (reading progress), handed to them by app.ts.
   */
  visibleFile: (userId: string, fileId: string) => Promise<VisibleFile>;
}

/**
 * Cloud drives, the local library folder and uploads (issue 14): connections and their tokens, the sync job,
 * and the files API. The parts are built in dependency order and hand each other only the interfaces in
 * cloud-drives.parts.ts.
 */
export function cloudDrivesModule(deps: CloudDrivesDeps): CloudDrivesModule {
  const config = { ...deps.config, uploadMaxBytes: deps.config.uploadMaxBytes ?? CloudDriveLimits.uploadMaxBytes };
  const parts: CloudDrivesParts = {
    ...deps,
    config,
    driveAccess: createDriveAccess({
      access: deps.access,
      admins: deps.admins,
      libraryDirShared: config.libraryDirShared ?? false,
    }),
    secretBox: createSecretBox(config.encryptionKey),
    providers: createProviders(config),
  };
  const tokens = createConnectionTokens(parts);
  const sync = syncPart({ ...parts, tokens });
  const connections = connectionsPart({ ...parts, tokens, sync: sync.control });
  const files = filesPart({ ...parts, tokens, sync: sync.control });
  const thumbnails = thumbnailsPart({ ...parts, tokens });
  const all = [connections, sync, files, thumbnails];
  return {
    ...featureModule({
      name: 'cloud-drives',
      routes: all.flatMap((p) => p.routes),
      jobs: all.flatMap((p) => p.jobs),
      schedules: all.flatMap((p) => p.schedules),
    }),
    start: () => sync.start(),
    visibleFile: (userId, fileId) => files.visibleFile(userId, fileId),
    close: async () => {
      await sync.close();
      await parts.providers.close();
    },
  };
}
