import {
  AddTagRequestSchema,
  BatchFilesRequestSchema,
  BulkFilesRequestSchema,
  BulkTagRequestSchema,
  CloudDrivePaths,
  CloudFileListSchema,
  CloudFilesQuerySchema,
  CountResultSchema,
  FileBookLinkSchema,
  FILE_BOOK_PATH,
  FileIdParamsSchema,
  FileMarksSchema,
  LinkFileBookRequestSchema,
  FileTagParamsSchema,
} from '@bookshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../../platform/authentication.js';
import { fastifyPath } from '../../../platform/route-paths.js';
import type { FilesService } from './files.service.js';

const tags = ['cloud-drives'];

/** core.md §7 "Cloud drive files": the list, a client's batch, favourites and tags one by one and in bulk. */
export function filesRoutes({ files }: { files: FilesService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      CloudDrivePaths.files,
      {
        schema: {
          tags,
          summary:
            'The files of my drives, my uploads and (when offered to me) the library folder, by name, with my ' +
            'favourites and tags; search matches the name, connectionId=a,b keeps those drives',
          querystring: CloudFilesQuerySchema,
          response: { 200: CloudFileListSchema },
        },
      },
      async (request) => files.list(requireUser(request).userId, request.query),
    );

    app.post(
      CloudDrivePaths.filesBatch,
      {
        schema: {
          tags,
          summary: 'Store file records listed by the client into one of my cloud drives (by external id)',
          body: BatchFilesRequestSchema,
          response: { 200: CountResultSchema },
        },
      },
      async (request) => files.batch(requireUser(request).userId, request.body),
    );

    for (const [method, favorite] of [
      ['POST', true],
      ['DELETE', false],
    ] as const) {
      app.route({
        method,
        url: fastifyPath(CloudDrivePaths.favorite),
        schema: {
          tags,
          summary: favorite ? 'Add a file to my favourites' : 'Remove a file from my favourites',
          params: FileIdParamsSchema,
          response: { 200: FileMarksSchema },
        },
        handler: async (request) => files.setFavorite(requireUser(request).userId, request.params.id, favorite),
      });
    }

    app.post(
      fastifyPath(CloudDrivePaths.tags),
      {
        schema: {
          tags,
          summary: 'Tag a file (my own tags; trimmed, each once)',
          params: FileIdParamsSchema,
          body: AddTagRequestSchema,
          response: { 200: FileMarksSchema },
        },
      },
      async (request) => files.addTag(requireUser(request).userId, request.params.id, request.body.tag),
    );

    app.delete(
      fastifyPath(CloudDrivePaths.tag),
      {
        schema: {
          tags,
          summary: 'Remove one of my tags from a file',
          params: FileTagParamsSchema,
          response: { 200: FileMarksSchema },
        },
      },
      async (request) => files.removeTag(requireUser(request).userId, request.params.id, request.params.tag),
    );

    app.put(
      fastifyPath(FILE_BOOK_PATH),
      {
        schema: {
          tags,
          summary: 'Link a file to one of my library books (null unlinks it); the link is mine alone',
          params: FileIdParamsSchema,
          body: LinkFileBookRequestSchema,
          response: { 200: FileBookLinkSchema },
        },
      },
      async (request) => files.linkBook(requireUser(request).userId, request.params.id, request.body.bookId),
    );

    for (const [url, favorite] of [
      [CloudDrivePaths.bulkFavorite, true],
      [CloudDrivePaths.bulkUnfavorite, false],
    ] as const) {
      app.post(
        url,
        {
          schema: {
            tags,
            summary: `${favorite ? 'Favourite' : 'Unfavourite'} several files (those I cannot see are skipped)`,
            body: BulkFilesRequestSchema,
            response: { 200: CountResultSchema },
          },
        },
        async (request) => files.favoriteMany(requireUser(request).userId, request.body.fileIds, favorite),
      );
    }

    for (const [method, add] of [
      ['POST', true],
      ['DELETE', false],
    ] as const) {
      app.route({
        method,
        url: CloudDrivePaths.bulkTags,
        schema: {
          tags,
          summary: `${add ? 'Add a tag to' : 'Remove a tag from'} several files (the count is of files changed)`,
          body: BulkTagRequestSchema,
          response: { 200: CountResultSchema },
        },
        handler: async (request) =>
          files.tagMany(requireUser(request).userId, request.body.fileIds, request.body.tag, add),
      });
    }

    app.delete(
      fastifyPath(CloudDrivePaths.file),
      {
        schema: {
          tags,
          summary: 'Delete one of my uploaded files (its stored bytes too); other drives’ files are not deleted here',
          params: FileIdParamsSchema,
        },
      },
      async (request, reply) => {
        await files.deleteUpload(requireUser(request).userId, request.params.id);
        return reply.code(204).send();
      },
    );
  };
}
