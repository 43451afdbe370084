import type { Database } from '../../db/client.js';
import { activities } from '../../db/schema/index.js';

export interface NewActivity {
  userId: string;
  type: string;
  relatedEntityId: string;
  relatedEntityType: string;
  metadata: Record<string, unknown>;
  createdAt?: Date;
}

/**
 * The activity log the feed reads (social.md §3), written from domain events (activities.subscriptions.ts).
 */
export function createActivitiesRepository(db: Database) {
  return {
    async record(rows: NewActivity[]): Promise<void> {
      if (rows.length > 0) await db.insert(activities).values(rows);
    },
  };
}

export type ActivitiesRepository = ReturnType<typeof createActivitiesRepository>;
