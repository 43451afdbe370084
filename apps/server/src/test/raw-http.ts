import { once } from 'node:events';
import { connect } from 'node:net';

/**
 * Writes `data` to a fresh connection and sends nothing more: resolves with everything the server answered
 * and how long it took to hang up ('still open' after `waitMs`). For what app.inject() cannot send: malformed
 * or unfinished requests that Node's parser answers before Fastify sees them.
 */
export async function sendRaw(port: number, data: string, waitMs = 5_000) {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const started = Date.now();
  let received = '';
  socket.on('data', (d: Buffer) => (received += d.toString()));
  socket.on('error', () => undefined);
  socket.write(data);
  const waited = await Promise.race([
    once(socket, 'close').then(() => Date.now() - started),
    new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), waitMs)),
  ]);
  socket.destroy();
  return { received, waited };
}

/** The status line and the parsed JSON body of a raw answer. */
export function parseRawAnswer(received: string) {
  const split = received.indexOf('\r\n\r\n');
  return {
    statusLine: received.slice(0, received.indexOf('\r\n')),
    head: received.slice(0, split),
    body: JSON.parse(received.slice(split + 4)) as unknown,
  };
}
