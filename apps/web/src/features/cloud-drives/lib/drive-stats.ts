import { DRIVE_PROVIDERS, type CloudConnection, type DriveProvider } from '@bookshelf/contract';

export interface DriveStats {
  /** Every active source of this reader's files: cloud drives, the library folder and My Uploads. */
  connectedDrives: number;
  totalFiles: number;
  filesByProvider: Record<DriveProvider, number>;
  /** The providers worth a card and a filter option for this reader (see `shownProviders`). */
  providers: readonly DriveProvider[];
}

/**
 * The providers a reader is shown: the two cloud drives and My Uploads, which anyone can connect or fill,
 * and the library folder only when it is offered to them (a reader who cannot see it would read "Local 0").
 */
export function shownProviders(connections: readonly CloudConnection[]): DriveProvider[] {
  return DRIVE_PROVIDERS.filter((p) => p !== 'local' || connections.some((c) => c.provider === 'local'));
}

/** The manager's stat cards (core.md §2), from the connections' file counts. */
export function driveStats(connections: readonly CloudConnection[]): DriveStats {
  const filesByProvider = Object.fromEntries(DRIVE_PROVIDERS.map((p) => [p, 0])) as Record<DriveProvider, number>;
  let connectedDrives = 0;
  for (const connection of connections) {
    filesByProvider[connection.provider] += connection.fileCount;
    if (connection.isActive) connectedDrives += 1;
  }
  const totalFiles = Object.values(filesByProvider).reduce((sum, n) => sum + n, 0);
  return { connectedDrives, totalFiles, filesByProvider, providers: shownProviders(connections) };
}
