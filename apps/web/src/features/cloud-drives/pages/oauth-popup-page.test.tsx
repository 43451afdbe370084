import '../../../test/fake-network';
import { CloudDriveLimits } from '@bookshelf/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, testMe } from '../../../test/render-app';

let opener: { postMessage: ReturnType<typeof vi.fn> } | null;
let close: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  opener = { postMessage: vi.fn() };
  Object.defineProperty(window, 'opener', { configurable: true, get: () => opener });
  close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
});
afterEach(() => {
  Object.defineProperty(window, 'opener', { configurable: true, value: null });
  vi.restoreAllMocks();
});

describe('the drive sign-in popup page', () => {
  it('posts OAUTH_SUCCESS to its opener on its own origin, then closes itself', async () => {
    renderApp({ me: testMe, route: '/oauth/callback/google?code=the-code&state=the-state' });
    expect(await screen.findByText('Authentication in progress...', {}, { timeout: 5_000 })).toBeTruthy();
    await waitFor(() => expect(opener!.postMessage).toHaveBeenCalledTimes(1));
    expect(opener!.postMessage).toHaveBeenCalledWith(
      { type: 'OAUTH_SUCCESS', code: 'the-code', state: 'the-state', provider: 'google' },
      window.location.origin,
    );
    expect(close).not.toHaveBeenCalled();
    await waitFor(() => expect(close).toHaveBeenCalled(), { timeout: CloudDriveLimits.popupCloseMs + 1_000 });
    // No shell: the popup is not the app.
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('posts OAUTH_ERROR when the provider refused, also signed out', async () => {
    renderApp({ me: null, route: '/oauth/callback/onedrive?error=access_denied' });
    await waitFor(() => expect(opener!.postMessage).toHaveBeenCalledTimes(1), { timeout: 5_000 });
    expect(opener!.postMessage).toHaveBeenCalledWith(
      { type: 'OAUTH_ERROR', error: 'access_denied' },
      window.location.origin,
    );
    await waitFor(() => expect(close).toHaveBeenCalled(), { timeout: CloudDriveLimits.popupCloseMs + 1_000 });
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('says it is no longer needed when nothing opened it', async () => {
    opener = null;
    renderApp({ me: null, route: '/oauth/callback/google?code=c&state=s' });
    expect(
      await screen.findByText('This window is no longer needed. You can close it.', {}, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(close).not.toHaveBeenCalled();
  });
});
