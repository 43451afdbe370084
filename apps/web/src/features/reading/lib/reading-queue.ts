import type { ReadingSessionRequest, SaveFileProgressRequest } from '@bookshelf/contract';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage';

/**
 * Saves made while offline, kept in local storage until the browser is back online (issue 15): the latest
 * progress per file (an older one would only be overwritten) and every session, up to a bound.
 */
export interface ReadingQueue {
  progress: SaveFileProgressRequest[];
  sessions: ReadingSessionRequest[];
}

export const READING_QUEUE_KEY = STORAGE_KEYS.readingQueue;
/** Months of offline reading; past it the oldest sessions go first. */
export const QUEUED_SESSIONS_MAX = 500;

export const emptyQueue = (): ReadingQueue => ({ progress: [], sessions: [] });

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const isProgress = (value: unknown): value is SaveFileProgressRequest =>
  isRecord(value) &&
  typeof value.fileId === 'string' &&
  typeof value.currentPage === 'number' &&
  typeof value.totalPages === 'number';

const isSession = (value: unknown): value is ReadingSessionRequest =>
  isRecord(value) &&
  typeof value.fileId === 'string' &&
  typeof value.startTime === 'string' &&
  typeof value.endTime === 'string' &&
  typeof value.pagesRead === 'number' &&
  typeof value.timeSpent === 'number';

/** The queue as stored; anything unreadable (another version, a hand edit) counts as empty, entry by entry. */
export function parseQueue(raw: string | null): ReadingQueue {
  if (!raw) return emptyQueue();
  try {
    const value: unknown = JSON.parse(raw);
    if (!isRecord(value)) return emptyQueue();
    return {
      progress: Array.isArray(value.progress) ? value.progress.filter(isProgress) : [],
      sessions: Array.isArray(value.sessions) ? value.sessions.filter(isSession) : [],
    };
  } catch {
    return emptyQueue();
  }
}

const savedAt = (progress: SaveFileProgressRequest) => Date.parse(progress.lastReadAt ?? '') || 0;

/** Latest per file wins: a queued save of the same file is replaced unless it is newer. */
export function withProgress(queue: ReadingQueue, progress: SaveFileProgressRequest): ReadingQueue {
  const current = queue.progress.find((p) => p.fileId === progress.fileId);
  if (current && savedAt(current) > savedAt(progress)) return queue;
  return { ...queue, progress: [...queue.progress.filter((p) => p.fileId !== progress.fileId), progress] };
}

const sameSession = (a: ReadingSessionRequest, b: ReadingSessionRequest) =>
  a.fileId === b.fileId && a.startTime === b.startTime;

/** Every session is kept (once: the same start in the same file is one session), the newest QUEUED_SESSIONS_MAX. */
export function withSession(queue: ReadingQueue, session: ReadingSessionRequest): ReadingQueue {
  const sessions = [...queue.sessions.filter((s) => !sameSession(s, session)), session];
  return { ...queue, sessions: sessions.slice(Math.max(0, sessions.length - QUEUED_SESSIONS_MAX)) };
}

/** Takes a sent progress out, unless a newer one of the same file was queued meanwhile. */
export const withoutProgress = (queue: ReadingQueue, sent: SaveFileProgressRequest): ReadingQueue => ({
  ...queue,
  progress: queue.progress.filter((p) => p.fileId !== sent.fileId || savedAt(p) > savedAt(sent)),
});

export const withoutSession = (queue: ReadingQueue, sent: ReadingSessionRequest): ReadingQueue => ({
  ...queue,
  sessions: queue.sessions.filter((s) => !sameSession(s, sent)),
});

export const queuedProgressOf = (queue: ReadingQueue, fileId: string): SaveFileProgressRequest | null =>
  queue.progress.find((p) => p.fileId === fileId) ?? null;

export const isQueueEmpty = (queue: ReadingQueue) => queue.progress.length === 0 && queue.sessions.length === 0;

export const readQueue = (): ReadingQueue => parseQueue(readStorage(READING_QUEUE_KEY));

/** Applies a change to the stored queue, read afresh: another tab may have changed it since. */
export function updateQueue(change: (queue: ReadingQueue) => ReadingQueue): ReadingQueue {
  const next = change(readQueue());
  if (isQueueEmpty(next)) {
    try {
      globalThis.localStorage.removeItem(READING_QUEUE_KEY);
    } catch {
      // Storage that cannot be written has nothing queued either.
    }
  } else {
    writeStorage(READING_QUEUE_KEY, JSON.stringify(next));
  }
  return next;
}
