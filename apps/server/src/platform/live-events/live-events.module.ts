import { z } from 'zod';
import { featureModule, type FeatureModule } from '../feature-module.js';
import { defineJob } from '../jobs/job-definition.js';
import type { LiveEvents } from './live-events.js';

const PRUNE_JOB = 'live-events.prune';
/** A browser away longer than this reloads its data instead of replaying what it missed. */
const KEEP_MS = 3_600_000;

/** GET /api/events and the schedule that prunes old events (decision 018). */
export function liveEventsModule(live: LiveEvents, now: () => Date = () => new Date()): FeatureModule {
  return featureModule({
    name: 'live-events',
    routes: [live.routes],
    jobs: [
      defineJob({
        kind: PRUNE_JOB,
        payload: z.object({}),
        run: async () => void (await live.prune(new Date(now().getTime() - KEEP_MS))),
      }),
    ],
    schedules: [{ name: PRUNE_JOB, cron: '*/10 * * * *', kind: PRUNE_JOB }],
  });
}
