import { AnalyticsPaths, AnalyticsQuerySchema, LibraryValueSchema, SpendingSchema } from '@bookshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/authentication.js';
import type { AnalyticsService } from './analytics.service.js';

const tags = ['analytics'];

export function analyticsRoutes({ analytics }: { analytics: AnalyticsService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      AnalyticsPaths.libraryValue,
      {
        schema: {
          tags,
          summary:
            'What my library cost (core.md §3 "Library value result"): purchase prices of books not on the ' +
            'wishlist, per currency and in total, converted to the base currency at today’s rates',
          querystring: AnalyticsQuerySchema,
          response: { 200: LibraryValueSchema },
        },
      },
      async (request) => analytics.libraryValue(requireUser(request).userId, request.query),
    );

    app.get(
      AnalyticsPaths.spending,
      {
        schema: {
          tags,
          summary:
            'What I spent (core.md §3 "Spending analytics result"): totals, average, by platform, genre and ' +
            'month, dearest and cheapest book, each purchase converted at the rate of its purchase date',
          querystring: AnalyticsQuerySchema,
          response: { 200: SpendingSchema },
        },
      },
      async (request) => analytics.spending(requireUser(request).userId, request.query),
    );
  };
}
