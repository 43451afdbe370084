import { randomUUID } from 'node:crypto';
import { DomainEventSchemas, type DomainEventName, type DomainEvents, type RetryPolicy } from '@bookshelf/contract';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { outboxEvents } from '../../db/schema/index.js';
import { DELIVER_EVENT_JOB, defineJob, type JobDefinition } from './job-definition.js';
import { enqueueJobs } from './job-store.js';

/** A subscriber of one domain event. `name` is its stable id: deliveries are tracked per event and name. */
export interface Subscription<N extends DomainEventName = DomainEventName> {
  name: string;
  event: N;
  /** Must be idempotent: a delivery is retried after a failure and may run twice; `eventId` is its key. */
  handle(payload: DomainEvents[N], meta: { eventId: string }): Promise<void>;
}

/** Keeps a subscription's payload type tied to its event while lists hold many events. */
export function subscribe<N extends DomainEventName>(subscription: Subscription<N>): Subscription {
  return subscription;
}

export type PublishEvent = <N extends DomainEventName>(
  tx: Database,
  name: N,
  payload: DomainEvents[N],
) => Promise<void>;
export type PublishEvents = (tx: Database, events: Array<{ name: DomainEventName; payload: unknown }>) => Promise<void>;

export { DELIVER_EVENT_JOB };
const DeliveryPayload = z.object({ eventId: z.string(), subscriber: z.string() });

/**
 * The transactional outbox (decision 015). `publish` writes the event and one delivery job per subscriber
 * through the caller's transaction, so the event exists exactly when the change commits; the job runner
 * then delivers each, retried with backoff on its own when its subscriber throws.
 */
export function createOutbox(options: { retry?: Partial<RetryPolicy> } = {}) {
  const subscriptions = new Map<string, Subscription>();
  let published: () => void = () => undefined;

  const publishMany: PublishEvents = async (tx, events) => {
    if (events.length === 0) return;
    // The ids are made here, so the events and their delivery jobs go in one statement: inside the
    // caller's transaction every round trip to the database is time it holds its locks (PGlite: everything).
    const stored = events.map(({ name, payload }) => ({
      id: randomUUID(),
      name,
      payload: DomainEventSchemas[name].parse(payload),
    }));
    const deliveries = stored.flatMap((event) =>
      [...subscriptions.values()]
        .filter((s) => s.event === event.name)
        .map((s) => ({
          kind: DELIVER_EVENT_JOB,
          payload: { eventId: event.id, subscriber: s.name },
          dedupeKey: `event:${event.id}:${s.name}`,
        })),
    );
    if (deliveries.length === 0) {
      await tx.insert(outboxEvents).values(stored);
      return;
    }
    const insertEvents = tx
      .$with('stored_events')
      .as(tx.insert(outboxEvents).values(stored).returning({ id: outboxEvents.id }));
    await enqueueJobs(tx, deliveries, insertEvents);
    published();
  };

  const deliver = (db: Database): JobDefinition =>
    defineJob({
      kind: DELIVER_EVENT_JOB,
      payload: DeliveryPayload,
      ...(options.retry ? { retry: options.retry } : {}),
      async run({ eventId, subscriber }) {
        const subscription = subscriptions.get(subscriber);
        // A subscriber removed since the event was written has nothing left to do.
        if (!subscription) return { skipped: 'no such subscriber' };
        const [event] = await db.select().from(outboxEvents).where(eq(outboxEvents.id, eventId));
        if (!event) return { skipped: 'event purged' };
        const payload = DomainEventSchemas[subscription.event].parse(event.payload);
        await subscription.handle(payload, { eventId });
        return null;
      },
    });

  return {
    /** Adds subscribers (app.ts, from each feature module); only events published afterwards reach them. */
    add(list: Subscription[]): void {
      for (const s of list) {
        if (subscriptions.has(s.name)) throw new Error(`two subscribers named ${s.name}`);
        subscriptions.set(s.name, s);
      }
    },
    publish: ((tx, name, payload) => publishMany(tx, [{ name, payload }])) as PublishEvent,
    publishMany,
    /** Told after each publish with deliveries: the app wakes its runner, so delivery need not wait a poll. */
    onPublish(listener: () => void): void {
      published = listener;
    },
    /** The job that delivers one event to one subscriber. */
    deliveryJob: deliver,
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
