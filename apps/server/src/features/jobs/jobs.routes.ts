import { IdParamsSchema, JobSchema } from '@bookshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownedPrivately, type Access, type AccessPolicy } from '../../platform/access/access.js';
import { requireUser } from '../../platform/authentication.js';
import type { JobRow } from '../../db/schema/index.js';
import { toJob, type JobsRepository } from '../../platform/jobs/job-store.js';

const tags = ['jobs'];

/** A job is its user's alone; the platform's own jobs (sweeps, deliveries) belong to nobody who could ask. */
const jobAccess: AccessPolicy<JobRow & { userId: string }> = {
  resource: (job) => ownedPrivately(job.userId),
  notFound: 'Job not found.',
};
const usersJob = (row: JobRow | undefined) => (row?.userId ? { ...row, userId: row.userId } : undefined);

export function jobsRoutes({ jobs, access }: { jobs: JobsRepository; access: Access }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/jobs/:id',
      {
        schema: {
          tags,
          summary: 'One of my jobs: state, progress, result',
          params: IdParamsSchema,
          response: { 200: JobSchema },
        },
      },
      async (request) => {
        const { userId } = requireUser(request);
        const job = usersJob(await jobs.findById(request.params.id));
        return toJob(await access.requireVisible({ userId }, job, jobAccess));
      },
    );

    app.delete(
      '/api/jobs/:id',
      {
        schema: {
          tags,
          summary: 'Cancel one of my jobs (a running one stops at its next step)',
          params: IdParamsSchema,
          response: { 200: JobSchema },
        },
      },
      async (request) => {
        const { userId } = requireUser(request);
        const job = await access.requireChangeable(
          { userId },
          usersJob(await jobs.findById(request.params.id)),
          jobAccess,
        );
        return toJob((await jobs.cancel(job.id)) ?? job);
      },
    );
  };
}
