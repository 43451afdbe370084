import type { Database } from '../../db/client.js';
import type { Access } from '../../platform/access/access.js';
import { featureModule, type FeatureModule } from '../../platform/feature-module.js';
import { createExportRepository } from './export.repository.js';
import { createExportService } from './export.service.js';
import { createGoalsRepository } from './goals.repository.js';
import { createGoalsService } from './goals.service.js';
import { createProgressRepository } from './progress.repository.js';
import { createProgressService } from './progress.service.js';
import { createReaderContext } from './reader-context.js';
import type { ReadingPorts } from './reading.ports.js';
import { readingRoutes } from './reading.routes.js';
import { createSettingsRepository } from './settings.repository.js';
import { createSettingsService } from './settings.service.js';
import { createStatsRepository } from './stats.repository.js';
import { createStatsService } from './stats.service.js';

export interface ReadingModuleDeps {
  db: Database;
  access: Access;
  /** The drives' visible files and the library's finished books (app.ts passes those modules' answers). */
  ports: ReadingPorts;
  now: () => Date;
}

/** Reading progress (issue 15): place in each file, bookmarks, sessions, and what they add up to. */
export function readingModule({ db, access, ports, now }: ReadingModuleDeps): FeatureModule {
  const progressRepository = createProgressRepository(db);
  const settings = createSettingsService({ settings: createSettingsRepository(db) });
  const stats = createStatsService({ stats: createStatsRepository(db), now });
  const goals = createGoalsService({ db, goals: createGoalsRepository(db), access, ports });
  return featureModule({
    name: 'reading-progress',
    routes: [
      readingRoutes({
        readers: createReaderContext({ access, settings }),
        progress: createProgressService({ db, progress: progressRepository, access, ports, now }),
        stats,
        goals,
        exports: createExportService({
          exports: createExportRepository(db),
          progress: progressRepository,
          stats,
          goals,
          now,
        }),
        settings,
      }),
    ],
  });
}
