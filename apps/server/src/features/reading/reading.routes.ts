import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ExportService } from './export.service.js';
import type { GoalsService } from './goals.service.js';
import { goalsRoutes } from './goals.routes.js';
import type { ProgressService } from './progress.service.js';
import { progressRoutes } from './progress.routes.js';
import type { ReaderContext } from './reader-context.js';
import type { SettingsService } from './settings.service.js';
import { settingsRoutes } from './settings.routes.js';
import { statsRoutes } from './stats.routes.js';
import type { StatsService } from './stats.service.js';

export interface ReadingRoutesDeps {
  readers: ReaderContext;
  progress: ProgressService;
  stats: StatsService;
  goals: GoalsService;
  exports: ExportService;
  settings: SettingsService;
}

/**
 * core.md §7 "Reading progress" (issue 15). No answer is kept by a cache: statistics change with the clock
 * and the zone header, which a data-version ETag (decision 027) does not stand for, so these routes are not
 * conditional and are sent with no-store.
 */
export function readingRoutes(deps: ReadingRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.method === 'GET' && !reply.hasHeader('cache-control'))
        reply.header('cache-control', 'private, no-store');
      done(null, payload);
    });
    progressRoutes(app, deps);
    statsRoutes(app, deps);
    goalsRoutes(app, deps);
    settingsRoutes(app, deps);
  };
}
