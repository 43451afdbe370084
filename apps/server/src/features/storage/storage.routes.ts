import { StoragePaths, StorageUsageSchema } from '@bookshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/authentication.js';
import type { StorageQuota } from '../../platform/storage/storage-quota.js';

export function storageRoutes({ quota }: { quota: StorageQuota }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      StoragePaths.usage,
      {
        schema: {
          tags: ['storage'],
          summary: 'How much of the reader’s storage space their uploaded files and book photos use',
          response: { 200: StorageUsageSchema },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'private, no-cache');
        return quota.usage(requireUser(request).userId);
      },
    );
  };
}
