import {
  BookFacetsSchema,
  BookIdsRequestSchema,
  BookListQuerySchema,
  BookListSchema,
  BookPaths,
  BookSchema,
  BulkUpdateBooksRequestSchema,
  BulkUpdateBooksResponseSchema,
  CountResponseSchema,
  CreateBookRequestSchema,
  ExportQuerySchema,
  IdParamsSchema,
  JobSchema,
  RevertBooksRequestSchema,
  UpdateBookRequestSchema,
} from '@bookshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/authentication.js';
import type { BooksService } from './books.service.js';
import type { DemoService } from './demo.service.js';
import { REVERT_BODY_LIMIT_BYTES } from './revert-body-limit.js';

export interface BooksRoutesDeps {
  books: BooksService;
  demo: DemoService;
}

const tags = ['books'];

export function booksRoutes({ books, demo }: BooksRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      BookPaths.export,
      {
        schema: {
          tags,
          summary: 'The whole library as a file: CSV in Goodreads columns (plus ours), or JSON with every field',
          querystring: ExportQuerySchema,
        },
      },
      async (request, reply) => {
        const file = await books.export(requireUser(request).userId, request.query.format);
        return reply
          .type(file.type)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'private, no-store')
          .send(file.body);
      },
    );

    app.get(
      BookPaths.list,
      {
        config: { conditional: true },
        schema: {
          tags,
          summary: 'Search, filter, sort and page the library',
          querystring: BookListQuerySchema,
          response: { 200: BookListSchema },
        },
      },
      async (request) => books.list(requireUser(request).userId, request.query),
    );

    app.get(
      BookPaths.facets,
      {
        config: { conditional: true },
        schema: {
          tags,
          summary: 'Counts by status, format, genre, tag and account',
          response: { 200: BookFacetsSchema },
        },
      },
      async (request) => books.facets(requireUser(request).userId),
    );

    app.post(
      BookPaths.list,
      { schema: { tags, summary: 'Add a book', body: CreateBookRequestSchema, response: { 201: BookSchema } } },
      async (request, reply) => reply.code(201).send(await books.create(requireUser(request).userId, request.body)),
    );

    app.get(
      '/api/books/:id',
      {
        config: { conditional: true },
        schema: { tags, summary: 'One book', params: IdParamsSchema, response: { 200: BookSchema } },
      },
      async (request) => books.get(requireUser(request).userId, request.params.id),
    );

    app.patch(
      '/api/books/:id',
      {
        schema: {
          tags,
          summary: 'Change a book (status rules apply: read sets dateRead, leaving read clears it)',
          params: IdParamsSchema,
          body: UpdateBookRequestSchema,
          response: { 200: BookSchema },
        },
      },
      async (request) => books.update(requireUser(request).userId, request.params.id, request.body),
    );

    app.delete(
      '/api/books/:id',
      { schema: { tags, summary: 'Delete a book (restorable for a while)', params: IdParamsSchema } },
      async (request, reply) => {
        await books.remove(requireUser(request).userId, request.params.id);
        return reply.code(204).send();
      },
    );

    app.post(
      BookPaths.bulk,
      {
        schema: {
          tags,
          summary: 'Change status or add/remove a tag on many books; answers their previous state for Undo',
          body: BulkUpdateBooksRequestSchema,
          response: { 200: BulkUpdateBooksResponseSchema },
        },
      },
      async (request) => books.bulkUpdate(requireUser(request).userId, request.body),
    );

    app.post(
      BookPaths.revert,
      {
        bodyLimit: REVERT_BODY_LIMIT_BYTES,
        schema: {
          tags,
          summary: 'Undo a bulk change: put status, dateRead and tags back',
          body: RevertBooksRequestSchema,
          response: { 200: CountResponseSchema },
        },
      },
      async (request) => books.revert(requireUser(request).userId, request.body.books),
    );

    app.post(
      BookPaths.bulkDelete,
      {
        schema: {
          tags,
          summary: 'Delete many books',
          body: BookIdsRequestSchema,
          response: { 200: CountResponseSchema },
        },
      },
      async (request) => books.removeMany(requireUser(request).userId, request.body.ids),
    );

    app.post(
      BookPaths.restore,
      {
        schema: {
          tags,
          summary: 'Undo a delete: bring books back from the trash',
          body: BookIdsRequestSchema,
          response: { 200: CountResponseSchema },
        },
      },
      async (request) => books.restore(requireUser(request).userId, request.body.ids),
    );

    app.post(
      BookPaths.demo,
      {
        schema: {
          tags,
          summary: 'Load the 23 sample books, once: answers the job that adds them (GET /api/jobs/{id})',
          response: { 202: JobSchema },
        },
      },
      async (request, reply) => reply.code(202).send(await demo.start(requireUser(request).userId)),
    );
  };
}
