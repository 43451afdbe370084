import { JobSchema } from '@bookshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/authentication.js';
import { notFound } from '../../platform/errors.js';
import { toJob, type JobsRepository } from '../../platform/jobs/job-store.js';

const tags = ['jobs'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IdParams = z.object({ id: z.string() });
const JOB_NOT_FOUND = 'Job not found.';

/** Another user's job and a malformed id answer alike: 404, so existence does not leak. */
function found<T>(id: string, lookup: (id: string) => Promise<T | undefined>): Promise<T> {
  if (!UUID.test(id)) throw notFound(JOB_NOT_FOUND);
  return lookup(id).then((row) => {
    if (!row) throw notFound(JOB_NOT_FOUND);
    return row;
  });
}

export function jobsRoutes({ jobs }: { jobs: JobsRepository }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/jobs/:id',
      {
        schema: {
          tags,
          summary: 'One of my jobs: state, progress, result',
          params: IdParams,
          response: { 200: JobSchema },
        },
      },
      async (request) => {
        const { userId } = requireUser(request);
        return toJob(await found(request.params.id, (id) => jobs.findForUser(userId, id)));
      },
    );

    app.delete(
      '/api/jobs/:id',
      {
        schema: {
          tags,
          summary: 'Cancel one of my jobs (a running one stops at its next step)',
          params: IdParams,
          response: { 200: JobSchema },
        },
      },
      async (request) => {
        const { userId } = requireUser(request);
        return toJob(await found(request.params.id, (id) => jobs.cancelForUser(userId, id)));
      },
    );
  };
}
