import { isCloudProvider, type CloudConnection } from '@bookshelf/contract';
import { CloudOff } from 'lucide-react';
import { useState } from 'react';
import { secondaryButton } from '../../../../components/ui/button-styles';
import { ErrorBox } from '../../../../components/ui/error-box';
import { errorMessage } from '../../../../lib/error-message';
import { useConnectDrive } from '../../api/use-connect-drive';
import { useRemoveConnection } from '../../api/use-connection-mutations';
import { useConnections } from '../../api/use-connections';
import { useCloudFiles } from '../../api/use-files';
import { useCloudProviders } from '../../api/use-providers';
import { useSyncStatus } from '../../api/use-sync-status';
import { useUploadFiles } from '../../api/use-upload';
import { driveStats, shownProviders } from '../../lib/drive-stats';
import { useNow } from '../../lib/use-now';
import { ConnectButtons } from './connect-buttons';
import { DisconnectDialog } from './disconnect-dialog';
import { DriveCard } from './drive-card';
import { DriveStats } from './drive-stats';
import { ManagerFiles } from './manager-files';
import { SyncStatusList } from './sync-status-list';
import { UploadButton } from './upload-button';
import { useSyncToasts } from './use-sync-toasts';

const NO_CONNECTIONS: CloudConnection[] = [];

/** The Cloud Drives tab (core.md §2 "Manager"): connect and upload, stats, sync status, drives and their files. */
export function ManagerTab({ onBrowse }: { onBrowse: (connectionId: string | null) => void }) {
  const providers = useCloudProviders();
  const connections = useConnections();
  const statuses = useSyncStatus();
  const files = useCloudFiles();
  const { connect, connecting, finishing } = useConnectDrive();
  const upload = useUploadFiles(providers.data?.uploadMaxBytes ? { maxBytes: providers.data.uploadMaxBytes } : {});
  const remove = useRemoveConnection();
  const [disconnecting, setDisconnecting] = useState<CloudConnection | null>(null);
  const now = useNow();

  const list = connections.data ?? NO_CONNECTIONS;
  useSyncToasts(statuses.data, list);
  const cloudDrives = list.filter((c) => isCloudProvider(c.provider) && !c.builtIn);
  const builtIns = list.filter((c) => !cloudDrives.includes(c));

  const connectButtons = <ConnectButtons providers={providers.data} connecting={connecting} onConnect={connect} />;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        {connectButtons}
        <UploadButton uploading={upload.uploading} progress={upload.progress} onFiles={upload.upload} />
      </div>
      {finishing && (
        <p role="status" className="text-sm text-gray-600 dark:text-gray-400">
          Finishing the connection…
        </p>
      )}

      {connections.isPending && <div aria-busy="true" aria-label="Loading your drives" className="min-h-48" />}
      {connections.isError && (
        <ErrorBox
          message={`Could not load your drives. ${errorMessage(connections.error)}`}
          action={
            <button type="button" className={secondaryButton} onClick={() => void connections.refetch()}>
              Retry
            </button>
          }
        />
      )}

      {connections.data && (
        <>
          <DriveStats stats={driveStats(list)} />

          {statuses.data && statuses.data.length > 0 && (
            <SyncStatusList statuses={statuses.data} connections={list} now={now} />
          )}

          <section aria-labelledby="drives-title" className="space-y-3">
            <h2 id="drives-title" className="text-lg font-semibold">
              Connected Drives
            </h2>
            {list.length === 0 && (
              <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-gray-300 px-4 py-10 text-center dark:border-gray-700">
                <CloudOff aria-hidden className="size-10 text-gray-400" />
                <h3 className="text-base font-semibold">Connect Your First Drive</h3>
                <p className="max-w-md text-sm text-gray-600 dark:text-gray-400">
                  Connect Google Drive or OneDrive to read the books you keep there, or upload books from this device.
                </p>
              </div>
            )}
            {list.length > 0 && (
              <div className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
                {[...cloudDrives, ...builtIns].map((connection) => (
                  <DriveCard
                    key={connection.id}
                    connection={connection}
                    now={now}
                    onBrowse={onBrowse}
                    onDisconnect={setDisconnecting}
                  />
                ))}
              </div>
            )}
          </section>

          <ManagerFiles files={files.data ?? []} loading={files.isPending} now={now} providers={shownProviders(list)} />
        </>
      )}

      <DisconnectDialog
        account={disconnecting?.accountName ?? null}
        busy={remove.isPending}
        onOpenChange={(open) => {
          if (!open) setDisconnecting(null);
        }}
        onConfirm={() => {
          if (!disconnecting) return;
          remove.mutate(disconnecting, { onSettled: () => setDisconnecting(null) });
        }}
      />
    </div>
  );
}
