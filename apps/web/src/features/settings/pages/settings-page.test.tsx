import { apiError, json, network, noContent } from '../../../test/fake-network';
import { AuthPaths, type ApiToken, type Me, type SessionInfo } from '@bookshelf/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentMe } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { testMe as me } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-with-app';
import { TOKEN_SHOWN_ONCE } from '../components/new-token-panel';
import { SettingsPage } from './settings-page';

const session = (over: Partial<SessionInfo>): SessionInfo => ({
  id: 's1',
  createdAt: '2025-06-01T00:00:00.000Z',
  lastSeenAt: new Date().toISOString(),
  expiresAt: '2025-07-01T00:00:00.000Z',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  ip: '203.0.113.7',
  provider: 'password',
  persistent: true,
  current: false,
  ...over,
});

const token: ApiToken = {
  id: 't1',
  name: 'Backup script',
  prefix: 'bks_ab12',
  createdAt: '2025-06-01T00:00:00.000Z',
  lastUsedAt: null,
};

function answerSecurityLists() {
  network.answer(`GET ${AuthPaths.sessions}`, { items: [] });
  network.answer(`GET ${AuthPaths.tokens}`, { items: [] });
  network.answer(`GET ${AuthPaths.identities}`, { items: [] });
  network.answer(`GET ${AuthPaths.providers}`, { providers: [] });
}

