/**
 * The domain events that cross feature boundaries (DESIGN.md: features do not import each other).
 * A feature that publishes adds its event here; interested features subscribe through the bus in
 * apps/server/src/platform/events.ts. Payloads carry ids, not rows, so a subscriber reads fresh data.
 */
export interface DomainEvents {
  'user.registered': { userId: string };
  /** A book entered reading (core.md §4); the activities feature records each book event for the feed. */
  'book.started': BookEvent;
  /** A book entered read; the reading goal, streaks and badges count these. */
  'book.finished': BookEvent;
  'book.reviewed': BookEvent;
  'book.rated': BookEvent;
}

/** What a book activity carries: a snapshot, so the feed can show it without reading the book again. */
export interface BookEvent {
  userId: string;
  bookId: string;
  /** When it happened, ISO 8601. */
  at: string;
  book: { title: string; author: string; coverUrl: string | null; rating: number | null; review: string | null };
}
