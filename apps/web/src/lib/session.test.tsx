import { apiError, deferred, json, network } from '../test/fake-network';
import { AuthPaths } from '@bookshelf/contract';
import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { testMe } from '../test/fixtures';
import { assumeSignedOut, currentMe, invalidateMe, refreshMe, resetSessionForTests, setMe, useMe } from './session';

function Probe() {
  const me = useMe();
  const shown = me.isPending
    ? 'pending'
    : me.data === undefined
      ? 'error'
      : me.data === null
        ? 'visitor'
        : me.data.name;
  return <output data-testid="me">{`${shown}${me.isError ? ' (failed)' : ''}`}</output>;
}

const shown = () => [...new Set(screen.getAllByTestId('me').map((el) => el.textContent))].join(' | ');

beforeEach(() => resetSessionForTests());

describe('the session store', () => {
  it('asks GET /api/me once for every reader, and a 401 means a visitor', async () => {
    network.answer(`GET ${AuthPaths.me}`, () => apiError(401, 'Not signed in', 'UNAUTHENTICATED'));
    render(
      <>
        <Probe />
        <Probe />
      </>,
    );
    expect(shown()).toBe('pending');
    await waitFor(() => expect(shown()).toBe('visitor'));
    expect(network.requests(`GET ${AuthPaths.me}`)).toHaveLength(1);
  });

  it('keeps the last answer when a refresh fails, and says it failed', async () => {
    resetSessionForTests(testMe);
    network.answer(`GET ${AuthPaths.me}`, () => apiError(500, 'down'));
    render(<Probe />);
    expect(shown()).toBe(testMe.name);
    await act(() => refreshMe().catch(() => undefined));
    await waitFor(() => expect(shown()).toBe(`${testMe.name} (failed)`));
  });

  it('turns a signed-in page into a visitor’s when a stale answer is checked on focus and the cookie expired', async () => {
    resetSessionForTests(testMe);
    network.answer(`GET ${AuthPaths.me}`, () => apiError(401, 'Not signed in', 'UNAUTHENTICATED'));
    render(<Probe />);
    // Fresh for a minute: focus alone asks nothing.
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(network.requests(`GET ${AuthPaths.me}`)).toHaveLength(0);
    invalidateMe();
    await waitFor(() => expect(shown()).toBe('visitor'));
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(currentMe()).toBeNull());
  });

  it('starts a prerendered page as a visitor and still asks at once', async () => {
    const answer = deferred();
    network.answer(`GET ${AuthPaths.me}`, answer.answer);
    assumeSignedOut();
    render(<Probe />);
    expect(shown()).toBe('visitor');
    await waitFor(() => expect(network.requests(`GET ${AuthPaths.me}`)).toHaveLength(1));
    answer.release(json(testMe));
    await waitFor(() => expect(shown()).toBe(testMe.name));
  });

  it('drops an answer that a newer write overtook', async () => {
    const answer = deferred();
    network.answer(`GET ${AuthPaths.me}`, answer.answer);
    const late = refreshMe();
    setMe(null); // a sign-out while the check was on its way
    answer.release(json(testMe));
    await expect(late).resolves.toEqual(testMe);
    expect(currentMe()).toBeNull();
  });
});