function renderSettings(route = '/settings', user: Me = me) {
  network.answer(`GET ${AuthPaths.me}`, user);
  return renderWithApp(<SettingsPage />, { route });
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const selectedTab = () => screen.getByRole('tab', { selected: true }).textContent;

afterEach(() => vi.restoreAllMocks());

describe('SettingsPage tabs', () => {
  it('opens the tab named in the address', async () => {
    renderSettings('/settings?tab=reading-goal');
    await screen.findByRole('tablist', { name: 'Settings sections' });
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(selectedTab()).toBe('Reading Goal');
    expect(screen.getByLabelText<HTMLInputElement>('Books to read this year').value).toBe('50');
  });

  it('falls back to Profile for an unknown tab', async () => {
    renderSettings('/settings?tab=nonsense');
    await screen.findByRole('tablist');
    expect(selectedTab()).toBe('Profile');
  });

  it('puts the chosen tab in the address', async () => {
    answerSecurityLists();
    const { location } = renderSettings();
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Security' }));
    expect(location()).toBe('/settings?tab=security');
    expect(selectedTab()).toBe('Security');
  });

  it('moves between tabs with the arrow keys', async () => {
    const { location } = renderSettings('/settings?tab=profile');
    const profile = await screen.findByRole('tab', { name: 'Profile' });
    act(() => profile.focus());
    fireEvent.keyDown(profile, { key: 'ArrowRight' });
    await waitFor(() => expect(location()).toBe('/settings?tab=reading-goal'));
  });
});

describe('Profile tab', () => {
  it('saves the name and avatar with PATCH /api/me and updates the current user', async () => {
    const success = vi.spyOn(toast, 'success');
    const updated = { ...me, name: 'Ada L.', avatar: 'https://img.example/ada.png' };
    network.answer(`PATCH ${AuthPaths.me}`, updated);
    renderSettings();
    await screen.findByLabelText('Name');
    expect(screen.getByLabelText<HTMLInputElement>('Email').readOnly).toBe(true);

    type('Name', 'Ada L.');
    type('Avatar URL', 'https://img.example/ada.png');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Profile updated'));
    const [request] = network.requests(`PATCH ${AuthPaths.me}`);
    expect(request?.body).toEqual({ name: 'Ada L.', avatar: 'https://img.example/ada.png' });
    expect(request?.headers.get('x-requested-with')).toBeTruthy();
    expect(currentMe()).toEqual(updated);
  });

  it('removes the avatar by sending null', async () => {
    network.answer(`PATCH ${AuthPaths.me}`, me);
    renderSettings('/settings', { ...me, avatar: 'https://img.example/ada.png' });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove avatar' }));
    expect(screen.getByLabelText<HTMLInputElement>('Avatar URL').value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(network.requests(`PATCH ${AuthPaths.me}`)).toHaveLength(1));
    expect(network.requests(`PATCH ${AuthPaths.me}`)[0]?.body).toEqual({ name: 'Ada Reader', avatar: null });
  });

  it('shows a bad avatar address beside the field and the server message in an alert', async () => {
    network.answer(`PATCH ${AuthPaths.me}`, apiError(400, 'Name is not allowed.', 'VALIDATION_ERROR'));
    renderSettings();
    await screen.findByLabelText('Avatar URL');
    type('Avatar URL', 'ftp://nope');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Avatar must be an http:// or https:// address.')).toBeTruthy();

    type('Avatar URL', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Name is not allowed.');
  });
});

describe('Reading Goal tab', () => {
  it('checks the goal with the contract and saves a valid one', async () => {
    const success = vi.spyOn(toast, 'success');
    network.answer(`PATCH ${AuthPaths.me}`, { ...me, readingGoal: 24 });
    renderSettings('/settings?tab=reading-goal');
    await screen.findByLabelText('Books to read this year');
    type('Books to read this year', '2.5');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Reading goal must be a whole number.')).toBeTruthy();

    type('Books to read this year', '24');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Reading goal updated'));
    expect(network.requests(`PATCH ${AuthPaths.me}`)[0]?.body).toEqual({ readingGoal: 24 });
  });
});

describe('Appearance tab', () => {
  it('offers Light, Dark and System', async () => {
    renderSettings('/settings?tab=appearance');
    const dark = await screen.findByRole('radio', { name: 'Dark' });
    expect(screen.getByText('System follows your device setting.')).toBeTruthy();
    fireEvent.click(dark);
    expect((dark as HTMLInputElement).checked).toBe(true);
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });
});

describe('Security tab', () => {
  it('shows a new API token once, with the warning, and only the prefix afterwards', async () => {
    answerSecurityLists();
    let tokens: ApiToken[] = [];
    network.answer(`GET ${AuthPaths.tokens}`, () => json({ items: tokens }));
    network.answer(`POST ${AuthPaths.tokens}`, () => {
      tokens = [token];
      return json({ ...token, token: 'bks_ab12_the-whole-secret' }, 201);
    });
    renderSettings('/settings?tab=security');
    expect(await screen.findByText('No API tokens yet.')).toBeTruthy();
    expect(screen.getByText('Authorization: Bearer <token>')).toBeTruthy();

    type('Token name', 'Backup script');
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));

    const secret = await screen.findByDisplayValue<HTMLInputElement>('bks_ab12_the-whole-secret');
    expect(secret.readOnly).toBe(true);
    expect(screen.getByText(TOKEN_SHOWN_ONCE)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(network.requests(`POST ${AuthPaths.tokens}`)[0]?.body).toEqual({ name: 'Backup script' });
    expect(await screen.findByText('Backup script')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByDisplayValue('bks_ab12_the-whole-secret')).toBeNull();
    expect(screen.queryByText(TOKEN_SHOWN_ONCE)).toBeNull();
    expect(screen.getByText('bks_ab12…')).toBeTruthy();
    expect(screen.getByText(/Never used/)).toBeTruthy();
  });

  it('revokes a token after a confirmation', async () => {
    answerSecurityLists();
    let tokens: ApiToken[] = [token];
    network.answer(`GET ${AuthPaths.tokens}`, () => json({ items: tokens }));
    network.answer(`DELETE ${AuthPaths.tokens}/t1`, () => {
      tokens = [];
      return noContent();
    });
    renderSettings('/settings?tab=security');
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Backup script' }));
    expect(network.requests(`DELETE ${AuthPaths.tokens}/t1`)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm revoke' }));
    expect(await screen.findByText('No API tokens yet.')).toBeTruthy();
    expect(network.requests(`DELETE ${AuthPaths.tokens}/t1`)).toHaveLength(1);
  });

  it('lists sessions and signs out all other sessions after a confirmation', async () => {
    answerSecurityLists();
    let sessions = [
      session({ id: 'here', current: true, persistent: false }),
      session({
        id: 'phone',
        userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Version/17.5 Mobile Safari/604.1',
      }),
    ];
    network.answer(`GET ${AuthPaths.sessions}`, () => json({ items: sessions }));
    network.answer(`DELETE ${AuthPaths.sessions}`, () => {
      sessions = sessions.filter((s) => s.current);
      return json({ revoked: 1 });
    });
    renderSettings('/settings?tab=security');

    const sessionsRegion = await screen.findByRole('region', { name: 'Sessions' });
    await within(sessionsRegion).findByText('This device');
    expect(within(sessionsRegion).getByText('Chrome on Linux')).toBeTruthy();
    expect(within(sessionsRegion).getByText(/Until the browser closes/)).toBeTruthy();
    expect(within(sessionsRegion).getByText(/Remembered/)).toBeTruthy();
    expect(within(sessionsRegion).getByRole('button', { name: 'Sign out Safari on iPhone' })).toBeTruthy();

    fireEvent.click(within(sessionsRegion).getByRole('button', { name: 'Sign out all other sessions' }));
    expect(network.requests(`DELETE ${AuthPaths.sessions}`)).toHaveLength(0);
    fireEvent.click(within(sessionsRegion).getByRole('button', { name: 'Yes, sign out all' }));

    await waitFor(() => expect(within(sessionsRegion).queryByText('Safari on iPhone')).toBeNull());
    expect(network.requests(`DELETE ${AuthPaths.sessions}`)).toHaveLength(1);
    expect(within(sessionsRegion).queryByRole('button', { name: 'Sign out all other sessions' })).toBeNull();
  });

  it('signs one other session out', async () => {
    answerSecurityLists();
    network.answer(`GET ${AuthPaths.sessions}`, {
      items: [session({ id: 'here', current: true }), session({ id: 'other' })],
    });
    network.answer(`DELETE ${AuthPaths.sessions}/other`, noContent());
    renderSettings('/settings?tab=security');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out Chrome on Linux' }));
    await waitFor(() => expect(network.requests(`DELETE ${AuthPaths.sessions}/other`)).toHaveLength(1));
  });

  /** Opens Security with a password account and fills the change form; answers the spy on success toasts. */
  async function fillPasswordChange(confirm: string) {
    const success = vi.spyOn(toast, 'success');
    answerSecurityLists();
    network.answer(`POST ${AuthPaths.password}`, noContent());
    renderSettings('/settings?tab=security');
    await screen.findByLabelText('Current password');
    type('Current password', 'old password');
    type('New password', 'a brand new password');
    type('Confirm new password', confirm);
    return success;
  }

  it('changes the password, revoking API tokens by default, and refreshes the session and token lists', async () => {
    const success = await fillPasswordChange('a brand new typo');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('Passwords do not match.')).toBeTruthy();

    type('Confirm new password', 'a brand new password');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Also revoke API tokens' }).checked).toBe(true);
    const sessionLoads = network.requests(`GET ${AuthPaths.sessions}`).length;
    const tokenLoads = network.requests(`GET ${AuthPaths.tokens}`).length;
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        'Password changed',
        'Your other sessions were signed out and your API tokens revoked.',
      ),
    );
    expect(network.requests(`POST ${AuthPaths.password}`)[0]?.body).toEqual({
      currentPassword: 'old password',
      newPassword: 'a brand new password',
      revokeApiTokens: true,
    });
    await waitFor(() => expect(network.requests(`GET ${AuthPaths.sessions}`).length).toBeGreaterThan(sessionLoads));
    await waitFor(() => expect(network.requests(`GET ${AuthPaths.tokens}`).length).toBeGreaterThan(tokenLoads));
  });

  it('keeps the API tokens when "Also revoke API tokens" is unticked', async () => {
    const success = await fillPasswordChange('a brand new password');
    const revoke = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Also revoke API tokens' });
    fireEvent.click(revoke);
    expect(revoke.checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Password changed', 'Your other sessions were signed out.'),
    );
    expect(network.requests(`POST ${AuthPaths.password}`)[0]?.body).toEqual({
      currentPassword: 'old password',
      newPassword: 'a brand new password',
      revokeApiTokens: false,
    });
  });

  it('asks for no current password when the account has none', async () => {
    answerSecurityLists();
    network.answer(`POST ${AuthPaths.password}`, noContent());
    renderSettings('/settings?tab=security', { ...me, hasPassword: false, provider: 'google' });
    await screen.findByRole('heading', { name: 'Set a password' });
    expect(screen.queryByLabelText('Current password')).toBeNull();
    type('New password', 'a brand new password');
    type('Confirm new password', 'a brand new password');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() =>
      expect(network.requests(`POST ${AuthPaths.password}`)[0]?.body).toEqual({
        newPassword: 'a brand new password',
        revokeApiTokens: true,
      }),
    );
  });

  it('connects and disconnects the configured providers only', async () => {
    answerSecurityLists();
    network.answer(`GET ${AuthPaths.providers}`, { providers: ['google'] });
    network.answer(`GET ${AuthPaths.identities}`, {
      items: [{ provider: 'google', email: 'ada@gmail.example', createdAt: '2025-06-01T00:00:00.000Z' }],
    });
    network.answer(
      `DELETE ${AuthPaths.identities}/google`,
      apiError(409, 'This is your only way to sign in. Set a password first.', 'CONFLICT'),
    );
    renderSettings('/settings?tab=security');
    const region = await screen.findByRole('region', { name: 'Connected accounts' });
    await within(region).findByText(/Connected · ada@gmail.example/);
    expect(within(region).queryByText('X (Twitter)')).toBeNull();
    fireEvent.click(within(region).getByRole('button', { name: 'Disconnect Google' }));
    expect((await within(region).findByRole('alert')).textContent).toContain('This is your only way to sign in.');
  });

  it('links a provider that is not connected yet', async () => {
    answerSecurityLists();
    network.answer(`GET ${AuthPaths.providers}`, { providers: ['google', 'twitter'] });
    renderSettings('/settings?tab=security');
    const link = await screen.findByRole('link', { name: 'Connect X (Twitter)' });
    expect(link.getAttribute('href')).toBe(AuthPaths.start('twitter'));
  });

  it('offers Retry when a list fails to load', async () => {
    answerSecurityLists();
    network.answer(`GET ${AuthPaths.tokens}`, apiError(500, 'The server had a problem.', 'INTERNAL_ERROR'));
    renderSettings('/settings?tab=security');
    const region = await screen.findByRole('region', { name: 'API tokens' });
    expect((await within(region).findByRole('alert')).textContent).toContain('The server had a problem.');
    network.answer(`GET ${AuthPaths.tokens}`, { items: [] });
    fireEvent.click(within(region).getByRole('button', { name: 'Retry' }));
    expect(await within(region).findByText('No API tokens yet.')).toBeTruthy();
  });
});
