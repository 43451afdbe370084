import type { BookEvent, DomainEvents } from '@bookshelf/contract';
import type { EventBus } from '../../platform/events.js';
import type { ActivitiesRepository } from './activities.repository.js';

/** The feed's activity types for the book events (social.md §3: book_started, book_finished, …). */
const BOOK_ACTIVITY_OF = {
  'book.started': 'book_started',
  'book.finished': 'book_finished',
  'book.reviewed': 'book_reviewed',
  'book.rated': 'book_rated',
} as const;

/** Records every book event in the activity log the feed reads. Returns the unsubscribe function. */
export function subscribeActivities(events: EventBus<DomainEvents>, activities: ActivitiesRepository): () => void {
  const offs = (Object.keys(BOOK_ACTIVITY_OF) as (keyof typeof BOOK_ACTIVITY_OF)[]).map((name) =>
    events.subscribe(name, async (event: BookEvent) => {
      const type = BOOK_ACTIVITY_OF[name];
      await activities.record([
        {
          userId: event.userId,
          type,
          relatedEntityId: event.bookId,
          relatedEntityType: 'book',
          createdAt: new Date(event.at),
          metadata: {
            bookTitle: event.book.title,
            bookAuthor: event.book.author,
            coverUrl: event.book.coverUrl,
            ...(type === 'book_rated' ? { rating: event.book.rating } : {}),
            ...(type === 'book_reviewed' ? { review: event.book.review } : {}),
          },
        },
      ]);
    }),
  );
  return () => offs.forEach((off) => off());
}
