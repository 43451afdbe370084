import '../test/fake-network';
import type { SyncStatus } from '@bookshelf/contract';
import { QueryClient, useQuery } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeEventSource } from '../test/fake-event-source';
import { testJob } from '../test/fixtures';
import { renderApp, testMe } from '../test/render-app';
import { applyLiveEvent } from './live-events-cache';
import { useLiveEvents } from './use-live-events';

const job = testJob({
  id: 'job-9',
  state: 'succeeded',
  progress: { current: 5, total: 5, phase: null },
  result: { added: 5 },
  attempts: 1,
  startedAt: '2026-11-23T10:00:01.000Z',
  finishedAt: '2026-11-23T10:00:03.000Z',
});

const syncStatus = (connectionId: string, status: SyncStatus['status']): SyncStatus => ({
  connectionId,
  status,
  lastSyncAt: null,
  nextSyncAt: null,
  progress: { current: 0, total: 0, phase: status === 'syncing' ? 'fetching' : null },
  filesAdded: 0,
  filesUpdated: 0,
  filesRemoved: 0,
  error: null,
});

const seeded = () => {
  const queryClient = new QueryClient();
  for (const key of [
    ['books', 'list', { page: 1 }],
    ['books', 'facets'],
    ['books', 'detail', 'b1'],
    ['me'],
    ['jobs', 'other'],
  ])
    queryClient.setQueryData(key, {});
  return queryClient;
};
const stale = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => q.queryKey);

beforeEach(() => {
  FakeEventSource.instances.length = 0;
});

describe('applyLiveEvent', () => {
  it('writes a job’s new state under the key useJob reads', () => {
    const queryClient = seeded();
    applyLiveEvent(queryClient, { type: 'job.updated', job });
    expect(queryClient.getQueryData(['jobs', 'job-9'])).toEqual(job);
    expect(stale(queryClient)).toEqual([]);
  });

  it('marks every books list, the facets and details stale when books changed, and nothing else', () => {
    const queryClient = seeded();
    applyLiveEvent(queryClient, { type: 'books.changed' });
    expect(stale(queryClient)).toEqual([
      ['books', 'list', { page: 1 }],
      ['books', 'facets'],
      ['books', 'detail', 'b1'],
    ]);
  });

  it('puts a drive’s new sync status into the status list, replacing its old one or adding it', () => {
    const queryClient = seeded();
    const idle = syncStatus('c1', 'idle');
    const other = syncStatus('c2', 'idle');
    queryClient.setQueryData(['cloud-drives', 'sync-status'], [idle, other]);
    const syncing = syncStatus('c1', 'syncing');
    applyLiveEvent(queryClient, { type: 'cloud-drives.sync', status: syncing });
    expect(queryClient.getQueryData(['cloud-drives', 'sync-status'])).toEqual([syncing, other]);
    const added = syncStatus('c3', 'syncing');
    applyLiveEvent(queryClient, { type: 'cloud-drives.sync', status: added });
    expect(queryClient.getQueryData(['cloud-drives', 'sync-status'])).toEqual([syncing, other, added]);
    expect(stale(queryClient)).toEqual([]);
  });

  it('leaves a status list that was never loaded alone', () => {
    const queryClient = seeded();
    applyLiveEvent(queryClient, { type: 'cloud-drives.sync', status: syncStatus('c1', 'syncing') });
    expect(queryClient.getQueryData(['cloud-drives', 'sync-status'])).toBeUndefined();
  });

  it('marks every cloud drives query stale when drives changed, and nothing else', () => {
    const queryClient = seeded();
    for (const key of [
      ['cloud-drives', 'connections'],
      ['cloud-drives', 'files', '', ''],
      ['cloud-drives', 'sync-status'],
    ])
      queryClient.setQueryData(key, []);
    applyLiveEvent(queryClient, { type: 'cloud-drives.changed' });
    expect(stale(queryClient)).toEqual([
      ['cloud-drives', 'connections'],
      ['cloud-drives', 'files', '', ''],
      ['cloud-drives', 'sync-status'],
    ]);
  });

  it('marks every query stale on resync (the server could not replay all that was missed)', () => {
    const queryClient = seeded();
    applyLiveEvent(queryClient, { type: 'resync' });
    expect(stale(queryClient)).toHaveLength(5);
  });
});

describe('the signed-in app', () => {
  it('keeps one stream open while signed in, applies its events, and closes it when it unmounts', async () => {
    // The first screen's read: the stream waits for it, so its download never competes with the screen's.
    let answer!: (value: number) => void;
    const read = new Promise<number>((resolve) => (answer = resolve));
    function Probe() {
      useLiveEvents();
      useQuery({ queryKey: ['probe', 'first-screen'], queryFn: () => read });
      return null;
    }
    const { queryClient, unmount } = renderApp({ me: testMe, ui: <Probe /> });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(FakeEventSource.instances).toHaveLength(0);
    answer(1);
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const source = FakeEventSource.latest()!;
    act(() => source.emit('job.updated', { type: 'job.updated', job }, '3'));
    await waitFor(() => expect(queryClient.getQueryData(['jobs', 'job-9'])).toEqual(job));
    queryClient.setQueryData(['me', 'probe'], {});
    act(() => source.emit('resync', { type: 'resync' }));
    await waitFor(() => expect(queryClient.getQueryState(['me', 'probe'])?.isInvalidated).toBe(true));
    unmount();
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('opens no stream for a visitor', async () => {
    const { findByRole } = renderApp({ me: null, route: '/' });
    await findByRole('heading', { level: 1 }, { timeout: 5_000 });
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it('opens one stream in the signed-in app', async () => {
    const { findByRole } = renderApp({ me: testMe, route: '/dashboard' });
    await findByRole('heading', { name: 'Dashboard' }, { timeout: 5_000 });
    await waitFor(() => expect(FakeEventSource.instances.map((s) => s.url)).toEqual(['/api/events']));
  });
});
