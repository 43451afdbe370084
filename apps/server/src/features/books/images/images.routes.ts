import {
  BookImageFileParamsSchema,
  BookImageListSchema,
  BookImageParamsSchema,
  BookImageSchema,
  IdParamsSchema,
  ImageLimits,
  ImageMessages,
  UploadBookImageQuerySchema,
} from '@bookshelf/contract';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../../platform/authentication.js';
import { AppError, invalidField } from '../../../platform/errors.js';
import type { ImagesService } from './images.service.js';

const tags = ['books'];

const tooLarge = () =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', ImageMessages.uploadTooLarge, {}, [
    { path: 'file', message: ImageMessages.uploadTooLarge },
  ]);

/** The bytes of the multipart field `file`; its name and Content-Type are not read, the bytes decide. */
async function photoOf(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw invalidField('file', ImageMessages.noFile);
  let part;
  try {
    part = await request.file({ limits: { fileSize: ImageLimits.uploadMaxBytes, files: 1, fields: 5 } });
  } catch {
    throw invalidField('file', ImageMessages.noFile);
  }
  if (!part || part.fieldname !== 'file') throw invalidField('file', ImageMessages.noFile);
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
}

export function imagesRoutes({ images }: { images: ImagesService }): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { limits: { fileSize: ImageLimits.uploadMaxBytes, files: 1 } });

    app.get(
      '/api/books/:id/images',
      {
        config: { conditional: true },
        schema: {
          tags,
          summary: "The book's uploaded photos with their sizes (they share a budget of 1024 KB)",
          params: IdParamsSchema,
          response: { 200: BookImageListSchema },
        },
      },
      async (request) => images.list(requireUser(request).userId, request.params.id),
    );

    app.post(
      '/api/books/:id/images',
      {
        schema: {
          tags,
          summary:
            'Add a photo (multipart field file: JPEG, PNG or WebP, at most 10 MB). It is re-encoded without ' +
            'metadata, fitted within 800×1200, and its address added to the book’s images; ?replace={imageId} ' +
            'puts it in the place of that photo instead. At most 5 images and 1024 KB of photos per book.',
          params: IdParamsSchema,
          querystring: UploadBookImageQuerySchema,
          response: { 201: BookImageSchema },
        },
      },
      async (request, reply) => {
        const { userId } = requireUser(request);
        const bytes = await photoOf(request);
        const image = await images.upload(userId, request.params.id, bytes, request.query.replace);
        return reply.code(201).send(image);
      },
    );

    app.delete(
      '/api/books/:id/images/:imageId',
      {
        schema: {
          tags,
          summary: 'Remove a photo: its file and its address in the book',
          params: BookImageParamsSchema,
        },
      },
      async (request, reply) => {
        await images.remove(requireUser(request).userId, request.params.id, request.params.imageId);
        return reply.code(204).send();
      },
    );

    app.get(
      '/api/books/:id/images/:imageId/:hash',
      {
        schema: {
          tags,
          summary: 'A stored photo, for those who may see its book (named by the SHA-256 of its bytes)',
          params: BookImageFileParamsSchema,
        },
      },
      async (request, reply) => {
        const { id, imageId, hash } = request.params;
        const { blob, contentType } = await images.read(requireUser(request).userId, id, imageId, hash);
        return reply
          .type(contentType)
          .header('content-length', blob.size)
          .header('cache-control', 'private, max-age=31536000, immutable')
          .send(blob.stream);
      },
    );
  };
}
