/** Every cloud-drives query sits under one key, so a `cloud-drives.changed` live event refreshes them all. */
export const cloudDriveKeys = {
  all: ['cloud-drives'] as const,
  providers: () => ['cloud-drives', 'providers'] as const,
  connections: () => ['cloud-drives', 'connections'] as const,
  syncStatus: () => ['cloud-drives', 'sync-status'] as const,
  syncConfig: (connectionId: string) => ['cloud-drives', 'sync-config', connectionId] as const,
  files: (query: FilesQuery = {}) =>
    ['cloud-drives', 'files', query.search ?? '', [...(query.connectionIds ?? [])].sort().join(',')] as const,
  allFiles: () => ['cloud-drives', 'files'] as const,
};

export interface FilesQuery {
  search?: string;
  connectionIds?: readonly string[];
}
