import { CoverParamsSchema, IsbnLookupSchema, IsbnParamsSchema } from '@bookshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/authentication.js';
import { AppError } from '../../platform/errors.js';
import { BlobNotFoundError } from '../../platform/storage/blob-store.js';
import type { LookupService } from './lookup.service.js';

const tags = ['lookup'];

export function lookupRoutes({ lookup }: { lookup: LookupService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/lookup/isbn/:isbn',
      {
        schema: {
          tags,
          summary: 'What Open Library and Google Books know about an ISBN-10 or ISBN-13, with covers found',
          params: IsbnParamsSchema,
          response: { 200: IsbnLookupSchema },
        },
        // It waits seconds on other services: it must not hold one of the database's few turns meanwhile.
        config: { admission: false },
      },
      async (request) => lookup.lookup(requireUser(request).userId, request.params.isbn),
    );

    app.get(
      '/api/covers/:hash',
      {
        schema: {
          tags,
          summary: 'A cover the server stored (named by the SHA-256 of its bytes)',
          params: CoverParamsSchema,
        },
        // Named by the hash of its bytes: whoever knows the name has seen the cover (shared wishlists show them).
        config: { admission: false, anonymous: true },
      },
      async (request, reply) => {
        try {
          const blob = await lookup.readCover(request.params.hash);
          return reply
            .type(blob.contentType)
            .header('content-length', blob.size)
            .header('cache-control', 'public, max-age=31536000, immutable')
            .header('x-content-type-options', 'nosniff')
            .send(blob.stream);
        } catch (error) {
          if (error instanceof BlobNotFoundError) throw new AppError(404, 'NOT_FOUND', 'Cover not found.');
          throw error;
        }
      },
    );
  };
}
