import type { LiveEvent, LiveEventSchema, LiveEventType } from '@bookshelf/contract';
import { VALIDATE_RESPONSES } from './api-client';
import { countConnectedStream } from './live-events-state';

export const LIVE_EVENTS_URL = '/api/events';

/** Every event type the server sends as the SSE `event:` field; the compiler insists each one is here. */
const TYPES: Record<LiveEventType, true> = {
  'job.updated': true,
  'books.changed': true,
  'import.updated': true,
  'cloud-drives.sync': true,
  'cloud-drives.changed': true,
  resync: true,
};

/** After the browser gives up (an answer other than 200: 401, 429, 503), the next try waits this long, doubling. */
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 60_000;

function parse(schema: typeof LiveEventSchema | undefined, data: string): LiveEvent | undefined {
  try {
    const json: unknown = JSON.parse(data);
    // Unchecked outside development and tests, like every API answer (see VALIDATE_RESPONSES).
    if (!schema) return json as LiveEvent;
    const parsed = schema.safeParse(json);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined; // not JSON
  }
}

export interface LiveEventsOptions {
  /** Called for each event that matches the contract; others are dropped (and logged). */
  onEvent: (event: LiveEvent) => void;
  /** The EventSource class (tests pass a fake). */
  EventSource?: typeof EventSource;
  /** Check each event against the contract (default: in development and tests, see VALIDATE_RESPONSES). */
  validate?: boolean;
}

/**
 * The tab's one connection to GET /api/events. EventSource reconnects by itself after a dropped connection,
 * sending Last-Event-ID, so the server replays what was missed; only when it gives up (an error answer) is a
 * new one opened here, with backoff, resuming after the last event seen. Returns the function that closes
 * it (on sign-out, when the signed-in part of the app unmounts).
 */
export function connectLiveEvents({
  onEvent,
  EventSource: Source = globalThis.EventSource,
  validate = VALIDATE_RESPONSES,
}: LiveEventsOptions) {
  let source: EventSource | undefined;
  let lastEventId = '';
  let retries = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let connected = false;
  const setConnected = (now: boolean) => {
    if (now !== connected) countConnectedStream(now ? 1 : -1);
    connected = now;
  };

  // Loaded with the first connection; events wait for it in the order they came.
  const schema = validate ? import('./live-event-schema').then((m) => m.LiveEventSchema) : Promise.resolve(undefined);
  const receive = (message: MessageEvent<string>) => {
    if (message.lastEventId) lastEventId = message.lastEventId;
    void schema.then((loaded) => {
      const event = parse(loaded, message.data);
      if (stopped) return;
      if (event) onEvent(event);
      else console.warn('live events: an event that does not match the contract was dropped', message.type);
    });
  };

  const open = () => {
    if (stopped) return;
    const url = lastEventId ? `${LIVE_EVENTS_URL}?lastEventId=${encodeURIComponent(lastEventId)}` : LIVE_EVENTS_URL;
    const current = new Source(url);
    source = current;
    for (const type of Object.keys(TYPES)) current.addEventListener(type, receive as EventListener);
    current.addEventListener('open', () => {
      retries = 0;
      setConnected(true);
    });
    current.addEventListener('error', () => {
      setConnected(false);
      if (current.readyState !== Source.CLOSED || stopped) return;
      const delay = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** retries);
      retries += 1;
      timer = setTimeout(open, delay * (0.5 + Math.random() / 2));
    });
  };

  open();
  return () => {
    stopped = true;
    setConnected(false);
    clearTimeout(timer);
    source?.close();
  };
}
