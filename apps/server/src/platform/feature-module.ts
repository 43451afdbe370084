import type { FastifyPluginAsyncZod, FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { JobDefinition } from './jobs/job-definition.js';
import type { Schedule } from './jobs/job-schedules.js';
import type { Subscription } from './jobs/outbox.js';

/**
 * What a server feature hands the composition root (decision 021): its routes, the domain events it
 * subscribes to, the kinds of job it runs and the schedules that enqueue them. Each feature builds its own
 * with a factory taking its dependencies; app.ts registers every part of every module, so adding a feature
 * is one line in its list.
 */
export interface FeatureModule {
  name: string;
  routes: (FastifyPluginAsyncZod | FastifyPluginCallbackZod)[];
  subscriptions: Subscription[];
  jobs: JobDefinition[];
  schedules: Schedule[];
}

/** A module with only the parts given; the rest empty. */
export function featureModule(parts: Partial<FeatureModule> & { name: string }): FeatureModule {
  return { routes: [], subscriptions: [], jobs: [], schedules: [], ...parts };
}

/** Every hour, on the hour (UTC): the sweeps. */
export const HOURLY = '0 * * * *';
