import type { ReadingSessionRequest, SaveFileProgressRequest } from '@bookshelf/contract';
import { ApiRequestError } from '../../../lib/api-client';
import { isOfflineFailure } from '../lib/offline';
import {
  READING_QUEUE_KEY,
  readQueue,
  updateQueue,
  withoutProgress,
  withoutSession,
  withProgress,
  withSession,
} from '../lib/reading-queue';
import { postReadingSession, saveFileProgress, type SendOptions } from './file-progress';

/** sent: the server has it; queued: kept in the browser until it is back online. */
export type SendResult = 'sent' | 'queued';

const offlineNow = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * Saves progress; while offline it is queued instead (latest per file). Any other failure is thrown, for the
 * caller's "Failed to save reading progress".
 */
export async function sendProgress(body: SaveFileProgressRequest, options: SendOptions = {}): Promise<SendResult> {
  if (offlineNow()) {
    updateQueue((queue) => withProgress(queue, body));
    return 'queued';
  }
  try {
    await saveFileProgress(body, options);
    return 'sent';
  } catch (error) {
    if (!isOfflineFailure(error)) throw error;
    updateQueue((queue) => withProgress(queue, body));
    return 'queued';
  }
}

/** Saves a finished session; while offline it is queued. Other failures are only logged (core.md §7). */
export async function sendSession(body: ReadingSessionRequest, options: SendOptions = {}): Promise<SendResult | null> {
  if (offlineNow()) {
    updateQueue((queue) => withSession(queue, body));
    return 'queued';
  }
  try {
    await postReadingSession(body, options);
    return 'sent';
  } catch (error) {
    if (isOfflineFailure(error)) {
      updateQueue((queue) => withSession(queue, body));
      return 'queued';
    }
    console.error('Failed to save the reading session', error);
    return null;
  }
}

/** The server could not take it now (busy, restarting, behind a failing proxy): worth keeping for later. */
const isTemporaryRefusal = (error: unknown) =>
  error instanceof ApiRequestError && (error.status === 429 || error.status >= 500);

/**
 * Sends the queue in order; stops at the first sign of being offline. What the server could not take yet stays
 * queued for the next flush; only what it refused (a 4xx) is dropped. True when anything reached the server.
 */
async function drain(): Promise<boolean> {
  let sent = false;
  for (const progress of readQueue().progress) {
    try {
      await saveFileProgress(progress);
      sent = true;
    } catch (error) {
      if (isOfflineFailure(error)) return sent;
      if (isTemporaryRefusal(error)) continue;
      // Refused (the file is gone, say): it would be refused again.
      console.warn('Dropped queued reading progress the server refused', error);
    }
    updateQueue((queue) => withoutProgress(queue, progress));
  }
  for (const session of readQueue().sessions) {
    // Out of the queue before it is sent, so a session is never sent twice (a page closed mid-request).
    updateQueue((queue) => withoutSession(queue, session));
    try {
      await postReadingSession(session);
      sent = true;
    } catch (error) {
      if (isOfflineFailure(error)) {
        updateQueue((queue) => withSession(queue, session));
        return sent;
      }
      if (isTemporaryRefusal(error)) {
        updateQueue((queue) => withSession(queue, session));
        continue;
      }
      console.warn('Dropped a queued reading session the server refused', error);
    }
  }
  return sent;
}

let running: Promise<boolean> | null = null;

/**
 * Sends what was saved offline: on the 'online' event and when the reader opens. One run at a time in this
 * tab, and with the Web Locks API one across tabs, so two tabs never send the same session.
 */
export function flushReadingQueue(): Promise<boolean> {
  if (running) return running;
  if (offlineNow()) return Promise.resolve(false);
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  // DOM's typing nests the callback's promise; the lock's promise settles with drain's result.
  const run: Promise<boolean> = locks ? locks.request(READING_QUEUE_KEY, drain).then((sent) => sent) : drain();
  const flushing = run
    .catch(() => false)
    .finally(() => {
      running = null;
    });
  running = flushing;
  return flushing;
}
