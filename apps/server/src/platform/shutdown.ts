import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

export interface ShutdownDeps {
  app: FastifyInstance;
  /** Background work (the job runner): told to stop when the shutdown begins, awaited before the resources. */
  workers?: Array<{ name: string; stop(): Promise<void> }>;
  /** Closed after the HTTP server has drained and the workers have stopped, in order. */
  resources: Array<{ name: string; close(): Promise<void> }>;
  timeoutMs: number;
  log: FastifyBaseLogger;
}

/** How often, while draining, sockets whose last response has gone out are closed. */
const SWEEP_MS = 100;

const isEventStream = (res: ServerResponse) =>
  res.headersSent && String(res.getHeader('content-type')).startsWith('text/event-stream');

/**
 * Every socket of the server and the responses it still owes. Node's own idle test
 * (closeIdleConnections) skips a socket that has not sent a request yet, such as the one a browser opens
 * ahead of time, so one such socket held a shutdown until the deadline; this one counts only requests.
 */
function trackConnections(server: Server) {
  const sockets = new Map<Socket, Set<ServerResponse>>();
  let closing = false;

  const owed = (socket: Socket) => {
    let responses = sockets.get(socket);
    if (!responses) {
      responses = new Set();
      sockets.set(socket, responses);
      socket.once('close', () => sockets.delete(socket));
    }
    return responses;
  };
  // While draining, every answer says the connection ends with it, so a keep-alive client sends its next
  // request on a new connection (refused: nothing was processed) instead of on a socket about to close.
  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('connection', 'close');
  };

  server.on('connection', (socket: Socket) => void owed(socket));
  server.on('request', (req, res: ServerResponse) => {
    const responses = owed(req.socket);
    responses.add(res);
    res.once('close', () => responses.delete(res));
    if (closing) closeAfter(res);
  });

  /**
   * Closes the sockets that owe no response; the others get `Connection: close` on what they owe. An event
   * stream (GET /api/events) has no last byte to wait for: it ends now, and EventSource reconnects to
   * another instance and resumes with Last-Event-ID.
   */
  const sweep = () => {
    for (const [socket, responses] of sockets) {
      if (responses.size === 0) socket.destroy();
      else responses.forEach((res) => (isEventStream(res) ? res.end() : closeAfter(res)));
    }
  };

  return {
    /** Stops accepting connections and resolves once every socket has closed. */
    async drain(): Promise<void> {
      closing = true;
      // net's close() stops accepting at once; http's own close() would first reset every keep-alive
      // socket between two requests, including one whose next request is already on its way.
      const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
      // Such a request arrives well within one interval and is answered, with Connection: close.
      await new Promise((resolve) => setTimeout(resolve, SWEEP_MS));
      sweep();
      const timer = setInterval(sweep, SWEEP_MS).unref();
      try {
        await closed;
      } finally {
        clearInterval(timer);
      }
    },
  };
}

/**
 * Returns a function that stops accepting connections, lets in-flight requests finish, closes every
 * socket that owes no response, then closes the resources. It resolves to the exit code: 0 on a clean
 * stop, 1 when something failed or the deadline passed. Create it before the server listens, so that it
 * sees every connection.
 */
export function createShutdown({
  app,
  workers = [],
  resources,
  timeoutMs,
  log,
}: ShutdownDeps): (signal: string) => Promise<number> {
  const connections = trackConnections(app.server);
  let running: Promise<number> | undefined;

  const stop = async (): Promise<number> => {
    let code = 0;
    const stopped = workers.map(async (worker) => {
      try {
        await worker.stop();
      } catch (err) {
        log.error({ err, worker: worker.name }, 'error while stopping background work');
        code = 1;
      }
    });
    try {
      await connections.drain();
      await app.close();
    } catch (err) {
      log.error({ err }, 'error while closing the HTTP server');
      code = 1;
    }
    await Promise.all(stopped);
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
