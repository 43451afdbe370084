import { apiError, json, network } from '../../../test/fake-network';
import { CloudDriveMessages, CloudDrivePaths } from '@bookshelf/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../../lib/toast';
import { renderWithApp } from '../../../test/render-with-app';
import { CloudDrivesPage } from '../pages/cloud-drives-page';
import { answerDrives, connection, preloadSchemas } from '../test/fixtures';
import { CONNECT_FAILED } from './use-connect-drive';

beforeAll(preloadSchemas);
afterEach(() => vi.restoreAllMocks());

const callbackPath = CloudDrivePaths.connectCallback.replace('{provider}', 'google');
const toast = (title: string) => getToasts().findLast((t) => t.title === title);

function fakePopup() {
  const popup = { closed: false, close: vi.fn(() => void (popup.closed = true)) };
  return popup;
}

/** A message as the browser delivers it; jsdom's MessageEvent will not take a made-up window as its source. */
function deliver(data: unknown, { origin = window.location.origin, source }: { origin?: string; source: unknown }) {
  const event = new MessageEvent('message', { data, origin });
  Object.defineProperty(event, 'source', { value: source });
  act(() => void window.dispatchEvent(event));
}

async function startConnecting(popup: ReturnType<typeof fakePopup> | null) {
  answerDrives();
  const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  renderWithApp(<CloudDrivesPage />, { route: '/cloud-drives' });
  const button = await screen.findByRole('button', { name: 'Connect Google Drive' });
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(button);
  return open;
}

describe('connecting a drive through the popup', () => {
  it('opens a 500×600 popup on the server’s connect path', async () => {
    const popup = fakePopup();
    const open = await startConnecting(popup);
    expect(open).toHaveBeenCalledTimes(1);
    const [url, , features] = open.mock.calls[0]!;
    expect(url).toBe(CloudDrivePaths.connect.replace('{provider}', 'google'));
    expect(features).toMatch(/width=500,height=600/);
    expect(screen.getByRole('button', { name: 'Connecting Google Drive…' })).toBeTruthy();
  });

  it('says so when the popup is blocked', async () => {
    await startConnecting(null);
    expect(toast(CONNECT_FAILED)?.message).toBe(CloudDriveMessages.popupBlocked);
    expect(screen.getByRole('button', { name: 'Connect Google Drive' })).toBeTruthy();
  });

  it('ignores messages from another origin or another window, then finishes on OAUTH_SUCCESS', async () => {
    const popup = fakePopup();
    await startConnecting(popup);
    const google = connection({ accountName: 'Ada Lovelace' });
    network.answer(`POST ${callbackPath}`, json(google, 201));
    const success = { type: 'OAUTH_SUCCESS', code: 'the-code', state: 'the-state', provider: 'google' };

    deliver(success, { origin: 'https://evil.example', source: popup });
    deliver(success, { source: window });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(network.requests(`POST ${callbackPath}`)).toHaveLength(0);
    expect(popup.close).not.toHaveBeenCalled();

    answerDrives({ connections: [google] });
    deliver(success, { source: popup });
    await waitFor(() => expect(toast('Drive connected')).toBeTruthy());
    expect(network.requests(`POST ${callbackPath}`)[0]!.body).toEqual({ code: 'the-code', state: 'the-state' });
    expect(popup.close).toHaveBeenCalled();
    // The new connection shows, as does the button to connect another.
    expect(await screen.findByRole('article', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect Google Drive' })).toBeTruthy();
  });

  it('shows the server’s refusal of the code', async () => {
    const popup = fakePopup();
    await startConnecting(popup);
    network.answer(`POST ${callbackPath}`, apiError(400, CloudDriveMessages.invalidState));
    deliver({ type: 'OAUTH_SUCCESS', code: 'c', state: 's', provider: 'google' }, { source: popup });
    await waitFor(() => expect(toast(CONNECT_FAILED)?.message).toBe(CloudDriveMessages.invalidState));
    expect(await screen.findByRole('button', { name: 'Connect Google Drive' })).toBeTruthy();
  });

  it('shows OAUTH_ERROR and stops connecting', async () => {
    const popup = fakePopup();
    await startConnecting(popup);
    deliver({ type: 'OAUTH_ERROR', error: 'access_denied' }, { source: popup });
    expect(toast(CONNECT_FAILED)?.message).toBe('access_denied');
    expect(popup.close).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Connect Google Drive' })).toBeTruthy();
  });

  it('stops connecting when the popup is closed by hand', async () => {
    const popup = fakePopup();
    await startConnecting(popup);
    popup.closed = true;
    expect(await screen.findByRole('button', { name: 'Connect Google Drive' }, { timeout: 2_000 })).toBeTruthy();
    // A late message from it is no longer listened to.
    deliver({ type: 'OAUTH_SUCCESS', code: 'c', state: 's', provider: 'google' }, { source: popup });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(network.requests(`POST ${callbackPath}`)).toHaveLength(0);
  });
});
