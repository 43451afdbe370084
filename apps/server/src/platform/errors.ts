import { ErrorCode, type ApiError } from '@bookshelf/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** An error whose status, code and message are meant for the caller. Anything else is a 500. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Not found') => new AppError(404, ErrorCode.notFound, message);

function body(request: FastifyRequest, code: string, message: string, issues?: ApiError['error']['issues']): ApiError {
  return { error: { code, message, requestId: request.id, ...(issues ? { issues } : {}) } };
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  '57P01', // admin_shutdown
  '57P03', // cannot_connect_now
]);

/** True when the error (or one it wraps) says the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (/PGlite is closed/i.test(e.message)) return true;
  }
  return false;
}

export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(404)
    .send(body(request, ErrorCode.notFound, `No API route for ${request.method} ${request.url.split('?')[0]}`));
}

/**
 * One place turns every failure into the API's error body. Client mistakes keep their status and a
 * message; everything unexpected is logged with its stack and answered as a bare 500 with the request id.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: [error.validationContext, ...v.instancePath.split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'Invalid value',
      }));
      const first = issues[0];
      const message = first ? `Invalid ${first.path}: ${first.message}` : 'Invalid request';
      return reply.code(400).send(body(request, ErrorCode.validation, message, issues));
    }
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send(body(request, error.code, error.message));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(body(request, ErrorCode.unavailable, 'The service is temporarily unavailable. Please try again.'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large.
      return reply.code(status).send(body(request, error.code ?? 'BAD_REQUEST', error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(body(request, ErrorCode.internal, 'Something went wrong on our side.'));
  });
}
