import { CloudDrivePaths, FileIdParamsSchema, textInput } from '@bookshelf/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { requireUser } from '../../../platform/authentication.js';
import { contentDisposition, untrustedFileHeaders } from './content-headers.js';
import type { ContentService } from './content.service.js';
import { fastifyPath } from '../../../platform/route-paths.js';

const tags = ['cloud-drives'];
const ContentQuerySchema = z.object({
  download: z.optional(z.enum(['0', '1'], 'download must be 1 or 0.')),
});
/** `v` is the thumbnail's version as the file list gives it: only there so a new thumbnail is a new address. */
const ThumbnailQuerySchema = z.object({
  v: z.optional(textInput('v must be text.').check(z.maxLength(64, 'v is too long.'))),
});
/** A year: a thumbnail's address changes with its bytes. Private: it is a reader's own file's cover. */
const IMMUTABLE = 'private, max-age=31536000, immutable';

/**
 * A signal that fires when the client goes away before the answer is complete: the provider's download is
 * cancelled with it instead of streaming on into nothing.
 */
function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** A file's bytes (with HTTP ranges) and its thumbnail, for whoever may see the file. */
export function contentRoutes({ content }: { content: ContentService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      fastifyPath(CloudDrivePaths.content),
      {
        schema: {
          tags,
          summary:
            'A file’s bytes, streamed from its drive, the library folder or my uploads; one HTTP byte range ' +
            'is honoured (206), several get the whole file; ?download=1 saves it as an attachment',
          params: FileIdParamsSchema,
          querystring: ContentQuerySchema,
        },
      },
      async (request, reply) => {
        const { userId } = requireUser(request);
        const signal = clientGone(reply);
        const file = await content.open(
          userId,
          request.params.id,
          { range: request.headers.range, ifRange: request.headers['if-range'] as string | undefined },
          signal,
        );
        untrustedFileHeaders(reply, 'private, no-store')
          .code(file.status)
          .type(file.contentType)
          .header('accept-ranges', 'bytes')
          .header(
            'content-disposition',
            contentDisposition(request.query.download === '1' ? 'attachment' : 'inline', file.name),
          );
        if (file.contentLength !== null) reply.header('content-length', file.contentLength);
        if (file.contentRange !== null) reply.header('content-range', file.contentRange);
        return reply.send(file.stream);
      },
    );

    app.get(
      fastifyPath(CloudDrivePaths.thumbnail),
      {
        schema: {
          tags,
          summary:
            'A file’s cover thumbnail: the one the server made (WebP, cached for a year under its `v`), else its ' +
            'drive’s preview; 404 when it has none or the file is not yours to see',
          params: FileIdParamsSchema,
          querystring: ThumbnailQuerySchema,
        },
      },
      async (request, reply) => {
        const { userId } = requireUser(request);
        const thumbnail = await content.thumbnail(userId, request.params.id, clientGone(reply));
        return untrustedFileHeaders(reply, thumbnail.immutable ? IMMUTABLE : 'private, max-age=3600')
          .type(thumbnail.contentType)
          .send(thumbnail.stream);
      },
    );
  };
}
