import { apiError, json, network } from '../../../test/fake-network';
import { CloudDriveMessages, CloudDrivePaths } from '@bookshelf/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { getToasts } from '../../../lib/toast';
import { renderWithApp } from '../../../test/render-with-app';
import {
  answerDrives,
  cloudFile,
  connection,
  GOOGLE_ID,
  LOCAL_ID,
  ONEDRIVE_ID,
  preloadSchemas,
  status,
} from '../test/fixtures';
import { CloudDrivesPage } from './cloud-drives-page';

beforeAll(preloadSchemas);

const google = connection();
const onedrive = connection({
  id: ONEDRIVE_ID,
  provider: 'onedrive',
  accountName: 'Grace Hopper',
  accountEmail: 'grace@example.com',
  health: 'expiring',
  fileCount: 2,
});
const library = connection({
  id: LOCAL_ID,
  provider: 'local',
  accountName: 'Library folder',
  accountEmail: null,
  builtIn: true,
  fileCount: 4,
});

const toast = (title: string) => getToasts().findLast((t) => t.title === title);
const card = (name: string) => screen.getByRole('article', { name });

describe('CloudDrivesPage — manager', () => {
  it('shows stat cards, the sync status list and a card per drive', async () => {
    answerDrives({
      connections: [google, onedrive, library],
      statuses: [
        status({
          status: 'syncing',
          progress: { current: 10, total: 40, phase: 'processing' },
          filesAdded: 4,
          filesUpdated: 1,
        }),
        status({ connectionId: ONEDRIVE_ID, status: 'error', error: CloudDriveMessages.tokenRefreshFailed }),
      ],
      files: [cloudFile(1), cloudFile(2, { name: 'Notes.txt', fileType: 'txt' })],
    });
    renderWithApp(<CloudDrivesPage />, { route: '/cloud-drives' });

    expect(await screen.findByRole('article', { name: 'Ada Lovelace' })).toBeTruthy();
    // The library folder is a connected source of files too.
    expect(statValue('Connected Drives')).toBe('3');
    expect(statValue('Total Files')).toBe('9');
    expect(statValue('OneDrive')).toBe('2');
    expect(statValue('Local')).toBe('4');
    expect(statValue('My Uploads')).toBe('0');

    const syncList = screen.getByRole('list', { name: 'Sync Status' });
    const bar = within(syncList).getByRole('progressbar', { name: 'Ada Lovelace sync progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('75');
    expect(within(syncList).getByText('Processing…')).toBeTruthy();
    expect(within(syncList).getByText('4 added')).toBeTruthy();
    expect(within(syncList).getByText(CloudDriveMessages.tokenRefreshFailed)).toBeTruthy();
    expect(within(syncList).getByRole('button', { name: 'Retry syncing Grace Hopper' })).toBeTruthy();

    expect(within(card('Ada Lovelace')).getByText('Connected')).toBeTruthy();
    expect(within(card('Ada Lovelace')).getByText('Synced 5 minutes ago')).toBeTruthy();
    expect(within(card('Grace Hopper')).getByText('Token expiring soon')).toBeTruthy();
    // Built in: no rename, no disconnect.
    expect(within(card('Library folder')).queryByRole('button', { name: /Rename/ })).toBeNull();
    expect(within(card('Library folder')).queryByRole('button', { name: /Disconnect/ })).toBeNull();
    expect(within(card('Ada Lovelace')).getByRole('button', { name: 'Disconnect Ada Lovelace' })).toBeTruthy();

    const files = await screen.findByRole('list', { name: 'Files' });
    expect(within(files).getAllByRole('button')).toHaveLength(2);
    fireEvent.change(screen.getByRole('combobox', { name: 'File type' }), { target: { value: 'txt' } });
    await waitFor(() => expect(within(files).getAllByRole('button')).toHaveLength(1));
    const notes = within(files).getByRole('button', { name: /Notes\.txt/ });
    fireEvent.click(notes);
    expect(notes.getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search files' }), { target: { value: 'nothing' } });
    expect(await screen.findByText('No files found')).toBeTruthy();
  });

  it('counts a lone library folder as a drive, and shows no Local card or filter to a reader without it', async () => {
    answerDrives({ connections: [library], files: [cloudFile(1, { provider: 'local', connectionId: LOCAL_ID })] });
    const { unmount } = renderWithApp(<CloudDrivesPage />, { route: '/cloud-drives' });
    expect(await screen.findByRole('article', { name: 'Library folder' })).toBeTruthy();
    expect(statValue('Connected Drives')).toBe('1');
    expect(statValue('Local')).toBe('4');
    expect(screen.queryByRole('heading', { name: 'Connect Your First Drive' })).toBeNull();
    const providerOptions = () =>
      within(screen.getByRole('combobox', { name: 'Provider' }))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(providerOptions()).toContain('Local');
    unmount();

    answerDrives({ connections: [google] });
    renderWithApp(<CloudDrivesPage />, { route: '/cloud-drives' });
    expect(await screen.findByRole('article', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(statValue('Google Drive')).toBe('3');
    expect(screen.queryByText('Local', { selector: 'dt' })).toBeNull();
    expect(providerOptions()).not.toContain('Local');
    expect(providerOptions()).toEqual(['All Providers', 'Google Drive', 'OneDrive', 'My Uploads']);
  });

  it('offers Connect Your First Drive, and explains a drive this server cannot connect', async () => {
    answerDrives({ providers: { onedrive: false } });
    renderWithApp(<CloudDrivesPage />, { route: '/cloud-drives' });
    expect(await screen.findByRole('heading', { name: 'Connect Your First Drive' })).toBeTruthy();
    const onedriveButton = screen.getByRole<HTMLButtonElement>('button', { name: 'Connect OneDrive' });
    await waitFor(() => expect(onedriveButton.disabled).toBe(true));
    expect(onedriveButton.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(CloudDriveMessages.providerNotConfigured('OneDrive'))).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Connect Google Drive' }).disabled).toBe(false);
    expect(screen.getByText('No files found')).toBeTruthy();
  });

  it('asks with the spec text before disconnecting, then says Connection removed', async () => {
    answerDrives({ connections: [google] });
    network.answer(`DELETE ${CloudDrivePaths.connection.replace('{id}', GOOGLE_ID)}`, { revoked: true });
    renderWithApp(<CloudDrivesPage />, { route: '/cloud-drives' });
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(CloudDriveMessages.disconnectConfirm('Ada Lovelace'))).toBeTruthy();
    answerDrives({ connections: [] });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(toast('Connection removed')?.message).toBe('Successfully disconnected Ada Lovelace'));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Ada Lovelace' })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('warns Connection removed locally when the provider did not confirm the revocation', async () => {
    answerDrives({ connections: [google] });
    network.answer(`DELETE ${CloudDrivePaths.connection.replace('{id}', GOOGLE_ID)}`, { revoked: false });
    renderWithApp(<CloudDrivesPage />, { route: '/cloud-drives' });
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect Ada Lovelace' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(toast(CloudDriveMessages.removedLocallyTitle)).toBeTruthy());
    const warning = toast(CloudDriveMessages.removedLocallyTitle)!;
    expect(warning.type).toBe('warning');
    expect(warning.message).toBe(CloudDriveMessages.removedLocally);
  });

  it('says Failed to remove connection when the server refuses', async () => {
    answerDrives({ connections: [google] });
    network.answer(`DELETE ${CloudDrivePaths.connection.replace('{id}', GOOGLE_ID)}`, apiError(500, 'Boom'));
    renderWithApp(<CloudDrivesPage />, { route: '/cloud-drives' });
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect Ada Lovelace' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(toast('Failed to remove connection')?.message).toBe('Boom'));
  });

  it('refreshes, renames and syncs a drive with the spec toasts', async () => {
    answerDrives({ connections: [google] });
    const id = GOOGLE_ID;
    network.answer(`POST ${CloudDrivePaths.refreshConnection.replace('{id}', id)}`, google);
    network.answer(`PATCH ${CloudDrivePaths.connection.replace('{id}', id)}`, (req) =>
      json({ ...google, ...(req.body as object) }),
    );
    const syncing = status({ status: 'syncing', progress: { current: 0, total: 0, phase: 'connecting' } });
    network.answer(`POST ${CloudDrivePaths.syncStart.replace('{connectionId}', id)}`, json(syncing, 202));
    renderWithApp(<CloudDrivesPage />, { route: '/cloud-drives' });

    fireEvent.click(await screen.findByRole('button', { name: 'Refresh connection Ada Lovelace' }));
    await waitFor(() => expect(toast('Connection refreshed')?.message).toBe('Successfully refreshed Ada Lovelace'));

    fireEvent.click(screen.getByRole('button', { name: 'Rename Ada Lovelace' }));
    const input = screen.getByRole('textbox', { name: 'Account name' });
    fireEvent.change(input, { target: { value: 'Work drive' } });
    fireEvent.submit(input);
    expect(await screen.findByRole('article', { name: 'Work drive' })).toBeTruthy();
    expect(network.requests(`PATCH ${CloudDrivePaths.connection.replace('{id}', id)}`)[0]!.body).toEqual({
      accountName: 'Work drive',
    });

    network.answer(`GET ${CloudDrivePaths.syncStatus}`, [syncing]);
    fireEvent.click(screen.getByRole('button', { name: 'Sync now Work drive' }));
    await waitFor(() => expect(toast('Syncing files')).toBeTruthy());
    const bar = await screen.findByRole('progressbar', { name: 'Work drive sync progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
  });

  it('says Failed to update connection when deactivating fails', async () => {
    answerDrives({ connections: [google] });
    network.answer(`PATCH ${CloudDrivePaths.connection.replace('{id}', GOOGLE_ID)}`, apiError(500, 'Nope'));
    renderWithApp(<CloudDrivesPage />, { route: '/cloud-drives' });
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate Ada Lovelace' }));
    await waitFor(() => expect(toast('Failed to update connection')?.message).toBe('Nope'));
  });

  it('turns background sync off and on with PUT sync config', async () => {
    answerDrives({ connections: [google] });
    const path = CloudDrivePaths.syncConfig.replace('{connectionId}', GOOGLE_ID);
    network.answer(`PUT ${path}`, (req) => json({ ...syncConfigAnswer, ...(req.body as object) }));
    renderWithApp(<CloudDrivesPage />, { route: '/cloud-drives' });
    const toggle = await screen.findByRole('switch', { name: 'Background sync' });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    const interval = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sync every' });
    expect(interval.value).toBe('30');
    fireEvent.change(interval, { target: { value: 'manual' } });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(network.requests(`PUT ${path}`)[0]!.body).toEqual({ enabled: false });
    await waitFor(() => expect(toast('Sync stopped')).toBeTruthy());
    fireEvent.click(toggle);
    await waitFor(() => expect(toast('Background sync enabled')).toBeTruthy());
    expect(network.requests(`PUT ${path}`)[1]!.body).toEqual({ enabled: true });
  });
});

const syncConfigAnswer = { enabled: true, intervalMinutes: 30, maxRetries: 3, batchSize: 100, incrementalSync: true };

function statValue(label: string): string | null {
  const term = screen.getAllByText(label).find((el) => el.tagName === 'DT');
  return term?.parentElement?.querySelector('dd')?.textContent ?? null;
}

describe('CloudDrivesPage — tabs', () => {
  it('keeps the tab in the address and moves between tabs with the arrow keys', async () => {
    answerDrives();
    const { location } = renderWithApp(<CloudDrivesPage />, { route: '/cloud-drives' });
    const manager = screen.getByRole('tab', { name: 'Cloud Drives' });
    expect(manager.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Cloud Drives' })).toBeTruthy();
    manager.focus();
    fireEvent.keyDown(manager, { key: 'ArrowRight' });
    const browser = screen.getByRole('tab', { name: 'File Browser' });
    expect(browser.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(browser);
    expect(location()).toBe('/cloud-drives?tab=browser');
    fireEvent.keyDown(browser, { key: 'End' });
    expect(location()).toBe('/cloud-drives?tab=progress');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Reading Progress' }), { key: 'ArrowRight' });
    expect(location()).toBe('/cloud-drives');
  });

  it('opens on the tab the address names; Browse Files on Reading Progress goes to the File Browser', async () => {
    answerDrives();
    const { location } = renderWithApp(<CloudDrivesPage />, { route: '/cloud-drives?tab=progress' });
    expect(screen.getByRole('heading', { name: 'Start Your Reading Journey' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Browse Files' }));
    expect(location()).toBe('/cloud-drives?tab=browser');
    expect(screen.getByRole('tab', { name: 'File Browser' }).getAttribute('aria-selected')).toBe('true');
  });

  it('Browse files on a drive card opens the File Browser narrowed to that drive', async () => {
    answerDrives({ connections: [google] });
    const { location } = renderWithApp(<CloudDrivesPage />, { route: '/cloud-drives' });
    await screen.findByRole('article', { name: 'Ada Lovelace' });
    fireEvent.click(await screen.findByRole('button', { name: 'Browse files Ada Lovelace' }));
    expect(location()).toBe(`/cloud-drives?tab=browser&connection=${GOOGLE_ID}`);
  });
});
