import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/job-definition.js';
import type { CloudDrivesParts, ConnectionTokens, DrivePart, SyncControl } from '../cloud-drives.parts.js';
import { createLibraryFolder } from './library-folder.js';
import { createSyncControl, type SyncService } from './sync-control.js';
import { syncJob } from './sync-job.js';
import { SYNC_DUE_JOB, SYNC_DUE_SCHEDULE } from './sync-status.js';
import { syncRoutes } from './sync.routes.js';

export interface SyncPart extends DrivePart {
  control: SyncControl;
  /** The routes' service: status, start, stop and config on behalf of a reader. */
  service: SyncService;
  /** After listening: ensures the library folder's connection and starts watching it. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Syncing drives (decision 049): the `cloud-drives.sync` job, the minute schedule that starts due background
 * syncs, the sync routes, and the library folder's connection and watcher.
 */
export function syncPart(parts: CloudDrivesParts & { tokens: ConnectionTokens }): SyncPart {
  const service = createSyncControl(parts);
  const { control } = service;
  const library = createLibraryFolder({ ...parts, control });
  const startDue = defineJob({
    kind: SYNC_DUE_JOB,
    payload: z.object({}),
    run: async () => {
      const due = await service.due();
      for (const connectionId of due) {
        await control.start(connectionId).catch((err: unknown) => {
          parts.log.warn({ err, connectionId }, 'could not start a due drive sync');
        });
      }
      return { started: due.length };
    },
  });
  return {
    routes: [syncRoutes({ sync: service })],
    jobs: [syncJob(parts), startDue],
    schedules: [SYNC_DUE_SCHEDULE],
    control,
    service,
    start: () => library.start(),
    close: () => library.close(),
  };
}
