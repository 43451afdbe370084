import { request, type IncomingHttpHeaders } from 'node:http';

/** One frame of a text/event-stream: an event (id, event, data) or a comment line (a heartbeat). */
export interface SseFrame {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
}

export function parseFrame(block: string): SseFrame {
  const frame: SseFrame = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) frame.comment = line.slice(1);
    const match = /^(id|event|data): ?(.*)$/.exec(line);
    if (match) frame[match[1] as 'id' | 'event' | 'data'] = match[2]!;
  }
  return frame;
}

/**
 * A real HTTP client of GET /api/events on its own socket (app.inject cannot stream): collects frames as
 * they arrive; `next` waits for the next one that matches.
 */
export async function openSse(url: string, headers: Record<string, string> = {}) {
  const frames: SseFrame[] = [];
  const waiters: Array<() => void> = [];
  let ended = false;
  let body = '';
  const req = request(url, { headers: { accept: 'text/event-stream', ...headers }, agent: false });
  const response = await new Promise<{ status: number; headers: IncomingHttpHeaders }>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      res.setEncoding('utf8');
      let pending = '';
      res.on('data', (chunk: string) => {
        if (res.statusCode !== 200) {
          body += chunk;
          return;
        }
        pending += chunk;
        let end: number;
        while ((end = pending.indexOf('\n\n')) >= 0) {
          frames.push(parseFrame(pending.slice(0, end)));
          pending = pending.slice(end + 2);
        }
        waiters.splice(0).forEach((wake) => wake());
      });
      res.on('close', () => {
        ended = true;
        waiters.splice(0).forEach((wake) => wake());
      });
      resolve({ status: res.statusCode ?? 0, headers: res.headers });
    });
    req.end();
  });
  let read = 0;

  /** The next frame (after those already taken) that matches; rejects after `timeoutMs` or at the end. */
  async function next(match: (frame: SseFrame) => boolean = (f) => f.data !== undefined, timeoutMs = 5_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (read < frames.length) {
        const frame = frames[read++]!;
        if (match(frame)) return frame;
      }
      if (ended) throw new Error('the stream ended');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no matching frame in time');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  return {
    ...response,
    frames,
    next,
    /** The events (frames with data) received so far. */
    events: () => frames.filter((f) => f.data !== undefined),
    body: () => body,
    get ended() {
      return ended;
    },
    /** Resolves when the server ends the stream; rejects after `timeoutMs`. */
    async closedByServer(timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (!ended) {
        if (Date.now() > deadline) throw new Error('the stream is still open');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => req.destroy(),
  };
}

export type SseClient = Awaited<ReturnType<typeof openSse>>;
