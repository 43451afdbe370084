import {
  isCloudProvider,
  timeAgoLabel,
  CONNECTION_HEALTH_LABELS,
  type CloudConnection,
  type ConnectionHealth,
} from '@bookshelf/contract';
import { FolderOpen, Pencil, Power, RefreshCw, RotateCw, Unplug } from 'lucide-react';
import { useState } from 'react';
import { smallButtonClass } from '../../../../components/ui/form-styles';
import { useRefreshConnection, useUpdateConnection } from '../../api/use-connection-mutations';
import { useSyncNow } from '../../api/use-sync-actions';
import { ProviderBadge } from '../browser/provider-badge';
import { RenameForm } from './rename-form';
import { SyncSettings } from './sync-settings';

const HEALTH_TONES: Record<ConnectionHealth, string> = {
  connected: 'bg-emerald-500',
  expiring: 'bg-amber-500',
  disconnected: 'bg-gray-400 dark:bg-gray-500',
};

interface DriveCardProps {
  connection: CloudConnection;
  now: Date;
  onBrowse: (connectionId: string) => void;
  onDisconnect: (connection: CloudConnection) => void;
}

/**
 * A connected drive (core.md §2, §4 "Connection health"): who it is, its health, and what can be done with it.
 * The library folder and My Uploads are built in: they cannot be renamed, turned off or disconnected.
 */
export function DriveCard({ connection, now, onBrowse, onDisconnect }: DriveCardProps) {
  const [renaming, setRenaming] = useState(false);
  const update = useUpdateConnection();
  const refresh = useRefreshConnection();
  const syncNow = useSyncNow();
  const { id, accountName, accountEmail, provider, isActive, health, builtIn, fileCount, lastSyncAt } = connection;
  const cloud = isCloudProvider(provider) && !builtIn;
  const synced = provider !== 'uploads';
  const titleId = `drive-${id}-title`;

  return (
    <article
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm dark:border-gray-800 dark:bg-gray-900"
    >
      <header className="flex flex-wrap items-start gap-2">
        <div className="min-w-0 flex-1">
          {renaming ? (
            <RenameForm
              name={accountName}
              busy={update.isPending}
              onCancel={() => setRenaming(false)}
              onSave={(name) =>
                update.mutate({ id, patch: { accountName: name } }, { onSuccess: () => setRenaming(false) })
              }
            />
          ) : (
            <h3 id={titleId} className="truncate font-semibold">
              {accountName}
            </h3>
          )}
          {accountEmail && <p className="truncate text-sm text-gray-600 dark:text-gray-400">{accountEmail}</p>}
        </div>
        <ProviderBadge provider={provider} />
      </header>

      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-700 dark:text-gray-300">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden className={`size-2 rounded-full ${HEALTH_TONES[health]}`} />
          {CONNECTION_HEALTH_LABELS[health]}
        </span>
        <span className="tabular-nums">
          {fileCount.toLocaleString()} {fileCount === 1 ? 'file' : 'files'}
        </span>
        {synced && (
          <span className="text-gray-600 dark:text-gray-400">
            {lastSyncAt ? `Synced ${timeAgoLabel(lastSyncAt, now)}` : 'Not synced yet'}
          </span>
        )}
      </p>

      {synced && isActive && <SyncSettings connection={connection} />}

      <div className="flex flex-wrap gap-2">
        {synced && (
          <button
            aria-label={`Sync now ${accountName}`}
            type="button"
            className={smallButtonClass}
            disabled={!isActive || syncNow.isPending}
            onClick={() => syncNow.mutate({ connectionId: id, accountName })}
          >
            <RefreshCw aria-hidden className="size-3.5" />
            Sync now
          </button>
        )}
        <button
          aria-label={`Browse files ${accountName}`}
          type="button"
          className={smallButtonClass}
          disabled={fileCount === 0}
          onClick={() => onBrowse(id)}
        >
          <FolderOpen aria-hidden className="size-3.5" />
          Browse files
        </button>
        {cloud && (
          <>
            <button
              aria-label={`Refresh connection ${accountName}`}
              type="button"
              className={smallButtonClass}
              disabled={refresh.isPending}
              onClick={() => refresh.mutate({ id, accountName })}
            >
              <RotateCw aria-hidden className="size-3.5" />
              Refresh connection
            </button>
            <button
              aria-label={`Rename ${accountName}`}
              type="button"
              className={smallButtonClass}
              disabled={renaming}
              onClick={() => setRenaming(true)}
            >
              <Pencil aria-hidden className="size-3.5" />
              Rename
            </button>
            <button
              aria-label={`${isActive ? 'Deactivate' : 'Activate'} ${accountName}`}
              type="button"
              className={smallButtonClass}
              disabled={update.isPending}
              onClick={() => update.mutate({ id, patch: { isActive: !isActive } })}
            >
              <Power aria-hidden className="size-3.5" />
              {isActive ? 'Deactivate' : 'Activate'}
            </button>
            <button
              aria-label={`Disconnect ${accountName}`}
              type="button"
              className={`${smallButtonClass} text-red-700 dark:text-red-400`}
              onClick={() => onDisconnect(connection)}
            >
              <Unplug aria-hidden className="size-3.5" />
              Disconnect
            </button>
          </>
        )}
      </div>
    </article>
  );
}
