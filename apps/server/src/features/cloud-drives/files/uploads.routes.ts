import { CloudDriveMessages } from '@bookshelf/contract';
import { CloudDriveLimits, CloudDrivePaths, UploadResultSchema } from '@bookshelf/contract';
import multipart, { type FastifyMultipartBaseOptions } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../../platform/authentication.js';
import { invalidField } from '../../../platform/errors.js';
import type { IncomingFile, UploadsService } from './uploads.service.js';

const tags = ['cloud-drives'];
const FIELD = 'file';

/** A broken or over-full form as a 400 naming the field; anything else as it is. */
function formError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return invalidField(FIELD, CloudDriveMessages.tooManyFiles);
  if (code?.startsWith('FST_') || (error instanceof Error && /multipart|part terminated/i.test(error.message))) {
    return invalidField(FIELD, CloudDriveMessages.noFile);
  }
  return error;
}

/**
 * The form's `file` parts in order, each to be read before the next is asked for (the form is one stream).
 * Other fields and other files are passed over.
 */
async function* filesOf(request: FastifyRequest): AsyncGenerator<IncomingFile> {
  const parts = request.parts()[Symbol.asyncIterator]();
  for (;;) {
    let next;
    try {
      next = await parts.next();
    } catch (error) {
      throw formError(error);
    }
    if (next.done) return;
    const part = next.value;
    if (part.type !== 'file') continue;
    if (part.fieldname !== FIELD) {
      part.file.resume();
      await new Promise((resolve) => part.file.once('end', resolve));
      continue;
    }
    yield { filename: part.filename, stream: part.file };
  }
}

/** POST uploads: book files into the reader's own "My Uploads" drive. */
export function uploadsRoutes({ uploads }: { uploads: UploadsService }): FastifyPluginAsyncZod {
  return async (app) => {
    // Only this plugin's routes read multipart forms, with limits of their own: the app's 1 MB body limit is
    // for JSON, and multipart bodies are streamed rather than parsed into memory. One byte over the cap
    // reaches the upload's own counter, which refuses it.
    const options: FastifyMultipartBaseOptions & { defParamCharset: string } = {
      throwFileSizeLimit: false,
      // Browsers send a file's name as raw UTF-8.
      defParamCharset: 'utf8',
      limits: {
        fileSize: uploads.maxBytes + 1,
        files: CloudDriveLimits.uploadMaxFiles,
        fields: 10,
        fieldSize: 1024,
        parts: CloudDriveLimits.uploadMaxFiles + 10,
        headerPairs: 50,
      },
    };
    await app.register(multipart, options);

    app.post(
      CloudDrivePaths.uploads,
      {
        schema: {
          tags,
          summary:
            'Upload book files (multipart field file, several at once) into My Uploads: each file’s type is ' +
            'read from its bytes (PDF, EPUB, MOBI, AZW3, FB2, CBZ, DOCX, DOC, UTF-8 text); files of another ' +
            'type come back in `rejected`',
          consumes: ['multipart/form-data'],
          response: { 201: UploadResultSchema },
        },
      },
      async (request, reply) => {
        const { userId } = requireUser(request);
        if (!request.isMultipart()) throw invalidField(FIELD, CloudDriveMessages.noFile);
        const result = await uploads.upload(userId, filesOf(request));
        return reply.code(201).send(result);
      },
    );
  };
}
