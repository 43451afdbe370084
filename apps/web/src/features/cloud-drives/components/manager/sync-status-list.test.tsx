import { network } from '../../../../test/fake-network';
import { CloudDriveLimits, CloudDrivePaths } from '@bookshelf/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { getToasts } from '../../../../lib/toast';
import { renderWithApp } from '../../../../test/render-with-app';
import { SYNC_POLL_MS } from '../../api/use-sync-status';
import { CloudDrivesPage } from '../../pages/cloud-drives-page';
import { answerDrives, connection, preloadSchemas, status } from '../../test/fixtures';

beforeAll(preloadSchemas);

describe('the sync status list', () => {
  it(
    'polls while a drive syncs, says Files synced when it completes, and reads Idle 5 s later',
    async () => {
      const syncing = status({ status: 'syncing', progress: { current: 3, total: 9, phase: 'fetching' } });
      answerDrives({ connections: [connection()], statuses: [syncing] });
      const { queryClient } = renderWithApp(<CloudDrivesPage />, { route: '/cloud-drives' });
      const list = await screen.findByRole('list', { name: 'Sync Status' });
      const bar = within(list).getByRole('progressbar', { name: 'Ada Lovelace sync progress' });
      expect(bar.getAttribute('aria-valuenow')).toBe('25');

      // A live event (or the next poll) moves it on.
      queryClient.setQueryData(
        ['cloud-drives', 'sync-status'],
        [{ ...syncing, progress: { current: 8, total: 9, phase: 'saving' } }],
      );
      await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('90'));

      const before = network.requests(`GET ${CloudDrivePaths.syncStatus}`).length;
      network.answer(`GET ${CloudDrivePaths.syncStatus}`, [
        status({ status: 'completed', filesAdded: 7, filesUpdated: 1, filesRemoved: 2 }),
      ]);
      await waitFor(() => expect(within(list).getByText('Completed')).toBeTruthy(), { timeout: SYNC_POLL_MS * 3 });
      expect(network.requests(`GET ${CloudDrivePaths.syncStatus}`).length).toBeGreaterThan(before);
      expect(getToasts().findLast((t) => t.title === 'Files synced')?.message).toBe(
        'Ada Lovelace: 7 added, 1 updated, 2 removed',
      );
      expect(within(list).getByText('7 added')).toBeTruthy();

      // No more polling once nothing syncs.
      const settled = network.requests(`GET ${CloudDrivePaths.syncStatus}`).length;
      await waitFor(() => expect(within(list).getByText('Idle')).toBeTruthy(), {
        timeout: CloudDriveLimits.idleAfterMs + 1_500,
      });
      expect(network.requests(`GET ${CloudDrivePaths.syncStatus}`).length).toBe(settled);
    },
    CloudDriveLimits.idleAfterMs + 10_000,
  );
});
