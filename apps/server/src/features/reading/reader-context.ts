import { TIME_ZONE_HEADER } from '@bookshelf/contract';
import type { FastifyRequest } from 'fastify';
import type { Access } from '../../platform/access/access.js';
import { requireUser } from '../../platform/authentication.js';
import { requireSelf } from './reading-access.js';
import type { SettingsService } from './settings.service.js';

export interface Reader {
  userId: string;
  /** The zone the reader's days are counted in (settings, else the browser's header, else UTC). */
  timeZone: string;
}

/** Who is reading, in which zone: what every reading route starts from. */
export function createReaderContext({ access, settings }: { access: Access; settings: SettingsService }) {
  const zoneOf = (request: FastifyRequest, userId: string) =>
    settings.zoneOf(userId, request.headers[TIME_ZONE_HEADER]);

  return {
    /** The signed-in caller (401 otherwise) and their zone. */
    async caller(request: FastifyRequest): Promise<Reader> {
      const { userId } = requireUser(request);
      return { userId, timeZone: await zoneOf(request, userId) };
    },

    /** The caller, when the path's `{userId}` is theirs; another reader's is a 404. */
    async self(request: FastifyRequest, pathUserId: string): Promise<Reader> {
      const { userId } = requireUser(request);
      await requireSelf(access, userId, pathUserId);
      return { userId, timeZone: await zoneOf(request, userId) };
    },
  };
}

export type ReaderContext = ReturnType<typeof createReaderContext>;
