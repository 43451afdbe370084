import {
  CloudDrivePaths,
  ConnectionIdParamsSchema,
  SyncConfigSchema,
  SyncStatusListSchema,
  SyncStatusSchema,
  UpdateSyncConfigRequestSchema,
} from '@bookshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../../platform/authentication.js';
import type { SyncService } from './sync-control.js';
import { fastifyPath } from '../../../platform/route-paths.js';

const tags = ['cloud-drives'];

/** core.md §7: sync status of every drive the reader sees, start, stop and the per-connection config. */
export function syncRoutes({ sync }: { sync: SyncService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      CloudDrivePaths.syncStatus,
      {
        schema: {
          tags,
          summary: 'The sync status of each of my drives (and of the library folder when I see it)',
          response: { 200: SyncStatusListSchema },
        },
      },
      async (request) => sync.statusList(requireUser(request).userId),
    );

    app.post(
      fastifyPath(CloudDrivePaths.syncStart),
      {
        schema: {
          tags,
          summary: 'Sync a drive now (answers the running sync when there is one) and turn background sync on',
          params: ConnectionIdParamsSchema,
          response: { 202: SyncStatusSchema },
        },
      },
      async (request, reply) =>
        reply.code(202).send(await sync.startFor(requireUser(request).userId, request.params.connectionId)),
    );

    app.post(
      fastifyPath(CloudDrivePaths.syncStop),
      {
        schema: {
          tags,
          summary: 'Stop a drive’s sync and its background sync (manual only from now on)',
          params: ConnectionIdParamsSchema,
          response: { 200: SyncStatusSchema },
        },
      },
      async (request) => sync.stopFor(requireUser(request).userId, request.params.connectionId),
    );

    app.get(
      fastifyPath(CloudDrivePaths.syncConfig),
      {
        schema: {
          tags,
          summary: 'A drive’s sync settings',
          params: ConnectionIdParamsSchema,
          response: { 200: SyncConfigSchema },
        },
      },
      async (request) => sync.config(requireUser(request).userId, request.params.connectionId),
    );

    app.put(
      fastifyPath(CloudDrivePaths.syncConfig),
      {
        schema: {
          tags,
          summary: 'Change a drive’s sync settings (interval, retries, batch size, incremental, on or off)',
          params: ConnectionIdParamsSchema,
          body: UpdateSyncConfigRequestSchema,
          response: { 200: SyncConfigSchema },
        },
      },
      async (request) => sync.updateConfig(requireUser(request).userId, request.params.connectionId, request.body),
    );
  };
}
