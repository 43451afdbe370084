import {
  CreateReadingGoalRequestSchema,
  ReadingGoalListSchema,
  ReadingGoalSchema,
  ReadingIdParamsSchema,
  ReadingPaths,
  UpdateGoalProgressRequestSchema,
  UserIdParamsSchema,
} from '@bookshelf/contract';
import { requireUser } from '../../platform/authentication.js';
import { fastifyPath } from '../../platform/route-paths.js';
import type { GoalsService } from './goals.service.js';
import type { ReaderContext } from './reader-context.js';
import type { FastifyZodInstance } from './route-app.js';

const tags = ['reading-progress'];

/** core.md §7: reading goals, whose progress follows the reader's sessions and finished books. */
export function goalsRoutes(
  app: FastifyZodInstance,
  { readers, goals }: { readers: ReaderContext; goals: GoalsService },
) {
  app.get(
    fastifyPath(ReadingPaths.goals),
    {
      schema: {
        tags,
        summary: 'My reading goals with their progress now',
        params: UserIdParamsSchema,
        response: { 200: ReadingGoalListSchema },
      },
    },
    async (request) => {
      const { userId, timeZone } = await readers.self(request, request.params.userId);
      return goals.list(userId, timeZone);
    },
  );

  app.post(
    ReadingPaths.createGoal,
    {
      schema: {
        tags,
        summary: 'Set a goal of books, pages or minutes between two days (progress follows my reading)',
        body: CreateReadingGoalRequestSchema,
        response: { 201: ReadingGoalSchema },
      },
    },
    async (request, reply) => {
      const { userId, timeZone } = await readers.caller(request);
      return reply.code(201).send(await goals.create(userId, request.body, timeZone));
    },
  );

  app.patch(
    fastifyPath(ReadingPaths.goal),
    {
      schema: {
        tags,
        summary: 'Set a goal’s progress now; reading afterwards adds to it',
        params: ReadingIdParamsSchema,
        body: UpdateGoalProgressRequestSchema,
        response: { 200: ReadingGoalSchema },
      },
    },
    async (request) => {
      const { userId, timeZone } = await readers.caller(request);
      return goals.setProgress(userId, request.params.id, request.body.progress, timeZone);
    },
  );

  app.delete(
    fastifyPath(ReadingPaths.goal),
    { schema: { tags, summary: 'Delete one of my goals', params: ReadingIdParamsSchema } },
    async (request, reply) => {
      await goals.remove(requireUser(request).userId, request.params.id);
      return reply.code(204).send();
    },
  );
}
