import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One answer sent to every request, as a baseline sending exactly the app's bytes. */
export interface FixedResponse {
  status?: number;
  headers: OutgoingHttpHeaders;
  body: Buffer | string;
}

export interface BareServer {
  url: string;
  close(): Promise<void>;
}

/** Headers Node's server writes itself (or that describe one connection): never replayed from a capture. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** The headers of a captured answer that a bare server should send again, in a form writeHead takes. */
export function replayableHeaders(headers: Record<string, string | string[] | undefined>): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !PER_CONNECTION.has(name)) kept[name] = value;
  return kept;
}

/**
 * A plain node:http server, the baseline a bench prints its app's figure beside: either a handler, or a
 * fixed answer (the same status, headers and bytes for every request). Listens on 127.0.0.1 and `port`
 * (any free one by default).
 */
export async function startBareServer(
  handlerOrResponse: ((req: IncomingMessage, res: ServerResponse) => void) | FixedResponse,
  { port = 0 }: { port?: number } = {},
): Promise<BareServer> {
  let handler: (req: IncomingMessage, res: ServerResponse) => void;
  if (typeof handlerOrResponse === 'function') {
    handler = handlerOrResponse;
  } else {
    const { status = 200, headers, body } = handlerOrResponse;
    const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body);
    handler = (req, res) => {
      res.writeHead(status, headers);
      res.end(req.method === 'HEAD' ? undefined : bytes);
    };
  }
  const server = createServer(handler);
  // Autocannon's connections stay open; close() must not wait for them.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
