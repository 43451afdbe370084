import type { ReadingSessionRequest, SaveFileProgressRequest } from '@bookshelf/contract';
import { afterEach, describe, expect, it } from 'vitest';
import {
  emptyQueue,
  parseQueue,
  QUEUED_SESSIONS_MAX,
  READING_QUEUE_KEY,
  readQueue,
  updateQueue,
  withoutProgress,
  withoutSession,
  withProgress,
  withSession,
} from './reading-queue';

const progress = (fileId: string, page: number, lastReadAt: string): SaveFileProgressRequest => ({
  fileId,
  currentPage: page,
  totalPages: 10,
  lastReadAt,
});
const session = (fileId: string, startTime: string): ReadingSessionRequest => ({
  fileId,
  startTime,
  endTime: startTime,
  pagesRead: 1,
  timeSpent: 60,
});

afterEach(() => localStorage.clear());

describe('reading queue', () => {
  it('keeps the latest progress per file', () => {
    let queue = withProgress(emptyQueue(), progress('a', 2, '2026-01-01T10:00:00Z'));
    queue = withProgress(queue, progress('b', 7, '2026-01-01T10:00:00Z'));
    queue = withProgress(queue, progress('a', 4, '2026-01-01T11:00:00Z'));
    queue = withProgress(queue, progress('a', 3, '2026-01-01T10:30:00Z'));
    expect(queue.progress.map((p) => [p.fileId, p.currentPage])).toEqual([
      ['b', 7],
      ['a', 4],
    ]);
  });

  it('takes sent progress out unless a newer one was queued meanwhile', () => {
    const sent = progress('a', 2, '2026-01-01T10:00:00Z');
    const newer = progress('a', 5, '2026-01-01T10:05:00Z');
    expect(withoutProgress(withProgress(emptyQueue(), sent), sent).progress).toEqual([]);
    expect(withoutProgress(withProgress(emptyQueue(), newer), sent).progress).toEqual([newer]);
  });

  it('keeps every session once, up to a bound, oldest dropped first', () => {
    let queue = withSession(emptyQueue(), session('a', '2026-01-01T10:00:00Z'));
    queue = withSession(queue, session('a', '2026-01-01T10:00:00Z'));
    queue = withSession(queue, session('a', '2026-01-02T10:00:00Z'));
    expect(queue.sessions).toHaveLength(2);
    expect(withoutSession(queue, session('a', '2026-01-01T10:00:00Z')).sessions).toHaveLength(1);
    let full = emptyQueue();
    for (let i = 0; i < QUEUED_SESSIONS_MAX + 5; i += 1)
      full = withSession(full, session('a', new Date(i * 1000).toISOString()));
    expect(full.sessions).toHaveLength(QUEUED_SESSIONS_MAX);
    expect(full.sessions[0]!.startTime).toBe(new Date(5000).toISOString());
  });

  it('reads anything unreadable as empty, entry by entry', () => {
    expect(parseQueue(null)).toEqual(emptyQueue());
    expect(parseQueue('not json')).toEqual(emptyQueue());
    expect(parseQueue('[1,2]')).toEqual(emptyQueue());
    const kept = progress('a', 1, '2026-01-01T10:00:00Z');
    expect(parseQueue(JSON.stringify({ progress: [kept, { fileId: 3 }], sessions: 'x' }))).toEqual({
      progress: [kept],
      sessions: [],
    });
  });

  it('lives in local storage under its key, and leaves none when empty', () => {
    const queued = session('a', '2026-01-01T10:00:00Z');
    updateQueue((queue) => withSession(queue, queued));
    expect(JSON.parse(localStorage.getItem(READING_QUEUE_KEY)!)).toEqual({ progress: [], sessions: [queued] });
    expect(readQueue().sessions).toEqual([queued]);
    updateQueue((queue) => withoutSession(queue, queued));
    expect(localStorage.getItem(READING_QUEUE_KEY)).toBeNull();
  });
});
