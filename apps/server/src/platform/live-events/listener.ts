import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.js';
import { parseNotice, pingNotice, type StreamNotice } from './notices.js';
import { LIVE_EVENTS_CHANNEL, type LiveEventsStore } from './store.js';

export interface ListenerDeps {
  database: DatabaseHandle;
  store: LiveEventsStore;
  log: FastifyBaseLogger;
  onNotice: (notice: StreamNotice) => void;
  /** Listening (re)started after a gap in which notices may have been missed. */
  onResumed: () => void;
}

/**
 * The instance's one LISTEN on the channel (a dedicated connection on PostgreSQL, never one per stream).
 * postgres.js listens again by itself after losing the connection, but only once; so `check()`, called every
 * heartbeat, sends a ping through the channel and, when the previous one never came back, listens afresh.
 */
export function createListener({ database, store, log, onNotice, onResumed }: ListenerDeps) {
  const instance = randomUUID();
  let unlisten: (() => Promise<void>) | undefined;
  let starting: Promise<void> | undefined;
  let listens = 0;
  let awaitingPing = false;
  let stopped = false;

  const receive = (payload: string) => {
    const notice = parseNotice(payload);
    if (!notice) return log.warn({ payload }, 'live events: unknown notice ignored');
    if ('ping' in notice) {
      if (notice.ping === instance) awaitingPing = false;
      return;
    }
    onNotice(notice);
  };
  const listened = () => {
    listens += 1;
    awaitingPing = false;
    if (listens > 1) onResumed();
  };

  const start = async () => {
    try {
      const previous = unlisten;
      unlisten = undefined;
      await previous?.().catch(() => undefined);
      if (!stopped) unlisten = await database.listen(LIVE_EVENTS_CHANNEL, receive, listened);
    } catch (err) {
      log.warn({ err }, 'live events: could not listen; trying again at the next heartbeat');
    }
  };

  return {
    start: () => (starting ??= start()),

    async check() {
      if (stopped) return;
      if (!unlisten || awaitingPing) {
        log.warn('live events: the channel went quiet; listening again');
        await start();
        return;
      }
      awaitingPing = true;
      await store.notify(pingNotice(instance)).catch((err: unknown) => {
        log.warn({ err }, 'live events: could not ping the channel');
      });
    },

    async stop() {
      stopped = true;
      await starting;
      await unlisten?.();
    },
  };
}
