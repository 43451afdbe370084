import type { BookEvent } from '@bookshelf/contract';
import type { Database } from '../../db/client.js';
import { featureModule, type FeatureModule } from '../../platform/feature-module.js';
import { subscribe } from '../../platform/jobs/outbox.js';
import { createActivitiesRepository, type ActivitiesRepository } from './activities.repository.js';

/** The feed's activity types for the book events (social.md §3: book_started, book_finished, …). */
const BOOK_ACTIVITY_OF = {
  'book.started': 'book_started',
  'book.finished': 'book_finished',
  'book.reviewed': 'book_reviewed',
  'book.rated': 'book_rated',
} as const;

function recordBookEvent(activities: ActivitiesRepository, name: keyof typeof BOOK_ACTIVITY_OF) {
  const type = BOOK_ACTIVITY_OF[name];
  return (event: BookEvent, { eventId }: { eventId: string }) =>
    activities.record([
      {
        userId: event.userId,
        type,
        relatedEntityId: event.bookId,
        relatedEntityType: 'book',
        createdAt: new Date(event.at),
        // The unique (source_event_id, type) makes a redelivery add nothing.
        sourceEventId: eventId,
        metadata: {
          bookTitle: event.book.title,
          bookAuthor: event.book.author,
          coverUrl: event.book.coverUrl,
          ...(type === 'book_rated' ? { rating: event.book.rating } : {}),
          ...(type === 'book_reviewed' ? { review: event.book.review } : {}),
        },
      },
    ]);
}

/** The activity log the feed reads, recorded from every book event. */
export function activitiesModule({ db }: { db: Database }): FeatureModule {
  const activities = createActivitiesRepository(db);
  return featureModule({
    name: 'activities',
    subscriptions: (Object.keys(BOOK_ACTIVITY_OF) as (keyof typeof BOOK_ACTIVITY_OF)[]).map((event) =>
      subscribe({ name: `activities.${event}`, event, handle: recordBookEvent(activities, event) }),
    ),
  });
}
