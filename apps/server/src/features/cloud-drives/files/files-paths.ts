/** `{id}` → `:id`, as Fastify names parameters. */
export const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
