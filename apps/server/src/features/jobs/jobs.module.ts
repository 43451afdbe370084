import { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Access } from '../../platform/access/access.js';
import { featureModule, HOURLY, type FeatureModule } from '../../platform/feature-module.js';
import { defineJob } from '../../platform/jobs/job-definition.js';
import { createJobsRepository } from '../../platform/jobs/job-store.js';
import { jobsRoutes } from './jobs.routes.js';

/** Finished jobs and delivered events are readable this long, then purged. */
export const FINISHED_JOB_RETENTION_DAYS = 7;
const PURGE_JOB = 'jobs.purge-finished';

/** Reading and cancelling one's jobs, and the hourly purge of old ones. */
export function jobsModule({ db, access, now }: { db: Database; access: Access; now: () => Date }): FeatureModule {
  const jobs = createJobsRepository(db);
  return featureModule({
    name: 'jobs',
    routes: [jobsRoutes({ jobs, access })],
    jobs: [
      defineJob({
        kind: PURGE_JOB,
        payload: z.object({}),
        run: () => jobs.purgeFinishedBefore(new Date(now().getTime() - FINISHED_JOB_RETENTION_DAYS * 86_400_000)),
      }),
    ],
    schedules: [{ name: PURGE_JOB, cron: HOURLY, kind: PURGE_JOB }],
  });
}
