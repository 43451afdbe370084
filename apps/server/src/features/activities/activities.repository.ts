import type { Database } from '../../db/client.js';
import { activities } from '../../db/schema/index.js';

export interface NewActivity {
  userId: string;
  type: string;
  relatedEntityId: string;
  relatedEntityType: string;
  metadata: Record<string, unknown>;
  createdAt?: Date;
  /** The domain event it was recorded from; recording the same event again adds nothing. */
  sourceEventId?: string;
}

/**
 * The activity log the feed reads (social.md §3), written from domain events (activities.subscriptions.ts).
 */
export function createActivitiesRepository(db: Database) {
  return {
    async record(rows: NewActivity[]): Promise<void> {
      if (rows.length > 0) await db.insert(activities).values(rows).onConflictDoNothing();
    },
  };
}

export type ActivitiesRepository = ReturnType<typeof createActivitiesRepository>;
