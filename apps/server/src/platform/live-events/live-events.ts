import { LiveEventSchema, type LiveEvent } from '@bookshelf/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '../../db/client.js';
import { createHub } from './hub.js';
import { createListener } from './listener.js';
import { revokedNotice } from './notices.js';
import { DEFAULT_LIVE_EVENTS_OPTIONS, type LiveEventsOptions } from './options.js';
import { liveEventsRoutes } from './routes.js';
import { createLiveEventsStore } from './store.js';
import type { Credential } from './stream.js';

/** What a cache elsewhere in the app follows of the channel, so that it forgets what another instance changed. */
export interface NoticeListener {
  /** Some of the user's sessions or tokens ended (on any instance, this one included). */
  credentialsRevoked?: (userId: string) => void;
  /** The user's data version changed (on any instance, this one included). */
  dataChanged?: (userId: string) => void;
  /** Listening restarted after a gap: notices may have been missed, so forget everything. */
  missed?: () => void;
}

export interface LiveEventsDeps {
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  isCredentialActive: (credential: Credential) => Promise<boolean>;
  options?: Partial<LiveEventsOptions>;
}

/**
 * Server-to-browser events (docs/decisions/018-live-events-sse.md): publish stores the event and NOTIFYs the
 * channel; every instance's one listener reads the events of the users it has streams for and writes them
 * to those streams.
 */
export function createLiveEvents({ database, log, isCredentialActive, options }: LiveEventsDeps) {
  const settings = { ...DEFAULT_LIVE_EVENTS_OPTIONS, ...options };
  const store = createLiveEventsStore(database.db);
  const hub = createHub({ store, isCredentialActive, log });
  const failed = (what: string) => (err: unknown) => log.warn({ err }, `live events: ${what} failed`);
  const followers: NoticeListener[] = [];
  const listener = createListener({
    database,
    store,
    log,
    onNotice: (notice) => {
      if ('id' in notice) hub.stored(notice.userId, notice.id);
      else if ('changed' in notice) followers.forEach((f) => f.dataChanged?.(notice.userId));
      else {
        followers.forEach((f) => f.credentialsRevoked?.(notice.userId));
        void hub.revalidate(notice.userId).catch(failed('checking revoked streams'));
      }
    },
    // Notices were missed: every stream ends, and each browser reconnects and replays from its own
    // Last-Event-ID (with the route's limit and resync), instead of one shared read for all of them.
    onResumed: () => {
      followers.forEach((f) => f.missed?.());
      hub.closeAll();
    },
  });
  const timers: NodeJS.Timeout[] = [];

  return {
    /**
     * Sends `event` to every open stream of the user, on every instance. Within `tx` it is stored and sent
     * at the commit (never when it rolls back). Throws when the event does not match the contract.
     */
    async publish(userId: string, event: LiveEvent, tx?: Database): Promise<void> {
      await store.insert(userId, LiveEventSchema.parse(event), tx);
    },

    /**
     * Some of the user's sessions or API tokens were ended (sign-out, revocation, a password change): every
     * instance checks that user's open streams and ends those they opened. Within `tx`, at its commit.
     */
    credentialsRevoked: (userId: string, tx?: Database): Promise<void> => store.notify(revokedNotice(userId), tx),

    /**
     * Follows the channel's revocation and data-change notices, from every instance (this one's too, a few
     * milliseconds after its commit: a cache on this instance also forgets at once on its own write path).
     */
    follow(follower: NoticeListener) {
      followers.push(follower);
    },

    /** Deletes events older than `olderThan` (a scheduled job); a client away longer gets no replay. */
    prune: (olderThan: Date) => store.prune(olderThan),

    /** GET /api/events. */
    routes: liveEventsRoutes({ store, hub, settings }),

    /** Starts listening and the heartbeat and revalidation timers. */
    async start() {
      await listener.start();
      timers.push(
        setInterval(() => {
          hub.heartbeat();
          void listener.check();
        }, settings.heartbeatMs).unref(),
        setInterval(() => void hub.revalidate().catch(failed('revalidating streams')), settings.revalidateMs).unref(),
      );
    },

    /** Ends every stream now: EventSource reconnects, to this instance or another, and resumes. */
    closeStreams: () => hub.closeAll(),

    async stop() {
      timers.forEach(clearInterval);
      hub.closeAll();
      await listener.stop();
    },

    /** Streams open on this instance. */
    openStreams: () => hub.total(),
  };
}

export type LiveEvents = ReturnType<typeof createLiveEvents>;
