import type { CloudConnection, SyncState, SyncStatus } from '@bookshelf/contract';
import { useEffect, useRef } from 'react';
import { toast } from '../../../../lib/toast';

/** core.md §8 "Files synced": said once when this page sees a drive's sync go from syncing to completed. */
export function useSyncToasts(statuses: readonly SyncStatus[] | undefined, connections: readonly CloudConnection[]) {
  const seen = useRef(new Map<string, SyncState>());
  useEffect(() => {
    const names = new Map(connections.map((c) => [c.id, c.accountName]));
    for (const status of statuses ?? []) {
      const before = seen.current.get(status.connectionId);
      seen.current.set(status.connectionId, status.status);
      if (before !== 'syncing' || status.status !== 'completed') continue;
      const name = names.get(status.connectionId) ?? 'Drive';
      toast.success(
        'Files synced',
        `${name}: ${status.filesAdded} added, ${status.filesUpdated} updated, ${status.filesRemoved} removed`,
      );
    }
  }, [statuses, connections]);
}
