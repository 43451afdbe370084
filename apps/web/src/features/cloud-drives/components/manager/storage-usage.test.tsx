import { network } from '../../../../test/fake-network';
import { StoragePaths } from '@bookshelf/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../../test/render-with-app';
import { StorageUsageMeter } from './storage-usage';

const MB = 1024 * 1024;

describe('the storage space meter', () => {
  it('says how much of the reader’s space is used, with a bar a screen reader names', async () => {
    network.answer(`GET ${StoragePaths.usage}`, { usedBytes: 1536 * MB, quotaBytes: 5120 * MB });
    renderWithApp(<StorageUsageMeter />);
    expect(await screen.findByText('Storage: 1.5 GB of 5.0 GB used')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Storage space used' });
    expect(bar.getAttribute('aria-valuenow')).toBe('30');
    expect(bar.getAttribute('aria-valuetext')).toBe('1.5 GB of 5.0 GB used');
  });

  it('shows only what is used when the instance sets no limit', async () => {
    network.answer(`GET ${StoragePaths.usage}`, { usedBytes: 3 * MB, quotaBytes: null });
    renderWithApp(<StorageUsageMeter />);
    expect(await screen.findByText('Storage: 3.0 MB used')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
