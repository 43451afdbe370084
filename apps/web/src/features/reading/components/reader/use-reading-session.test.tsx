import { network } from '../../../../test/fake-network';
import type { ReadingSessionRequest } from '@bookshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialReaderState, type ReaderState } from '../../lib/reader-state';
import { READING_QUEUE_KEY } from '../../lib/reading-queue';
import { answerReading, FILE_ID, paths } from '../../test/reader-fixtures';
import { useReadingSession } from './use-reading-session';

beforeAll(async () => {
  await import('../../api/reader-schemas');
});

let visibility: 'visible' | 'hidden' = 'visible';
const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const at = (seconds: number) => vi.setSystemTime(T0 + seconds * 1000);

beforeEach(() => {
  localStorage.clear();
  visibility = 'visible';
  vi.useFakeTimers({ toFake: ['Date'] });
  at(0);
  answerReading();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const readerAt = (page: number): ReaderState => ({ ...initialReaderState(), phase: 'ready', page, totalPages: 10 });

function renderSession(page = 1) {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(({ state }) => useReadingSession(FILE_ID, state), {
    wrapper,
    initialProps: { state: readerAt(page) },
  });
}

function setVisibility(next: 'visible' | 'hidden') {
  visibility = next;
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

const sent = () => network.requests(paths.sessions).map((r) => r.body as ReadingSessionRequest);
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe('useReadingSession', () => {
  it('ends and sends the session when the tab is hidden, and starts a new one at the current page when shown', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const view = renderSession(3);
    view.rerender({ state: readerAt(5) });
    at(120);
    setVisibility('hidden');
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toEqual({
      fileId: FILE_ID,
      startTime: '2026-03-01T10:00:00.000Z',
      endTime: '2026-03-01T10:02:00.000Z',
      // Page 3 went by at once; page 5 was on screen for the two minutes.
      pagesRead: 1,
      timeSpent: 120,
    });
    // Sent with a request that outlives the page: the browser may discard the hidden tab.
    expect(fetch.mock.calls.some(([, init]) => init?.keepalive === true)).toBe(true);

    // Hours in the background are not reading; pagehide finds nothing left to send.
    at(120 + 5 * 3600);
    window.dispatchEvent(new Event('pagehide'));
    setVisibility('visible');
    view.rerender({ state: readerAt(6) });
    at(120 + 5 * 3600 + 60);
    view.unmount();
    await waitFor(() => expect(sent()).toHaveLength(2));
    expect(sent()[1]).toEqual({
      fileId: FILE_ID,
      startTime: '2026-03-01T15:02:00.000Z',
      endTime: '2026-03-01T15:03:00.000Z',
      pagesRead: 1,
      timeSpent: 60,
    });
    await settle();
    expect(sent()).toHaveLength(2);
  });

  it('sends each session once, whichever of hide, pagehide and close come, and nothing for no time and no page', async () => {
    const view = renderSession(2);
    at(30);
    setVisibility('hidden');
    window.dispatchEvent(new Event('pagehide'));
    setVisibility('hidden');
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toMatchObject({ timeSpent: 30, pagesRead: 1 });

    // Shown and hidden again at once: nothing read, nothing sent.
    setVisibility('visible');
    setVisibility('hidden');
    view.unmount();
    await settle();
    expect(sent()).toHaveLength(1);
  });

  it('gives a session its own start even when the clock steps back to the last one’s', async () => {
    const view = renderSession(1);
    at(30);
    setVisibility('hidden');
    at(0); // the device's clock corrected backwards
    setVisibility('visible');
    view.rerender({ state: readerAt(3) });
    at(40);
    setVisibility('hidden');
    await waitFor(() => expect(sent()).toHaveLength(2));
    const [first, second] = sent();
    expect(first).toMatchObject({ pagesRead: 1, timeSpent: 30 });
    expect(second).toMatchObject({ pagesRead: 1 });
    expect(second!.startTime).not.toBe(first!.startTime);
    view.unmount();
  });

  it('counts an End jump then two minutes as one page read, and steady reading page by page (issue 27)', async () => {
    const view = renderSession(1);
    view.rerender({ state: { ...readerAt(1321), totalPages: 1321 } });
    at(120);
    setVisibility('hidden');
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toMatchObject({ pagesRead: 1, timeSpent: 120 });

    setVisibility('visible');
    for (let page = 2; page <= 10; page += 1) {
      at(120 + (page - 1) * 45);
      view.rerender({ state: readerAt(page) });
    }
    at(120 + 10 * 45);
    view.unmount();
    await waitFor(() => expect(sent()).toHaveLength(2));
    expect(sent()[1]).toMatchObject({ pagesRead: 10, timeSpent: 450 });
  });

  it('queues the session ended by hiding the tab while offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const view = renderSession(4);
    at(45);
    setVisibility('hidden');
    await waitFor(() => expect(localStorage.getItem(READING_QUEUE_KEY)).not.toBeNull());
    expect(JSON.parse(localStorage.getItem(READING_QUEUE_KEY)!).sessions).toEqual([
      expect.objectContaining({ fileId: FILE_ID, timeSpent: 45, pagesRead: 1 }),
    ]);
    expect(sent()).toHaveLength(0);
    view.unmount();
  });

  it('does not count time from a reader opened in a hidden tab until it is shown', async () => {
    visibility = 'hidden';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    const view = renderSession(1);
    at(600);
    setVisibility('visible');
    at(610);
    view.unmount();
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toMatchObject({ startTime: '2026-03-01T10:10:00.000Z', timeSpent: 10 });
  });
});
