import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** The OpenAPI document is generated from the zod schemas the routes declare. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Bookshelf API',
        version: '0.1.0',
        description:
          'Every route takes and returns JSON. Browsers authenticate with the session cookie (unsafe methods need ' +
          'an X-Requested-With header); API clients send Authorization: Bearer <token>.',
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { url: '/api/openapi.json' },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
