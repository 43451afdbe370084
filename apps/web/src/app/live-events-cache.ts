import type { LiveEvent, SyncStatus } from '@bookshelf/contract';
import type { QueryClient } from '@tanstack/react-query';
import { bookKeys, importKeys } from '../features/books/public';
import { cloudDriveKeys, withSyncStatus } from '../features/cloud-drives/public';
import { jobQueryKey } from '../lib/jobs/job-query-key';
import { connectLiveEvents } from '../lib/live-events';
import { invalidateMe } from '../lib/session';

/**
 * The one place where what the server says changed (GET /api/events) becomes TanStack Query cache updates.
 * No feature opens a stream of its own; a new event type adds a case here.
 */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): void {
  switch (event.type) {
    case 'job.updated':
      // useJob (lib/jobs) reads this key: the page follows the job without polling.
      queryClient.setQueryData(jobQueryKey(event.job.id), event.job);
      return;
    case 'books.changed':
      // every list, the facets, open details and the dashboard (which shares these keys)
      void queryClient.invalidateQueries({ queryKey: bookKeys.all });
      return;
    case 'import.updated':
      // the import's progress bar and summary follow without polling; the history list is refetched
      queryClient.setQueryData(importKeys.one(event.import.id), event.import);
      void queryClient.invalidateQueries({ queryKey: importKeys.list() });
      return;
    case 'cloud-drives.sync':
      // the sync status list and its progress bars follow the drive's sync; polling covers the library folder
      queryClient.setQueryData<SyncStatus[]>(cloudDriveKeys.syncStatus(), (list) => withSyncStatus(list, event.status));
      return;
    case 'cloud-drives.changed':
      // connections, their file counts, the file lists and the statuses
      void queryClient.invalidateQueries({ queryKey: cloudDriveKeys.all });
      return;
    case 'resync':
      // the server could not replay everything this tab missed: anything cached may be stale
      void queryClient.invalidateQueries();
      invalidateMe();
      return;
  }
}

/** Opens this tab's stream and applies its events to the cache; returns the function that closes it. */
export const connectToCache = (queryClient: QueryClient): (() => void) =>
  connectLiveEvents({ onEvent: (event) => applyLiveEvent(queryClient, event) });
