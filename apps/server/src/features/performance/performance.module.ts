import { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Access } from '../../platform/access/access.js';
import { featureModule, HOURLY, type FeatureModule } from '../../platform/feature-module.js';
import { defineJob } from '../../platform/jobs/job-definition.js';
import { createRateLimiter } from '../../platform/rate-limit.js';
import { createPerformanceRepository } from './performance.repository.js';
import { performanceRoutes } from './performance.routes.js';
import { createPerformanceService } from './performance.service.js';

const PRUNE_JOB = 'performance.prune-samples';

/** Real users' page speed: reports in, the administrators' summary out, and the hourly pruning. */
export function performanceModule({
  db,
  access,
  now,
}: {
  db: Database;
  access: Access;
  now: () => Date;
}): FeatureModule {
  const performance = createPerformanceService({
    samples: createPerformanceRepository(db),
    limiter: createRateLimiter(db, now),
    now,
  });
  return featureModule({
    name: 'performance',
    routes: [performanceRoutes({ performance, access })],
    jobs: [defineJob({ kind: PRUNE_JOB, payload: z.object({}), run: async () => void (await performance.prune()) })],
    schedules: [{ name: PRUNE_JOB, cron: HOURLY, kind: PRUNE_JOB }],
  });
}
