import {
  AchievementsSchema,
  ReadingActivitySchema,
  ReadingExportQuerySchema,
  ReadingPaths,
  ReadingStatsSchema,
  TimeframeQuerySchema,
  UserIdParamsSchema,
} from '@bookshelf/contract';
import { fastifyPath } from '../../platform/route-paths.js';
import type { ExportService } from './export.service.js';
import type { ReaderContext } from './reader-context.js';
import type { FastifyZodInstance } from './route-app.js';
import type { StatsService } from './stats.service.js';

const tags = ['reading-progress'];

/** core.md §7: statistics by timeframe, the charts' days, achievements and the export; the caller's own only. */
export function statsRoutes(
  app: FastifyZodInstance,
  { readers, stats, exports }: { readers: ReaderContext; stats: StatsService; exports: ExportService },
) {
  app.get(
    fastifyPath(ReadingPaths.stats),
    {
      schema: {
        tags,
        summary: 'My reading statistics this week, month, year or ever (the default), in my time zone',
        params: UserIdParamsSchema,
        querystring: TimeframeQuerySchema,
        response: { 200: ReadingStatsSchema },
      },
    },
    async (request) => {
      const { userId, timeZone } = await readers.self(request, request.params.userId);
      return stats.stats(userId, request.query.timeframe ?? 'all', timeZone);
    },
  );

  app.get(
    fastifyPath(ReadingPaths.activity),
    {
      schema: {
        tags,
        summary: 'Pages, whole minutes and sessions per day of a timeframe, in my time zone (the charts)',
        params: UserIdParamsSchema,
        querystring: TimeframeQuerySchema,
        response: { 200: ReadingActivitySchema },
      },
    },
    async (request) => {
      const { userId, timeZone } = await readers.self(request, request.params.userId);
      return stats.activity(userId, request.query.timeframe ?? 'all', timeZone);
    },
  );

  app.get(
    fastifyPath(ReadingPaths.achievements),
    {
      schema: {
        tags,
        summary: 'My streaks, days read and reading achievements, with when each was unlocked',
        params: UserIdParamsSchema,
        response: { 200: AchievementsSchema },
      },
    },
    async (request) => {
      const { userId, timeZone } = await readers.self(request, request.params.userId);
      return stats.achievements(userId, timeZone);
    },
  );

  app.get(
    fastifyPath(ReadingPaths.export),
    {
      schema: {
        tags,
        summary: 'Download my reading progress: everything as JSON (the default), or my sessions as CSV',
        params: UserIdParamsSchema,
        querystring: ReadingExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { userId, timeZone } = await readers.self(request, request.params.userId);
      const file = await exports.export(userId, request.query.format ?? 'json', timeZone);
      return reply
        .type(file.type)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );
}
