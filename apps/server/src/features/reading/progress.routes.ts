import {
  AddBookmarkRequestSchema,
  BookmarkListSchema,
  BookmarkSchema,
  FileProgressParamsSchema,
  FileProgressSchema,
  ReadingIdParamsSchema,
  ReadingPaths,
  ReadingSessionRequestSchema,
  ReadingSessionSchema,
  SaveFileProgressRequestSchema,
} from '@bookshelf/contract';
import type { FastifyZodInstance } from './route-app.js';
import { requireUser } from '../../platform/authentication.js';
import { fastifyPath } from '../../platform/route-paths.js';
import type { ProgressService } from './progress.service.js';

const tags = ['reading-progress'];

/** core.md §7: a file's progress, its bookmarks, and finished sessions. */
export function progressRoutes(app: FastifyZodInstance, { progress }: { progress: ProgressService }) {
  app.get(
    fastifyPath(ReadingPaths.fileProgress),
    {
      schema: {
        tags,
        summary: 'My place in a file; 404 when I have none',
        params: FileProgressParamsSchema,
        response: { 200: FileProgressSchema },
      },
    },
    async (request) => progress.get(requireUser(request).userId, request.params.fileId),
  );

  app.post(
    ReadingPaths.saveFileProgress,
    {
      schema: {
        tags,
        summary: 'Save my place in a file (one record per file; an older save than the stored one is kept out)',
        body: SaveFileProgressRequestSchema,
        response: { 200: FileProgressSchema },
      },
    },
    async (request) => progress.save(requireUser(request).userId, request.body),
  );

  app.get(
    fastifyPath(ReadingPaths.bookmarks),
    {
      schema: {
        tags,
        summary: 'My bookmarks in a file, by page',
        params: FileProgressParamsSchema,
        response: { 200: BookmarkListSchema },
      },
    },
    async (request) => progress.bookmarks(requireUser(request).userId, request.params.fileId),
  );

  app.post(
    ReadingPaths.addBookmark,
    {
      schema: {
        tags,
        summary: 'Bookmark a page (the note trimmed; empty means none)',
        body: AddBookmarkRequestSchema,
        response: { 201: BookmarkSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await progress.addBookmark(requireUser(request).userId, request.body)),
  );

  app.delete(
    fastifyPath(ReadingPaths.bookmark),
    { schema: { tags, summary: 'Remove one of my bookmarks', params: ReadingIdParamsSchema } },
    async (request, reply) => {
      await progress.removeBookmark(requireUser(request).userId, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    ReadingPaths.sessions,
    {
      schema: {
        tags,
        summary: 'Record a finished reading session (statistics, goals and achievements follow from these)',
        body: ReadingSessionRequestSchema,
        response: { 201: ReadingSessionSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await progress.addSession(requireUser(request).userId, request.body)),
  );
}
