import { ErrorCode, rateLimitMessage, type RateLimitWindow } from '@bookshelf/contract';
import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rateLimits } from '../db/schema/index.js';
import { AppError } from './errors.js';

export interface RateLimitRule {
  /** Names the limited action in the message: "Rate limit exceeded for {service}". */
  service: string;
  limit: number;
  window: RateLimitWindow;
}

const WINDOW_SECONDS: Record<RateLimitWindow, number> = { minute: 60, hour: 3600, day: 86_400 };

/** A 429 with the spec's wording (social.md §8) and the Retry-After the client should honour. */
export class RateLimitedError extends AppError {
  constructor(
    rule: RateLimitRule,
    readonly retryAfterSeconds: number,
  ) {
    super(429, ErrorCode.rateLimited, rateLimitMessage(rule.service, rule.window, retryAfterSeconds), {
      'retry-after': String(retryAfterSeconds),
    });
  }
}

/** Fixed-window counters kept in the database, so that every app instance shares them: one upsert per hit. */
export function createRateLimiter(db: Database, now: () => Date = () => new Date()) {
  async function read(key: string) {
    const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
    return row && row.resetAt > now() ? row : undefined;
  }

  const retryAfter = (resetAt: Date) => Math.max(1, Math.ceil((resetAt.getTime() - now().getTime()) / 1000));

  /** Adds one to the key's window (a window that has passed starts again at 1) and answers the row. */
  async function increment(key: string, window: RateLimitWindow) {
    const current = now();
    const resetAt = new Date(current.getTime() + WINDOW_SECONDS[window] * 1000);
    // Raw SQL parameters bypass the column's Date mapping, and postgres.js takes only strings there.
    const currentSql = sql`${current.toISOString()}::timestamptz`;
    const resetAtSql = sql`${resetAt.toISOString()}::timestamptz`;
    const [row] = await db
      .insert(rateLimits)
      .values({ key, count: 1, resetAt })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.resetAt} <= ${currentSql} then 1 else ${rateLimits.count} + 1 end`,
          resetAt: sql`case when ${rateLimits.resetAt} <= ${currentSql} then ${resetAtSql} else ${rateLimits.resetAt} end`,
        },
      })
      .returning();
    return row!;
  }

  return {
    /** Counts one hit; throws RateLimitedError once the window holds more than the limit. */
    async hit(key: string, rule: RateLimitRule): Promise<void> {
      const row = await increment(key, rule.window);
      if (row.count > rule.limit) throw new RateLimitedError(rule, retryAfter(row.resetAt));
    },

    /** Counts one event without limiting it (failures that slow rather than block); answers the new count. */
    async count(key: string, window: RateLimitWindow): Promise<number> {
      return (await increment(key, window)).count;
    },

    /** The key's count in its current window; 0 when there is none. */
    async peek(key: string): Promise<number> {
      return (await read(key))?.count ?? 0;
    },

    /** Throws when the key is already at its limit, without counting (limits on failures only). */
    async check(key: string, rule: RateLimitRule): Promise<void> {
      const row = await read(key);
      if (row && row.count >= rule.limit) throw new RateLimitedError(rule, retryAfter(row.resetAt));
    },

    async reset(key: string): Promise<void> {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },

    /** Forgets every key that starts with `prefix` (all the addresses counted against one account). */
    async resetPrefix(prefix: string): Promise<void> {
      await db.delete(rateLimits).where(sql`starts_with(${rateLimits.key}, ${prefix})`);
    },

    /** Drops windows that have passed; run now and then so the table stays small. */
    async sweep(): Promise<void> {
      await db.delete(rateLimits).where(lt(rateLimits.resetAt, now()));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
