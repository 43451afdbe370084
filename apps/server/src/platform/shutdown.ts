import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

export interface ShutdownDeps {
  app: FastifyInstance;
  /** Closed after the HTTP server has drained, in order. */
  resources: Array<{ name: string; close(): Promise<void> }>;
  timeoutMs: number;
  log: FastifyBaseLogger;
}

/**
 * Returns a function that stops accepting connections, lets in-flight requests finish, closes idle
 * keep-alive sockets, then closes the resources. It resolves
 * to the exit code: 0 on a clean stop, 1 when something failed or the deadline passed.
 */
export function createShutdown({ app, resources, timeoutMs, log }: ShutdownDeps): (signal: string) => Promise<number> {
  let running: Promise<number> | undefined;

  const stop = async (): Promise<number> => {
    let code = 0;
    // Fastify closes the sockets that are idle when close() starts; a keep-alive socket whose request
    // was still running goes idle later and would hold the process open, so sweep until closed.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await app.close();
    } catch (err) {
      log.error({ err }, 'error while closing the HTTP server');
      code = 1;
    } finally {
      clearInterval(sweep);
    }
    for (const resource of resources) {
      try {
        await resource.close();
      } catch (err) {
        log.error({ err, resource: resource.name }, 'error while closing a resource');
        code = 1;
      }
    }
    return code;
  };

  return (signal) => {
    running ??= (async () => {
      log.info({ signal }, 'shutting down');
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<number>((resolve) => {
        timer = setTimeout(() => {
          log.error({ timeoutMs }, 'shutdown deadline passed; exiting anyway');
          resolve(1);
        }, timeoutMs);
      });
      const code = await Promise.race([stop(), deadline]);
      clearTimeout(timer);
      return code;
    })();
    return running;
  };
}
