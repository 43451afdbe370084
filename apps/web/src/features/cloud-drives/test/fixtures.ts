import {
  CloudDrivePaths,
  type CloudConnection,
  type CloudFile,
  type CloudProvidersInfo,
  type SyncConfig,
  type SyncStatus,
} from '@bookshelf/contract';
import { network } from '../../../test/fake-network';

export const GOOGLE_ID = '00000000-0000-4000-8000-0000000000a1';
export const ONEDRIVE_ID = '00000000-0000-4000-8000-0000000000a2';
export const LOCAL_ID = '00000000-0000-4000-8000-0000000000b1';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

export const connection = (over: Partial<CloudConnection> = {}): CloudConnection => ({
  id: GOOGLE_ID,
  provider: 'google',
  accountName: 'Ada Lovelace',
  accountEmail: 'ada@example.com',
  isActive: true,
  lastSyncAt: minutesAgo(5),
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  tokenExpiresAt: null,
  health: 'connected',
  fileCount: 3,
  builtIn: false,
  ...over,
});

export const status = (over: Partial<SyncStatus> = {}): SyncStatus => ({
  connectionId: GOOGLE_ID,
  status: 'idle',
  lastSyncAt: minutesAgo(5),
  nextSyncAt: null,
  progress: { current: 0, total: 0, phase: null },
  filesAdded: 0,
  filesUpdated: 0,
  filesRemoved: 0,
  error: null,
  ...over,
});

export const cloudFile = (n: number, over: Partial<CloudFile> = {}): CloudFile => ({
  id: `google_${n}`,
  connectionId: GOOGLE_ID,
  externalId: `ext-${n}`,
  name: `File ${n}.pdf`,
  fileType: 'pdf',
  size: 1024 * n,
  modifiedAt: minutesAgo(60),
  thumbnailUrl: null,
  downloadUrl: null,
  parentFolder: null,
  isDeleted: false,
  syncedAt: minutesAgo(5),
  driveName: 'Ada Lovelace',
  provider: 'google',
  isFavorite: false,
  tags: [],
  bookId: null,
  ...over,
});

export const syncConfig = (over: Partial<SyncConfig> = {}): SyncConfig => ({
  enabled: true,
  intervalMinutes: 30,
  maxRetries: 3,
  batchSize: 100,
  incrementalSync: true,
  ...over,
});

export interface DrivesAnswers {
  providers?: Partial<CloudProvidersInfo>;
  connections?: CloudConnection[];
  statuses?: SyncStatus[];
  files?: CloudFile[];
}

/** Answers every read of the manager, with a sync config for each connection. */
export function answerDrives({ providers = {}, connections = [], statuses = [], files = [] }: DrivesAnswers = {}) {
  network.answer(`GET ${CloudDrivePaths.providers}`, {
    google: true,
    onedrive: true,
    local: false,
    uploadMaxBytes: 200 * 1024 * 1024,
    ...providers,
  });
  network.answer(`GET ${CloudDrivePaths.connections}`, connections);
  network.answer(`GET ${CloudDrivePaths.syncStatus}`, statuses);
  network.answer(`GET ${CloudDrivePaths.files}`, files);
  for (const c of connections) {
    network.answer(`GET ${CloudDrivePaths.syncConfig.replace('{connectionId}', c.id)}`, syncConfig());
  }
}

/** The schemas the fetchers load on their first answer, loaded before the test's clock and findBy timeouts. */
export const preloadSchemas = () => import('../api/schemas');
