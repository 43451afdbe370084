import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { registerOpenApiComponents } from './openapi-components.js';

/**
 * swagger-ui's own CSP always upgrades to https, which blanks the page on a plain-http LAN address, and
 * pins inline styles by hash, which its UI then breaks. The docs page gets the upgrade only behind https
 * and may use inline styles (it runs no user content).
 */
function docsCsp(header: string, https: boolean): string {
  const directives = header
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d && (https || d !== 'upgrade-insecure-requests'))
    .map((d) => (d.startsWith('style-src ') ? "style-src 'self' 'unsafe-inline'" : d));
  return `${directives.join('; ')};`;
}

/**
 * The roots of what the document describes: the API and the protocols served beside it. Everything else is the
 * web app (its pages and hundreds of built asset files), which is no API (issue 27: 303 of 394 paths).
 */
export const DOCUMENTED_ROOTS = ['/api', '/opds', '/kosync', '/.well-known'] as const;

export const isDocumentedPath = (url: string) =>
  DOCUMENTED_ROOTS.some((root) => url === root || url.startsWith(`${root}/`));

const transform: typeof jsonSchemaTransform = (input) =>
  isDocumentedPath(input.url) ? jsonSchemaTransform(input) : { schema: { hide: true }, url: input.url };

/** The OpenAPI document is generated from the zod schemas the routes declare. */
export async function registerOpenApi(app: FastifyInstance, { https }: { https: boolean }): Promise<void> {
  registerOpenApiComponents();
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
    transform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) => docsCsp(header, https),
    uiConfig: { url: '/api/openapi.json' },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
