import {
  CreateImportJsonSchema,
  IdParamsSchema,
  ImportLimits,
  ImportListSchema,
  ImportMessages,
  ImportPreviewSchema,
  ImportStatusSchema,
  StartImportSchema,
} from '@bookshelf/contract';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../../platform/authentication.js';
import { AppError, invalidField } from '../../../platform/errors.js';
import type { ImportService } from './import.service.js';

const tags = ['imports'];
/** JSON escapes a file's quotes and newlines: room for a 50 MB file written as a JSON string. */
const JSON_BODY_LIMIT = ImportLimits.maxBytes * 1.25;

/** Bytes as UTF-8 text; anything else (a spreadsheet, a picture, Latin-1) is refused with a clear message. */
function utf8(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalidField('file', ImportMessages.notText);
  }
}

/** The file from a multipart form (field `file`) or from JSON `{ text, filename }`. */
async function fileOf(request: FastifyRequest): Promise<{ text: string; filename: string }> {
  if (request.isMultipart()) {
    let part;
    try {
      part = await request.file({ limits: { fileSize: ImportLimits.maxBytes, files: 1, fields: 5 } });
    } catch {
      throw invalidField('file', ImportMessages.noFile);
    }
    if (!part || part.fieldname !== 'file') throw invalidField('file', ImportMessages.noFile);
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError(413, 'PAYLOAD_TOO_LARGE', ImportMessages.tooLarge, {}, [
          { path: 'file', message: ImportMessages.tooLarge },
        ]);
      }
      throw error;
    }
    return { text: utf8(bytes), filename: part.filename?.trim() || 'import.csv' };
  }
  const parsed = CreateImportJsonSchema.safeParse(request.body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.length ? `body.${issue.path.join('.')}` : 'body';
    throw invalidField(path, issue?.message ?? ImportMessages.noFile);
  }
  return parsed.data;
}

export function importRoutes({ imports }: { imports: ImportService }): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { limits: { fileSize: ImportLimits.maxBytes, files: 1 } });

    app.post(
      '/api/imports',
      {
        bodyLimit: JSON_BODY_LIMIT,
        schema: {
          tags,
          summary: 'Read a library file (multipart field file, or JSON text and filename) and preview its import',
          response: { 201: ImportPreviewSchema },
        },
      },
      async (request, reply) => {
        const { userId } = requireUser(request);
        const preview = await imports.preview(userId, await fileOf(request));
        return reply.code(201).send(preview);
      },
    );

    app.post(
      '/api/imports/:id/start',
      {
        schema: {
          tags,
          summary: 'Start a previewed import, skipping or merging duplicates',
          params: IdParamsSchema,
          body: StartImportSchema,
          response: { 202: ImportStatusSchema },
        },
      },
      async (request, reply) => {
        const { userId } = requireUser(request);
        return reply.code(202).send(await imports.start(userId, request.params.id, request.body.duplicates));
      },
    );

    app.post(
      '/api/imports/:id/cancel',
      {
        schema: {
          tags,
          summary: 'Stop a running import at its next step (the books added so far stay)',
          params: IdParamsSchema,
          response: { 202: ImportStatusSchema },
        },
      },
      async (request, reply) =>
        reply.code(202).send(await imports.cancel(requireUser(request).userId, request.params.id)),
    );

    app.get(
      '/api/imports/:id',
      { schema: { tags, summary: 'One of my imports', params: IdParamsSchema, response: { 200: ImportStatusSchema } } },
      async (request) => imports.get(requireUser(request).userId, request.params.id),
    );

    app.get(
      '/api/imports/:id/failures.csv',
      {
        schema: { tags, summary: 'The rows of an import that could not be imported, and why', params: IdParamsSchema },
      },
      async (request, reply) => {
        const { filename, csv } = await imports.failuresCsv(requireUser(request).userId, request.params.id);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename.replace(/[^\w.-]+/g, '_')}"`)
          .send(csv);
      },
    );

    app.get(
      '/api/imports',
      { schema: { tags, summary: 'My imports, newest first', response: { 200: ImportListSchema } } },
      async (request) => imports.list(requireUser(request).userId),
    );
  };
}
