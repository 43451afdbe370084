import { DRIVE_PROVIDERS, isCloudProvider, type CloudConnection, type DriveProvider } from '@bookshelf/contract';

export interface DriveStats {
  /** Cloud drives connected (the library folder and uploads are not drives one connects). */
  connectedDrives: number;
  totalFiles: number;
  filesByProvider: Record<DriveProvider, number>;
}

/** The manager's stat cards (core.md §2), from the connections' file counts. */
export function driveStats(connections: readonly CloudConnection[]): DriveStats {
  const filesByProvider = Object.fromEntries(DRIVE_PROVIDERS.map((p) => [p, 0])) as Record<DriveProvider, number>;
  let connectedDrives = 0;
  for (const connection of connections) {
    filesByProvider[connection.provider] += connection.fileCount;
    if (isCloudProvider(connection.provider) && connection.isActive) connectedDrives += 1;
  }
  const totalFiles = Object.values(filesByProvider).reduce((sum, n) => sum + n, 0);
  return { connectedDrives, totalFiles, filesByProvider };
}
