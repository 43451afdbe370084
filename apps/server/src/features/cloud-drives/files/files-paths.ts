/** Paths of the files API not (yet) in the contract's CloudDrivePaths: the lead moves them there. */
export const FilesPaths = {
  /** DELETE: removes one of my uploads (its row and its stored bytes). */
  file: '/api/cloud-drives/files/{id}',
} as const;

/** `{id}` → `:id`, as Fastify names parameters. */
export const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
