import {
  CreatePriceAlertRequestSchema,
  IdParamsSchema,
  PriceAlertListSchema,
  PublicWishlistSchema,
  ReorderWishlistRequestSchema,
  SavedPriceAlertSchema,
  SharedWishlistParamsSchema,
  WishlistPaths,
  WishlistQuerySchema,
  WishlistSchema,
  WishlistSharingSchema,
} from '@bookshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/authentication.js';
import type { PriceAlertsService } from './price-alerts.service.js';
import type { WishlistService } from './wishlist.service.js';

const tags = ['wishlist'];

export function wishlistRoutes({
  wishlist,
  alerts,
}: {
  wishlist: WishlistService;
  alerts: PriceAlertsService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      WishlistPaths.wishlist,
      {
        schema: {
          tags,
          summary: 'The wishlist in its order, its count, estimated value and sharing',
          querystring: WishlistQuerySchema,
          response: { 200: WishlistSchema },
        },
      },
      async (request) => wishlist.get(requireUser(request).userId, request.query.currency),
    );

    app.put(
      WishlistPaths.order,
      {
        schema: {
          tags,
          summary: 'Puts the named wishlist books in this order (drag and drop)',
          body: ReorderWishlistRequestSchema,
        },
      },
      async (request, reply) => {
        await wishlist.reorder(requireUser(request).userId, request.body.bookIds);
        return reply.code(204).send();
      },
    );

    app.post(
      WishlistPaths.share,
      {
        schema: {
          tags,
          summary: 'Makes the wishlist public with a new link; an older link stops working',
          response: { 200: WishlistSharingSchema },
        },
      },
      async (request) => wishlist.share(requireUser(request).userId),
    );

    app.delete(
      WishlistPaths.share,
      {
        schema: {
          tags,
          summary: 'Makes the wishlist private: its link stops working',
          response: { 200: WishlistSharingSchema },
        },
      },
      async (request) => wishlist.unshare(requireUser(request).userId),
    );

    app.get(
      '/api/wishlist/shared/:token',
      {
        // The link is the permission.
        config: { anonymous: true },
        schema: {
          tags,
          summary: 'A shared wishlist, read-only, for anyone with its link (no sign-in needed)',
          params: SharedWishlistParamsSchema,
          querystring: WishlistQuerySchema,
          response: { 200: PublicWishlistSchema },
        },
      },
      async (request, reply) => {
        // Signed in or not: the link is the permission. Caches keep no copy, so turning sharing off is final.
        void reply.header('cache-control', 'private, no-store');
        return wishlist.shared(
          request.params.token,
          { userId: request.principal?.userId ?? null, address: request.ip },
          request.query.currency,
        );
      },
    );

    app.get(
      WishlistPaths.alerts,
      { schema: { tags, summary: 'Your price alerts, newest first', response: { 200: PriceAlertListSchema } } },
      async (request) => alerts.list(requireUser(request).userId),
    );

    app.post(
      WishlistPaths.alerts,
      {
        schema: {
          tags,
          summary: 'Watches a book for a price at or below a target',
          body: CreatePriceAlertRequestSchema,
          response: { 201: SavedPriceAlertSchema },
        },
      },
      async (request, reply) => reply.code(201).send(await alerts.create(requireUser(request).userId, request.body)),
    );

    app.delete(
      '/api/price-alerts/:id',
      { schema: { tags, summary: 'Deletes a price alert', params: IdParamsSchema } },
      async (request, reply) => {
        await alerts.remove(requireUser(request).userId, request.params.id);
        return reply.code(204).send();
      },
    );
  };
}
