import { SYNC_INTERVALS, type CloudConnection } from '@bookshelf/contract';
import { useId } from 'react';
import { compactSelectClass } from '../../../../components/ui/form-styles';
import { useSyncConfig, useUpdateSyncConfig } from '../../api/use-sync-config';

const MANUAL = 'manual';

/** Background sync on or off and how often (core.md §9: 15, 30, 60, 120 minutes or manual only). */
export function SyncSettings({ connection }: { connection: CloudConnection }) {
  const id = useId();
  const config = useSyncConfig(connection.id);
  const update = useUpdateSyncConfig();
  const data = config.data;
  const target = { connectionId: connection.id, accountName: connection.accountName };
  const disabled = !data || !connection.isActive || update.isPending;

  if (config.isError) {
    return <p className="text-xs text-gray-600 dark:text-gray-400">Sync settings are not available.</p>;
  }
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2" aria-busy={config.isPending}>
      <label className="flex items-center gap-2 text-sm">
        <button
          type="button"
          role="switch"
          aria-checked={data?.enabled ?? false}
          aria-labelledby={`${id}-switch`}
          disabled={disabled}
          onClick={() => data && update.mutate({ ...target, change: { enabled: !data.enabled } })}
          className={`relative inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-60 ${
            data?.enabled ? 'bg-indigo-600 dark:bg-indigo-500' : 'bg-gray-300 dark:bg-gray-700'
          }`}
        >
          <span
            aria-hidden
            className={`inline-block size-4 rounded-full bg-white shadow transition-transform motion-reduce:transition-none ${
              data?.enabled ? 'translate-x-4.5' : 'translate-x-0.5'
            }`}
          />
        </button>
        <span id={`${id}-switch`}>Background sync</span>
      </label>
      <label className="flex items-center gap-2 text-sm">
        <span>Sync every</span>
        <select
          className={compactSelectClass}
          disabled={disabled}
          value={data ? (data.enabled ? String(data.intervalMinutes) : MANUAL) : ''}
          onChange={(event) => {
            if (!data) return;
            const value = event.target.value;
            if (value === MANUAL) update.mutate({ ...target, change: { enabled: false } });
            else {
              const intervalMinutes = Number(value);
              update.mutate({
                ...target,
                change: data.enabled ? { intervalMinutes } : { enabled: true, intervalMinutes },
              });
            }
          }}
        >
          {!data && <option value="">Loading…</option>}
          {SYNC_INTERVALS.map((minutes) => (
            <option key={minutes} value={minutes}>
              {minutes} minutes
            </option>
          ))}
          <option value={MANUAL}>Manual only</option>
        </select>
      </label>
    </div>
  );
}
