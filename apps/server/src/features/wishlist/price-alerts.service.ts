import {
  BookMessages,
  ErrorCode,
  triggeringPrice,
  WishlistLimits,
  WishlistMessages,
  type CreatePriceAlertRequest,
  type DomainEvents,
  type SavedPriceAlert,
} from '@bookshelf/contract';
import type { Database } from '../../db/client.js';
import { ownedPrivately, viewerOf, type Access, type AccessPolicy } from '../../platform/access/access.js';
import { AppError } from '../../platform/errors.js';
import type { PublishEvents } from '../../platform/jobs/outbox.js';
import type { ExchangeRates } from '../../platform/money/exchange-rates.js';
import { converterInto } from './wishlist-money.js';
import type { PriceAlertRow, PriceAlertsRepository } from './price-alerts.repository.js';

const alertAccess: AccessPolicy<PriceAlertRow> = {
  resource: (alert) => ownedPrivately(alert.userId),
  notFound: WishlistMessages.alertNotFound,
};
const bookAccess: AccessPolicy<{ userId: string }> = {
  resource: (book) => ownedPrivately(book.userId),
  notFound: BookMessages.notFound,
};

/** Price points a change to a book's price history added (books.service calls the hook with them). */
export interface PriceHistoryAdded {
  book: { id: string; title: string; author: string; coverUrl: string | null };
  points: { date: string; price: number; currency: string; platform: string | null }[];
}

export interface PriceAlertsServiceDeps {
  alerts: PriceAlertsRepository;
  access: Access;
  rates: ExchangeRates;
  /** Writes domain events in the transaction of the change (the outbox). */
  publish: PublishEvents;
  now: () => Date;
}

const toSaved = (row: PriceAlertRow): SavedPriceAlert => ({
  id: row.id,
  bookId: row.bookId,
  targetPrice: Number(row.targetPrice),
  currency: row.currency as SavedPriceAlert['currency'],
  platforms: row.platforms,
  createdAt: row.createdAt.toISOString(),
  triggeredAt: row.triggeredAt?.toISOString() ?? null,
  triggeredPrice: row.triggeredPrice === null ? null : Number(row.triggeredPrice),
});

export function createPriceAlertsService({ alerts, access, rates, publish, now }: PriceAlertsServiceDeps) {
  return {
    async list(userId: string): Promise<SavedPriceAlert[]> {
      return (await alerts.list(userId)).map(toSaved);
    },

    /** An alert on one of the caller's books; another's book answers 404 as a missing one does. */
    async create(userId: string, input: CreatePriceAlertRequest): Promise<SavedPriceAlert> {
      await access.requireChangeable(viewerOf(userId), await alerts.book(input.bookId), bookAccess);
      if ((await alerts.count(userId)) >= WishlistLimits.alertsMax) {
        throw new AppError(409, ErrorCode.conflict, WishlistMessages.tooManyAlerts);
      }
      const platforms = [...new Set((input.platforms ?? []).map((p) => p.trim()).filter(Boolean))];
      const row = await alerts.insert({
        userId,
        bookId: input.bookId,
        targetPrice: input.targetPrice.toFixed(2),
        currency: input.currency,
        platforms,
      });
      return toSaved(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      const alert = await access.requireChangeable(viewerOf(userId), await alerts.find(id), alertAccess);
      await alerts.remove(alert.id);
    },

    /**
     * The books feature's hook, in the transaction that added price points to a book: each waiting alert of
     * the book that one of the new prices meets (the lowest, when several do) is marked triggered, and a
     * `price.alert_triggered` event is written to the outbox for the notifications feature.
     */
    async priceHistoryAdded(tx: Database, { book, points }: PriceHistoryAdded): Promise<void> {
      const waiting = await alerts.lockWaiting(book.id, tx);
      if (waiting.length === 0) return;
      const at = now();
      const events: { name: 'price.alert_triggered'; payload: DomainEvents['price.alert_triggered'] }[] = [];
      for (const alert of waiting) {
        const into = await converterInto(
          rates,
          tx,
          points.map((p) => p.currency),
          alert.currency,
        );
        const watch = { targetPrice: Number(alert.targetPrice), currency: alert.currency, platforms: alert.platforms };
        let best: { price: number; platform: string | null } | undefined;
        for (const point of points) {
          const price = triggeringPrice(watch, point, (amount, from) => into(amount, from));
          if (price !== null && (!best || price < best.price)) best = { price, platform: point.platform };
        }
        if (!best) continue;
        await alerts.markTriggered(alert.id, at, best.price, tx);
        events.push({
          name: 'price.alert_triggered',
          payload: {
            userId: alert.userId,
            alertId: alert.id,
            bookId: book.id,
            at: at.toISOString(),
            targetPrice: watch.targetPrice,
            price: best.price,
            currency: alert.currency,
            platform: best.platform,
            book: { title: book.title, author: book.author, coverUrl: book.coverUrl },
          },
        });
      }
      await publish(tx, events);
    },
  };
}

export type PriceAlertsService = ReturnType<typeof createPriceAlertsService>;
