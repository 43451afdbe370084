import { CloudDriveLimits, type SyncState, type SyncStatus } from '@bookshelf/contract';
import { useEffect, useState } from 'react';

/**
 * A finished sync (completed or error) reads idle again five seconds after this page saw it finish (core.md §4),
 * without waiting for the server to be asked again. Its error text stays until the next sync clears it.
 */
export function useShownState(status: SyncStatus): SyncState {
  const finishedKey = `${status.status}|${status.lastSyncAt ?? ''}|${status.error ?? ''}`;
  const finished = status.status === 'completed' || status.status === 'error';
  const [settled, setSettled] = useState<string | null>(null);
  useEffect(() => {
    if (!finished) return;
    const timer = setTimeout(() => setSettled(finishedKey), CloudDriveLimits.idleAfterMs);
    return () => clearTimeout(timer);
  }, [finished, finishedKey]);
  return finished && settled === finishedKey ? 'idle' : status.status;
}
