/**
 * The domain events that cross feature boundaries (DESIGN.md: features do not import each other).
 * A feature that publishes adds its event here; interested features subscribe through the bus in
 * apps/server/src/platform/events.ts. Payloads carry ids, not rows, so a subscriber reads fresh data.
 */
export interface DomainEvents {
  'user.registered': { userId: string };
  /** A book entered reading (core.md §4). */
  'book.started': BookEvent;
  /** A book entered read; the reading goal, streaks and badges count these. */
  'book.finished': BookEvent;
  'book.reviewed': BookEvent;
  'book.rated': BookEvent;
}

/** The recorded activity row is the feed's source; the event says it exists. */
export interface BookEvent {
  userId: string;
  bookId: string;
  activityId: string;
}
export type DomainEventName = keyof DomainEvents;
