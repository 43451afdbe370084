import {
  CustomPlatformListSchema,
  CustomPlatformSchema,
  MoneyPaths,
  MoneyPreferencesSchema,
  PlatformParamsSchema,
  RatesQuerySchema,
  RatesSchema,
  UpdateMoneyPreferencesSchema,
} from '@bookshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/authentication.js';
import type { ExchangeRates } from '../../platform/money/exchange-rates.js';
import type { PreferencesService } from './preferences.service.js';
import { fastifyPath } from '../../platform/route-paths.js';

const tags = ['money'];

export function moneyRoutes({
  preferences,
  rates,
  ensureRates,
}: {
  preferences: PreferencesService;
  rates: ExchangeRates;
  ensureRates: () => Promise<void>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      MoneyPaths.preferences,
      {
        schema: {
          tags,
          summary: 'The base currency, display choices and own platforms of the signed-in reader',
          response: { 200: MoneyPreferencesSchema },
        },
      },
      async (request) => {
        const { userId } = requireUser(request);
        await ensureRates();
        return preferences.get(userId);
      },
    );

    app.patch(
      MoneyPaths.preferences,
      {
        schema: {
          tags,
          summary: 'Changes the settings sent, keeps the others',
          body: UpdateMoneyPreferencesSchema,
          response: { 200: MoneyPreferencesSchema },
        },
      },
      async (request) => preferences.update(requireUser(request).userId, request.body),
    );

    app.post(
      MoneyPaths.platforms,
      {
        schema: {
          tags,
          summary: 'Adds a platform of the reader’s own, unless one of that name is listed already',
          body: CustomPlatformSchema,
          response: { 200: CustomPlatformListSchema },
        },
      },
      async (request) => ({
        customPlatforms: await preferences.addPlatform(requireUser(request).userId, request.body),
      }),
    );

    app.delete(
      fastifyPath(MoneyPaths.platform),
      { schema: { tags, summary: 'Removes a platform of the reader’s own', params: PlatformParamsSchema } },
      async (request, reply) => {
        await preferences.removePlatform(requireUser(request).userId, request.params.name);
        return reply.code(204).send();
      },
    );

    app.get(
      MoneyPaths.rates,
      {
        schema: {
          tags,
          summary: 'What one unit of each currency is worth in the base currency on a day (today by default)',
          querystring: RatesQuerySchema,
          response: { 200: RatesSchema },
        },
      },
      async (request, reply) => {
        requireUser(request);
        // A past day's rates never change; today's change at most once a day.
        reply.header('cache-control', `private, max-age=${request.query.date ? 86_400 : 3_600}`);
        return rates.ratesFor(request.query.base, request.query.date);
      },
    );
  };
}
