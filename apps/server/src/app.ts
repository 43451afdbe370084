import type { DomainEvents } from '@bookshelf/contract';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from './db/client.js';
import { healthRoutes } from './features/health/health.routes.js';
import { apiNotFound, frameworkError, notFoundReply, registerErrorHandler } from './platform/errors.js';
import { createEventBus, type EventBus } from './platform/events.js';
import { registerOpenApi } from './platform/openapi.js';
import { requestId } from './platform/request-id.js';
import { hasWebApp, registerWebApp, serveAppShell } from './platform/web-app.js';

export interface AppOptions {
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; without one the server answers /api only. */
  webDistDir?: string | undefined;
  /** The public origin; an https one turns on HSTS and upgrade-insecure-requests. */
  publicUrl?: string | undefined;
  events?: EventBus<DomainEvents>;
}

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * The composition root: repositories → services → routes are wired here and nowhere else.
 * It never listens, so tests drive it with app.inject().
 */
export async function buildApp(options: AppOptions) {
  const { database, webDistDir, publicUrl } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: requestId,
    // Idle keep-alive sockets are closed on shutdown; in-flight requests are allowed to finish.
    forceCloseConnections: 'idle',
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandler(app);

  const https = publicUrl?.startsWith('https://') ?? false;
  await app.register(helmet, {
    hsts: https,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
  });

  const events = options.events ?? createEventBus<DomainEvents>(app.log);
  app.decorate('events', events);

  await registerOpenApi(app, { https });
  await app.register(healthRoutes({ pingDatabase: database.ping }));

  const serveWeb = hasWebApp(webDistDir);
  if (serveWeb) await registerWebApp(app, webDistDir);

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) return apiNotFound(request, reply);
    if (serveWeb && serveAppShell(request, reply)) return reply;
    return notFoundReply(request, reply);
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    events: EventBus<DomainEvents>;
  }
}
