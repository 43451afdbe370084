import {
  ErrorCode,
  PerformanceBatchResultSchema,
  PerformanceBatchSchema,
  PerformancePaths,
  PerformanceSummarySchema,
} from '@bookshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Access } from '../../platform/access/access.js';
import { requireUser } from '../../platform/authentication.js';
import { AppError } from '../../platform/errors.js';
import type { PerformanceService } from './performance.service.js';

const tags = ['analytics'];

/** 50 reports with the longest addresses and user agents allowed fit well within this. */
const BATCH_BODY_LIMIT = 256 * 1024;

export function performanceRoutes({
  performance,
  access,
}: {
  performance: PerformanceService;
  access: Access;
}): FastifyPluginAsyncZod {
  return async (app) => {
    // navigator.sendBeacon sends a Blob; only a text/plain one is a "simple" request that needs no CORS
    // preflight, so the web app sends its JSON as text/plain and this route (only: the parser is scoped to
    // this plugin) reads text/plain as JSON.
    app.removeContentTypeParser('text/plain');
    app.addContentTypeParser(
      'text/plain',
      { parseAs: 'string', bodyLimit: BATCH_BODY_LIMIT },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(new AppError(400, ErrorCode.validation, 'Invalid body: it is not JSON.'), undefined);
        }
      },
    );

    app.post(
      PerformancePaths.reports,
      {
        bodyLimit: BATCH_BODY_LIMIT,
        config: { beacon: true },
        schema: {
          tags,
          summary:
            'Real users’ page speed (spec core.md §7): a batch of performance reports, by fetch or by ' +
            'navigator.sendBeacon (application/json or text/plain JSON; no X-Requested-With needed, no ' +
            'sign-in, same-origin only). Stores route pattern, metric and value only. 120 batches a minute per address.',
          body: PerformanceBatchSchema,
          response: { 202: PerformanceBatchResultSchema },
        },
      },
      async (request, reply) => {
        const stored = await performance.record(request.body, request.ip);
        return reply.code(202).send({ stored });
      },
    );

    app.get(
      PerformancePaths.summary,
      {
        schema: {
          tags,
          summary:
            'Administrators: p75 of LCP, CLS, INP, FCP and TTFB per route over the last 7 days, with sample counts',
          response: { 200: PerformanceSummarySchema },
        },
      },
      async (request) => {
        const { userId } = requireUser(request);
        await access.requireAdmin({ userId });
        return performance.summary();
      },
    );
  };
}
