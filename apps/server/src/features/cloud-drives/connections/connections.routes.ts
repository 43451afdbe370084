import {
  CloudConnectionListSchema,
  CloudConnectionSchema,
  CloudDrivePaths,
  CloudProvidersSchema,
  ConnectCallbackRequestSchema,
  ConnectionIdParamsSchema,
  oauthCallbackPath,
  ProviderParamsSchema,
  RemoveConnectionResultSchema,
  UpdateConnectionRequestSchema,
  type CloudProvider,
} from '@bookshelf/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { requireUser } from '../../../platform/authentication.js';
import type { createConnectService } from './connect.service.js';
import type { ConnectionsService } from './connections.service.js';
import { fastifyPath } from '../../../platform/route-paths.js';

const tags = ['cloud-drives'];
const IdParams = z.object({ id: ConnectionIdParamsSchema.shape.connectionId });

export interface ConnectionsRoutesDeps {
  connections: ConnectionsService;
  connect: ReturnType<typeof createConnectService>;
}

/**
 * Where the provider sends the popup back: the popup posts its result to the page that opened it with its own
 * origin as the target, so it must come back on the origin that page is on. That is the origin this request
 * came to (the page opened the popup on a relative path) when its Host is one the server knows, unless PUBLIC_URL
 * names the one the app is served on (request.ownOrigin()); it is also the URI registered with the provider.
 */
export const redirectUriFor = (request: FastifyRequest, provider: CloudProvider) =>
  `${request.ownOrigin()}${oauthCallbackPath(provider)}`;

/** core.md §7: the providers on offer, the reader's connections, and the connect flow. */
export function connectionsRoutes({ connections, connect }: ConnectionsRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      CloudDrivePaths.providers,
      {
        schema: {
          tags,
          summary: 'Which drives this server can connect, whether I see the library folder, and the upload limit',
          response: { 200: CloudProvidersSchema },
        },
      },
      async (request) => connections.providers(requireUser(request).userId),
    );

    app.get(
      CloudDrivePaths.connections,
      {
        schema: {
          tags,
          summary: 'My drive connections (and the library folder when I see it), with health and file counts',
          response: { 200: CloudConnectionListSchema },
        },
      },
      async (request) => connections.list(requireUser(request).userId),
    );

    app.patch(
      fastifyPath(CloudDrivePaths.connection),
      {
        schema: {
          tags,
          summary: 'Rename one of my drive connections, or turn it off and on',
          params: IdParams,
          body: UpdateConnectionRequestSchema,
          response: { 200: CloudConnectionSchema },
        },
      },
      async (request) => connections.update(requireUser(request).userId, request.params.id, request.body),
    );

    app.delete(
      fastifyPath(CloudDrivePaths.connection),
      {
        schema: {
          tags,
          summary: 'Disconnect a drive: revoke its access at the provider and remove it with its files',
          params: IdParams,
          response: { 200: RemoveConnectionResultSchema },
        },
      },
      async (request) => connections.remove(requireUser(request).userId, request.params.id),
    );

    app.post(
      fastifyPath(CloudDrivePaths.refreshConnection),
      {
        schema: {
          tags,
          summary: 'Refresh a drive connection’s access token now',
          params: IdParams,
          response: { 200: CloudConnectionSchema },
        },
      },
      async (request) => connections.refresh(requireUser(request).userId, request.params.id),
    );

    app.get(
      fastifyPath(CloudDrivePaths.connect),
      {
        schema: {
          tags,
          summary: 'Start connecting a drive (the popup’s first page; redirects to the provider)',
          params: ProviderParamsSchema,
        },
      },
      async (request, reply) => {
        const { userId } = requireUser(request);
        const { provider } = request.params;
        const url = await connect.start(userId, provider, redirectUriFor(request, provider));
        return reply.header('cache-control', 'no-store').redirect(url);
      },
    );

    app.post(
      fastifyPath(CloudDrivePaths.connectCallback),
      {
        schema: {
          tags,
          summary: 'Finish connecting a drive with the code and state the popup received',
          params: ProviderParamsSchema,
          body: ConnectCallbackRequestSchema,
          response: { 201: CloudConnectionSchema },
        },
      },
      async (request, reply) => {
        const { userId } = requireUser(request);
        const connection = await connect.finish(userId, request.params.provider, request.body);
        return reply.code(201).send(connection);
      },
    );
  };
}
