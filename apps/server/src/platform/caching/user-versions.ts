import { LiveEventSchema, type LiveEvent } from '@bookshelf/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { userVersions } from '../../db/schema/index.js';
import { afterCommit } from '../../db/transaction.js';
import { changedNotice } from '../live-events/notices.js';
import { LIVE_EVENTS_CHANNEL, storedEvent } from '../live-events/store.js';
import { createLruCache } from './lru-cache.js';

export interface UserVersionsDeps {
  db: Database;
  /** Subscribes to every instance's "data changed" notices (the live-events channel). */
  followChanges: (follower: { dataChanged: (userId: string) => void; missed: () => void }) => void;
  /** Users kept at most, and the age after which a version is read again regardless. */
  cache?: { max?: number; ttlMs?: number };
}

/**
 * Each user's data version (table user_versions): bumped by every write that changes what their lists, details
 * or profile show, and cached here so that deciding a 304 costs no query. A bump forgets the cached version on
 * this instance right after its commit and, through the NOTIFY it sends at that commit, on every other one.
 */
export function createUserVersions({ db, followChanges, cache: bounds }: UserVersionsDeps) {
  const cache = createLruCache<string, number>({ max: bounds?.max ?? 10_000, ttlMs: bounds?.ttlMs ?? 30_000 });
  followChanges({ dataChanged: (userId) => cache.delete(userId), missed: () => cache.clear() });
  // Built once: this read runs for every conditional request whose user is not cached.
  const read = db
    .select({ version: userVersions.version })
    .from(userVersions)
    .where(eq(userVersions.userId, sql.placeholder('userId')))
    .prepare('user_version');

  return {
    /** The user's current version (0 before their first change); a cached one without a promise. */
    current(userId: string): number | Promise<number> {
      const version = cache.load(userId, async () => {
        const [row] = await read.execute({ userId });
        return Number(row?.version ?? 0);
      });
      return version instanceof Promise ? version.then((found) => found ?? 0) : version;
    },

    /**
     * The user's data changed in `tx`: bumps their version and, at the commit, tells every instance. Call it
     * from the write's transaction, after the write. With `event`, the same statement also publishes it to the
     * user's open pages (LiveEvents.publish), one round trip instead of two.
     */
    async changed(userId: string, tx: Database, event?: LiveEvent): Promise<void> {
      const stored = event && storedEvent(userId, LiveEventSchema.parse(event));
      await tx.execute(sql`
        with bumped as (
          insert into ${userVersions} (user_id, version) values (${userId}, 1)
          on conflict (user_id) do update set version = ${userVersions}.version + 1
          returning user_id
        )${stored ? sql`, stored as (${stored.insert})` : sql``}
        select pg_notify(${LIVE_EVENTS_CHANNEL}, ${changedNotice(userId)})${stored ? sql`, ${stored.notify}` : sql``}
        from bumped${stored ? sql`, stored` : sql``}`);
      afterCommit(tx, () => cache.delete(userId));
    },
  };
}

export type UserVersions = ReturnType<typeof createUserVersions>;
