import { apiError, network } from '../../../test/fake-network';
import { AuthPaths, OAUTH_FAILURE_MESSAGES, type Me } from '@bookshelf/contract';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render-with-app';
import { OAUTH_PROVIDER_KEY, OAUTH_STARTED_AT_KEY } from '../lib/oauth-attempt';
import { AuthCallbackPage } from './auth-callback-page';

const me: Me = {
  id: 'u1',
  name: 'Ada Reader',
  email: null,
  avatar: null,
  provider: 'twitter',
  readingGoal: 50,
  joinedDate: '2025-01-01T00:00:00.000Z',
  hasPassword: false,
  isAdmin: false,
};

// Lets the fake network's promises settle without moving the clock.
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.setItem(OAUTH_PROVIDER_KEY, 'twitter');
  sessionStorage.setItem(OAUTH_STARTED_AT_KEY, '1700000000000');
});
afterEach(() => vi.useRealTimers());

describe('AuthCallbackPage', () => {
  it('says it is completing the sign-in, then greets the user and goes to /dashboard after 1 s', async () => {
    network.answer(`GET ${AuthPaths.me}`, me);
    const { location } = renderWithApp(<AuthCallbackPage />, { route: '/auth/callback?success=true' });
    expect(screen.getByRole('status').textContent).toContain('Completing sign in...');

    await settle();
    expect(screen.getByText('Signed in successfully')).toBeTruthy();
    expect(screen.getByText(/Welcome, Ada Reader!/)).toBeTruthy();
    expect(sessionStorage.getItem(OAUTH_PROVIDER_KEY)).toBeNull();
    expect(sessionStorage.getItem(OAUTH_STARTED_AT_KEY)).toBeNull();

    await wait(999);
    expect(location()).toBe('/auth/callback?success=true');
    await wait(1);
    expect(location()).toBe('/dashboard');
  });

  it('shows the provider failure and goes home after 3 s', async () => {
    const { location } = renderWithApp(<AuthCallbackPage />, { route: '/auth/callback?error=access_denied' });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Authentication Failed');
    expect(alert.textContent).toContain(OAUTH_FAILURE_MESSAGES.access_denied);
    expect(network.requests()).toHaveLength(0);

    await wait(2_999);
    expect(location()).toBe('/auth/callback?error=access_denied');
    await wait(1);
    expect(location()).toBe('/');
  });

  it('explains an unknown failure code with the generic message', () => {
    renderWithApp(<AuthCallbackPage />, { route: '/oauth-callback?error=weird' });
    expect(screen.getByRole('alert').textContent).toContain(OAUTH_FAILURE_MESSAGES.unknown);
  });

  it('fails with "no user data" when the session check finds nobody signed in', async () => {
    network.answer(`GET ${AuthPaths.me}`, apiError(401, 'You need to sign in first.', 'UNAUTHENTICATED'));
    const { location } = renderWithApp(<AuthCallbackPage />, { route: '/auth/callback?success=true' });
    await settle();
    expect(screen.getByRole('alert').textContent).toContain(OAUTH_FAILURE_MESSAGES.no_user_data);
    await wait(3_000);
    expect(location()).toBe('/');
  });

  it('shows a failure when the session check cannot reach the server', async () => {
    network.answer(`GET ${AuthPaths.me}`, () => Promise.reject(new TypeError('Failed to fetch')));
    renderWithApp(<AuthCallbackPage />, { route: '/auth/callback?success=true' });
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('Could not reach the server');
  });
});
