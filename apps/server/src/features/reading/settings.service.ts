import { isKnownTimeZone, ReadingMessages, type ReadingSettings } from '@bookshelf/contract';
import { invalidField } from '../../platform/errors.js';
import type { SettingsRepository } from './settings.repository.js';

/** Zone names kept at most; the names Intl accepts, in any case, are a bounded set anyway. */
const ZONE_CACHE_MAX = 2000;

/**
 * The reader's time zone (issue 15): chosen in the settings, else the browser's (the x-time-zone header),
 * else UTC. A zone is used only when both PostgreSQL (which counts the days) and Intl (which the web and the
 * export's file name use) know it.
 */
export function createSettingsService({ settings }: { settings: SettingsRepository }) {
  // Lower-cased name → PostgreSQL's spelling, or null when it does not know it: asking costs a scan of its
  // zone list, and the header comes with every reading request.
  const zones = new Map<string, string | null>();

  async function knownZone(name: string): Promise<string | undefined> {
    if (!isKnownTimeZone(name)) return undefined;
    const key = name.toLowerCase();
    let found = zones.get(key);
    if (found === undefined) {
      found = (await settings.zoneName(name)) ?? null;
      if (found !== null && !isKnownTimeZone(found)) found = null;
      if (zones.size >= ZONE_CACHE_MAX) zones.clear();
      zones.set(key, found);
    }
    return found ?? undefined;
  }

  return {
    /** The zone the reader's days are counted in: theirs, else the browser's when valid, else UTC. */
    async zoneOf(userId: string, browserZone: string | string[] | undefined): Promise<string> {
      const stored = await settings.timeZone(userId);
      if (stored) return stored;
      const header = typeof browserZone === 'string' ? browserZone.trim() : undefined;
      return (header && (await knownZone(header))) || 'UTC';
    },

    async get(userId: string): Promise<ReadingSettings> {
      return { timeZone: await settings.timeZone(userId) };
    },

    /** Stores the zone as PostgreSQL spells it; one it does not know is a 400 naming timeZone. */
    async update(userId: string, timeZone: string | null): Promise<ReadingSettings> {
      const zone = timeZone === null ? null : await knownZone(timeZone.trim());
      if (zone === undefined) throw invalidField('body.timeZone', ReadingMessages.invalidTimeZone);
      await settings.setTimeZone(userId, zone);
      return { timeZone: zone };
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
