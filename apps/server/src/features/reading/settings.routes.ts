import { ReadingPaths, ReadingSettingsSchema, UpdateReadingSettingsRequestSchema } from '@bookshelf/contract';
import { requireUser } from '../../platform/authentication.js';
import type { FastifyZodInstance } from './route-app.js';
import type { SettingsService } from './settings.service.js';

const tags = ['reading-progress'];

/** The reader's time zone, which days and streaks are counted in; unset, the browser's is used. */
export function settingsRoutes(app: FastifyZodInstance, { settings }: { settings: SettingsService }) {
  app.get(
    ReadingPaths.settings,
    {
      schema: {
        tags,
        summary: 'My reading settings (my time zone; null: the browser’s)',
        response: { 200: ReadingSettingsSchema },
      },
    },
    async (request) => settings.get(requireUser(request).userId),
  );

  app.put(
    ReadingPaths.settings,
    {
      schema: {
        tags,
        summary: 'Set my time zone (an IANA name; null goes back to the browser’s)',
        body: UpdateReadingSettingsRequestSchema,
        response: { 200: ReadingSettingsSchema },
      },
    },
    async (request) => settings.update(requireUser(request).userId, request.body.timeZone),
  );
}
