import {
  SYNC_PHASE_PERCENT,
  SYNC_PHASES,
  timeAgoLabel,
  type CloudConnection,
  type SyncPhase,
  type SyncState,
  type SyncStatus,
} from '@bookshelf/contract';
import { RefreshCw, Square } from 'lucide-react';
import { smallButtonClass } from '../../../../components/ui/form-styles';
import { ProgressBar } from '../../../../components/ui/progress-bar';
import { useStartSync, useStopSync } from '../../api/use-sync-actions';
import { ProviderBadge } from '../browser/provider-badge';
import { useShownState } from './use-shown-state';

const STATE_LABELS: Record<SyncState, string> = {
  idle: 'Idle',
  syncing: 'Syncing',
  completed: 'Completed',
  error: 'Error',
};

const STATE_TONES: Record<SyncState, string> = {
  idle: 'bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-300',
  syncing: 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950/60 dark:text-indigo-300',
  completed: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-950/60 dark:text-emerald-300',
  error: 'bg-red-50 text-red-700 dark:bg-red-950/60 dark:text-red-300',
};

const isPhase = (phase: string | null): phase is SyncPhase =>
  phase !== null && (SYNC_PHASES as readonly string[]).includes(phase);

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Where the bar stands: the phase's percent while syncing (core.md §4), full once completed. */
export function syncPercent(state: SyncState, phase: string | null): number | null {
  if (state === 'completed') return 100;
  if (state !== 'syncing') return null;
  return isPhase(phase) ? SYNC_PHASE_PERCENT[phase] : 0;
}

interface RowProps {
  status: SyncStatus;
  connection: CloudConnection | undefined;
  now: Date;
}

function SyncStatusRow({ status, connection, now }: RowProps) {
  const state = useShownState(status);
  const start = useStartSync();
  const stop = useStopSync();
  const name = connection?.accountName ?? 'Drive';
  const target = { connectionId: status.connectionId, accountName: name };
  const percent = syncPercent(state, status.progress.phase);
  const busy = start.isPending || stop.isPending;
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 truncate font-medium">{name}</span>
        {connection && <ProviderBadge provider={connection.provider} />}
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATE_TONES[state]}`}>
          {STATE_LABELS[state]}
        </span>
        {state === 'syncing' && isPhase(status.progress.phase) && (
          <span className="text-xs text-gray-600 dark:text-gray-400">{capitalised(status.progress.phase)}…</span>
        )}
        <span className="ms-auto flex gap-2">
          {state === 'syncing' ? (
            <button
              aria-label={`Stop syncing ${name}`}
              type="button"
              className={smallButtonClass}
              disabled={busy}
              onClick={() => stop.mutate(target)}
            >
              <Square aria-hidden className="size-3.5" />
              Stop
            </button>
          ) : (
            status.error === null && (
              <button
                aria-label={`Sync ${name}`}
                type="button"
                className={smallButtonClass}
                disabled={busy}
                onClick={() => start.mutate(target)}
              >
                <RefreshCw aria-hidden className="size-3.5" />
                Sync
              </button>
            )
          )}
        </span>
      </div>
      {percent !== null && (
        <ProgressBar value={percent} max={100} label={`${name} sync progress`} valueText={`${percent}%`} />
      )}
      <p className="flex flex-wrap gap-x-3 text-xs text-gray-600 tabular-nums dark:text-gray-400">
        <span>{status.filesAdded} added</span>
        <span>{status.filesUpdated} updated</span>
        <span>{status.filesRemoved} removed</span>
        <span>{status.lastSyncAt ? `Last synced ${timeAgoLabel(status.lastSyncAt, now)}` : 'Never synced'}</span>
      </p>
      {status.error !== null && state !== 'syncing' && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-2 rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/60 dark:text-red-200"
        >
          <span className="min-w-0 flex-1 break-words">{status.error}</span>
          <button
            aria-label={`Retry syncing ${name}`}
            type="button"
            className={smallButtonClass}
            disabled={busy}
            onClick={() => start.mutate(target)}
          >
            Retry
          </button>
        </div>
      )}
    </li>
  );
}

/** The sync status list (core.md §2, §4): one row per synced connection, live. */
export function SyncStatusList({
  statuses,
  connections,
  now,
}: {
  statuses: readonly SyncStatus[];
  connections: readonly CloudConnection[];
  now: Date;
}) {
  const byId = new Map(connections.map((c) => [c.id, c]));
  return (
    <section aria-labelledby="sync-status-title" className="space-y-3">
      <h2 id="sync-status-title" className="text-lg font-semibold">
        Sync Status
      </h2>
      <ul aria-labelledby="sync-status-title" className="grid gap-3 md:grid-cols-2">
        {statuses.map((status) => (
          <SyncStatusRow
            key={status.connectionId}
            status={status}
            connection={byId.get(status.connectionId)}
            now={now}
          />
        ))}
      </ul>
    </section>
  );
}
