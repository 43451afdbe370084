import type { LiveEvent } from '@bookshelf/contract';
import { and, asc, gt, inArray, lt, max, min, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { liveEvents } from '../../db/schema/live-events.js';

/** The one PostgreSQL channel of live events; its payloads are the notices of notices.ts. */
export const LIVE_EVENTS_CHANNEL = 'live_events';

export interface StoredLiveEvent {
  id: number;
  userId: string;
  /** The LiveEvent as published (validated then). */
  data: unknown;
}

const columns = { id: liveEvents.id, userId: liveEvents.userId, data: liveEvents.data };

/**
 * Storing one event, as parts of a statement: `insert` (its CTE, named `stored`) and `notify`, the NOTIFY of
 * its row to every instance, read from `stored`. UserVersions.changed puts them in its own statement.
 */
export function storedEvent(userId: string, event: LiveEvent): { insert: SQL; notify: SQL } {
  return {
    insert: sql`insert into ${liveEvents} (user_id, type, data)
      values (${userId}, ${event.type}, ${JSON.stringify(event)}::jsonb)
      returning id`,
    notify: sql`pg_notify(${LIVE_EVENTS_CHANNEL}, json_build_object('userId', ${userId}::text, 'id', stored.id)::text)`,
  };
}

/** The live_events table: what was published, for delivery by id and for replay after a Last-Event-ID. */
export function createLiveEventsStore(db: Database) {
  return {
    /**
     * Stores the event and notifies every instance in one statement. In a caller's transaction both happen
     * at its commit, or not at all: PostgreSQL (and PGlite) hold a NOTIFY back until then.
     */
    async insert(userId: string, event: LiveEvent, tx: Database = db): Promise<void> {
      const stored = storedEvent(userId, event);
      await tx.execute(sql`with stored as (${stored.insert}) select ${stored.notify} from stored`);
    },

    /** A notice to every instance (delivered at the commit of `tx` when given). */
    async notify(payload: string, tx: Database = db): Promise<void> {
      await tx.execute(sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, ${payload})`);
    },

    byIds(ids: number[]): Promise<StoredLiveEvent[]> {
      return db.select(columns).from(liveEvents).where(inArray(liveEvents.id, ids)).orderBy(asc(liveEvents.id));
    },

    /** The users' events after `afterId`, oldest first. */
    after(userIds: string[], afterId: number, limit: number): Promise<StoredLiveEvent[]> {
      return db
        .select(columns)
        .from(liveEvents)
        .where(and(inArray(liveEvents.userId, userIds), gt(liveEvents.id, afterId)))
        .orderBy(asc(liveEvents.id))
        .limit(limit);
    },

    /** The id of the user's newest event (0 when none): where a new stream starts. */
    async latestId(userId: string): Promise<number> {
      const [row] = await db
        .select({ id: max(liveEvents.id) })
        .from(liveEvents)
        .where(sql`${liveEvents.userId} = ${userId}`);
      return Number(row?.id ?? 0);
    },

    /** The id of the user's oldest retained event (undefined when none): older ones may have been pruned. */
    async oldestId(userId: string): Promise<number | undefined> {
      const [row] = await db
        .select({ id: min(liveEvents.id) })
        .from(liveEvents)
        .where(sql`${liveEvents.userId} = ${userId}`);
      return row?.id == null ? undefined : Number(row.id);
    },

    /** Deletes the events created before `olderThan`; returns how many. */
    async prune(olderThan: Date): Promise<number> {
      const rows = await db
        .delete(liveEvents)
        .where(lt(liveEvents.createdAt, olderThan))
        .returning({ id: liveEvents.id });
      return rows.length;
    },
  };
}

export type LiveEventsStore = ReturnType<typeof createLiveEventsStore>;
