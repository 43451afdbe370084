import { HealthSchema } from '@bookshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export interface HealthDeps {
  pingDatabase: () => Promise<void>;
}

const PING_TIMEOUT_MS = 2_000;

export function healthRoutes({ pingDatabase }: HealthDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health',
      {
        // A busy server is still a live one: its health answer does not queue behind the requests.
        config: { admission: false, anonymous: true },
        schema: {
          tags: ['health'],
          summary: 'Liveness and database reachability',
          response: { 200: HealthSchema, 503: HealthSchema },
        },
      },
      async (request, reply) => {
        let timer: NodeJS.Timeout | undefined;
        try {
          await Promise.race([
            pingDatabase(),
            new Promise((_, reject) => {
              timer = setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS);
            }),
          ]);
          return { status: 'ok' as const, db: 'ok' as const };
        } catch (err) {
          request.log.warn({ err }, 'health check: database did not answer');
          return reply.code(503).send({ status: 'error', db: 'error' });
        } finally {
          clearTimeout(timer);
        }
      },
    );
  };
}
