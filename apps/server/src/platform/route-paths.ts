/**
 * A contract path as Fastify names its parameters: `/api/cloud-drives/files/{id}` → `/api/cloud-drives/files/:id`.
 * The contract keeps the spec's `{id}` form (core.md §7), which the web fills in and OpenAPI shows.
 */
export const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
