import { z } from 'zod/mini';

/**
 * The domain events that cross feature boundaries (DESIGN.md: features do not import each other). A feature
 * that publishes adds its event here; the server writes it to its outbox in the transaction of the change
 * and delivers it to each subscriber as a job (apps/server/src/platform/outbox.ts), so payloads are stored
 * as JSON and parsed back with these schemas. They carry ids and snapshots, never rows.
 */

/** What a book activity carries: a snapshot, so the feed can show it without reading the book again. */
export const BookEventSchema = z.object({
  userId: z.string(),
  bookId: z.string(),
  /** When it happened, ISO 8601. */
  at: z.string(),
  book: z.object({
    title: z.string(),
    author: z.string(),
    coverUrl: z.nullable(z.string()),
    rating: z.nullable(z.number()),
    review: z.nullable(z.string()),
  }),
});
export type BookEvent = z.infer<typeof BookEventSchema>;

export const DomainEventSchemas = {
  'user.registered': z.object({ userId: z.string() }),
  /** A book entered reading (core.md §4); the activities feature records each book event for the feed. */
  'book.started': BookEventSchema,
  /** A book entered read; the reading goal, streaks and badges count these. */
  'book.finished': BookEventSchema,
  'book.reviewed': BookEventSchema,
  'book.rated': BookEventSchema,
  /** A bulk import finished: one event for the whole file (the feed says "imported N books", not N times). */
  'books.imported': z.object({ userId: z.string(), importId: z.string(), added: z.number(), at: z.string() }),
  /**
   * A price at or below a price alert's target was recorded in a book's price history (issue 13); the
   * notifications feature turns it into a notification. Prices are in the alert's currency.
   */
  'price.alert_triggered': z.object({
    userId: z.string(),
    alertId: z.string(),
    bookId: z.string(),
    at: z.string(),
    targetPrice: z.number(),
    price: z.number(),
    currency: z.string(),
    platform: z.nullable(z.string()),
    book: z.object({ title: z.string(), author: z.string(), coverUrl: z.nullable(z.string()) }),
  }),
};

export type DomainEvents = { [K in keyof typeof DomainEventSchemas]: z.infer<(typeof DomainEventSchemas)[K]> };
export type DomainEventName = keyof DomainEvents;
