import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The Fastify instance the reading route groups register on, with the zod type provider. Its own module, so
 * the groups and reading.routes.ts (which mounts them) do not import each other.
 */
export type FastifyZodInstance = Parameters<FastifyPluginAsyncZod>[0];
