import type { ServerResponse } from 'node:http';
import type { LiveEvent } from '@bookshelf/contract';
import type { StoredLiveEvent } from './store.js';

/** Which sign-in opened a stream: a session (its key) or an API token (its hash). */
export interface Credential {
  kind: 'session' | 'token';
  key: string;
}

/** How many recently sent ids a stream remembers, so an event that reaches it twice is sent once. */
const RECENT_IDS = 256;

/**
 * One open GET /api/events answer. Frames are written as they come; while the stream replays what its
 * client missed, live events wait in a buffer so that they follow the replay.
 */
export interface SseStream {
  readonly userId: string;
  readonly credential: Credential;
  /** The highest id sent (or the position the stream started at). */
  readonly lastId: number;
  readonly closed: boolean;
  /** Sends the event unless it was sent already. */
  send(event: StoredLiveEvent): void;
  /** Tells the client that events it missed cannot all be replayed (no `id:`: its Last-Event-ID stays). */
  resync(): void;
  /** Sets the client's Last-Event-ID without an event (an `id:` line alone moves it, per the SSE spec). */
  position(id: number): void;
  heartbeat(): void;
  /** Holds live events back until `endReplay`, which sends the replayed events first. */
  startReplay(): void;
  endReplay(replayed: StoredLiveEvent[]): void;
  close(): void;
}

export interface SseStreamOptions {
  userId: string;
  credential: Credential;
  startId: number;
  /** A client that lets more than this pile up unread is dropped; it reconnects and resumes. */
  maxBufferedBytes: number;
  onClose(stream: SseStream): void;
}

const frame = (event: StoredLiveEvent) => {
  const { type } = event.data as { type: string };
  return `id: ${event.id}\nevent: ${type}\ndata: ${JSON.stringify(event.data)}\n\n`;
};

/** Headers the answer carries besides its own (request id, security headers set before the hijack). */
type Headers = Record<string, string | number | readonly string[] | undefined>;

export function openSseStream(res: ServerResponse, headers: Headers, options: SseStreamOptions) {
  let lastId = options.startId;
  let closed = false;
  let buffered: StoredLiveEvent[] | undefined;
  const recent = new Set<number>();

  for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
  res.setHeader('content-type', 'text/event-stream; charset=utf-8');
  // no-transform: a proxy must not compress (or buffer) it either; X-Accel-Buffering: nginx must not buffer.
  res.setHeader('cache-control', 'no-cache, no-transform');
  res.setHeader('x-accel-buffering', 'no');
  res.writeHead(200);
  res.socket?.setNoDelay(true);

  // What the socket has not taken yet is measured before each write, so one large event does not drop a
  // client that reads; one that leaves earlier frames unread past the cap is gone.
  const write = (chunk: string) => {
    // ended here, by shutdown.ts, or gone: 'close' may not have fired yet, and a write after end is an error
    if (closed || res.writableEnded || res.destroyed) return;
    if (res.writableLength > options.maxBufferedBytes) res.destroy();
    else res.write(chunk);
  };

  const stream: SseStream = {
    userId: options.userId,
    credential: options.credential,
    get lastId() {
      return lastId;
    },
    get closed() {
      return closed;
    },
    send(event) {
      if (buffered) {
        buffered.push(event);
        return;
      }
      if (recent.has(event.id)) return;
      recent.add(event.id);
      if (recent.size > RECENT_IDS) recent.delete(recent.values().next().value!);
      lastId = Math.max(lastId, event.id);
      write(frame(event));
    },
    position(id) {
      lastId = Math.max(lastId, id);
      write(`id: ${id}\n\n`);
    },
    resync: () => write(`event: resync\ndata: ${JSON.stringify({ type: 'resync' } satisfies LiveEvent)}\n\n`),
    heartbeat: () => write(':\n\n'),
    startReplay() {
      buffered = [];
    },
    endReplay(replayed) {
      const waiting = buffered ?? [];
      buffered = undefined;
      for (const event of [...replayed, ...waiting]) stream.send(event);
    },
    close() {
      if (!closed) res.end();
    },
  };

  res.once('close', () => {
    closed = true;
    options.onClose(stream);
  });
  // A client that left while the request was being authenticated: 'close' has fired already.
  if (!res.socket || res.socket.destroyed) closed = true;
  // the opening comment gets the headers through any buffering proxy at once
  write(':\n\n');
  return stream;
}
