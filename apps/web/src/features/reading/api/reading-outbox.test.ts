import { apiError, json, network } from '../../../test/fake-network';
import type { ReadingSessionRequest, SaveFileProgressRequest } from '@bookshelf/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readQueue, updateQueue, withProgress, withSession } from '../lib/reading-queue';
import { paths } from '../test/reader-fixtures';
import { flushReadingQueue } from './reading-outbox';

beforeAll(async () => {
  await import('./reader-schemas');
});

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

const progress = (fileId: string, page: number): SaveFileProgressRequest => ({
  fileId,
  currentPage: page,
  totalPages: 10,
  lastReadAt: '2026-03-01T10:00:00.000Z',
});
const session = (fileId: string): ReadingSessionRequest => ({
  fileId,
  startTime: '2026-03-01T10:00:00.000Z',
  endTime: '2026-03-01T10:05:00.000Z',
  pagesRead: 2,
  timeSpent: 300,
});

describe('flushReadingQueue', () => {
  it('keeps what the server could not take yet (5xx, 429) for the next flush, and drops only what it refused', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    updateQueue((q) => withSession(withProgress(withProgress(q, progress('a', 3)), progress('b', 4)), session('a')));
    network.answer(paths.save, ({ body }) =>
      (body as SaveFileProgressRequest).fileId === 'a' ? apiError(503, 'Restarting') : apiError(404, 'File not found'),
    );
    network.answer(paths.sessions, apiError(502, 'Bad gateway'));
    expect(await flushReadingQueue()).toBe(false);
    const left = readQueue();
    expect(left.progress.map((p) => p.fileId)).toEqual(['a']);
    expect(left.sessions).toHaveLength(1);

    network.answer(paths.save, ({ body }) => json({ ...(body as object), id: 'p', userId: 'u', percentage: 30 }));
    network.answer(paths.sessions, ({ body }) => json({ id: 's', ...(body as object) }, 201));
    expect(await flushReadingQueue()).toBe(true);
    expect(readQueue()).toEqual({ progress: [], sessions: [] });
  });
});
