import { ErrorCode, textInput } from '@bookshelf/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { bearerToken, requireUser, type Principal } from '../authentication.js';
import { AppError } from '../errors.js';
import { hashSecret } from '../secrets.js';
import type { Hub } from './hub.js';
import type { LiveEventsOptions } from './options.js';
import type { LiveEventsStore, StoredLiveEvent } from './store.js';
import { openSseStream, type Credential } from './stream.js';

export const LIVE_EVENTS_PATH = '/api/events';

/** An event id as the client echoes it; an empty one (nothing received yet) means "no resume". */
const EventIdSchema = z.optional(textInput().check(z.regex(/^\d{0,15}$/, 'must be an event id (digits)')));
const parseEventId = (value: string | undefined) => (value ? Number(value) : undefined);

function credentialOf(request: FastifyRequest, principal: Principal): Credential {
  if (principal.via === 'session' && principal.sessionKey) return { kind: 'session', key: principal.sessionKey };
  return { kind: 'token', key: hashSecret(bearerToken(request) ?? '') };
}

export function liveEventsRoutes(deps: {
  store: LiveEventsStore;
  hub: Hub;
  settings: LiveEventsOptions;
}): FastifyPluginCallbackZod {
  const { store, hub, settings } = deps;

  /**
   * Whether events after `resumeAfter` may have been pruned: the client's last event (always one of the user's)
   * is no longer retained. 0 (the user had no event when the stream started) is taken as complete.
   */
  const prunedSince = async (userId: string, resumeAfter: number) => {
    if (resumeAfter === 0) return false;
    const oldest = await store.oldestId(userId);
    return oldest === undefined || resumeAfter < oldest;
  };
  return (app, _options, done) => {
    app.get(
      LIVE_EVENTS_PATH,
      {
        // A stream stays open for hours: it must not hold a turn that other requests wait for.
        config: { admission: false },
        schema: {
          tags: ['live events'],
          summary: 'Server-sent events for the signed-in user (text/event-stream)',
          description:
            'Each event has `id:` (resume with the Last-Event-ID header or `lastEventId`), `event:` (the type) ' +
            'and `data:` (a LiveEvent as JSON). A comment line comes every 25 s. The stream ends when the ' +
            'session or token that opened it is revoked.',
          querystring: z.object({ lastEventId: EventIdSchema }),
          headers: z.object({ 'last-event-id': EventIdSchema }),
        },
      },
      async (request, reply) => {
        const principal = requireUser(request);
        const { userId } = principal;
        if (hub.count(userId) >= settings.maxStreamsPerUser) {
          throw new AppError(
            429,
            ErrorCode.rateLimited,
            `At most ${settings.maxStreamsPerUser} live-update connections may be open per account. Close a tab and try again.`,
            { 'retry-after': '30' },
          );
        }
        const resumeAfter = parseEventId(request.headers['last-event-id']) ?? parseEventId(request.query.lastEventId);
        // From here the answer is written by hand: Fastify's onSend hooks (and so any compression) never see it.
        reply.hijack();
        const stream = openSseStream(reply.raw, reply.getHeaders(), {
          userId,
          credential: credentialOf(request, principal),
          startId: resumeAfter ?? 0,
          maxBufferedBytes: settings.maxBufferedBytes,
          onClose: (closed) => hub.remove(closed),
        });
        if (stream.closed) return;
        // Registered before the replay is read, so an event stored meanwhile is held back and sent after it.
        stream.startReplay();
        hub.add(stream);
        let replayed: StoredLiveEvent[] = [];
        try {
          if (resumeAfter === undefined) stream.position(await store.latestId(userId));
          else {
            replayed = await store.after([userId], resumeAfter, settings.replayLimit);
            if (replayed.length >= settings.replayLimit || (await prunedSince(userId, resumeAfter))) stream.resync();
          }
        } catch (err) {
          request.log.warn({ err }, 'live events: could not read where the stream starts');
          stream.close();
        }
        stream.endReplay(replayed);
      },
    );
    done();
  };
}
