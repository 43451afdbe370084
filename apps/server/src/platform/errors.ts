import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ErrorCode, type ApiError } from '@bookshelf/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isConnectionError, isTransactionConflict } from '../db/errors.js';
import { findOutboundError } from './outbound-http/errors.js';

/** An error whose status, code and message are meant for the caller. Anything else is a 500. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Headers the answer must carry, such as Retry-After on a 429. */
    readonly headers: Record<string, string> = {},
    /** Field-level problems, for a 400 about input a route validates itself (a multipart form's fields). */
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A 400 naming one field, as a schema's own validation answers. */
export const invalidField = (path: string, message: string) =>
  new AppError(400, ErrorCode.validation, message, {}, [{ path, message }]);

export const notFound = (message = 'Not found') => new AppError(404, ErrorCode.notFound, message);

function body(request: FastifyRequest, code: string, message: string, issues?: ApiError['error']['issues']): ApiError {
  return { error: { code, message, requestId: request.id, ...(issues ? { issues } : {}) } };
}

/**
 * True when the database could not be reached or the connection was lost under the request (a restart, a
 * failover, pg_terminate_backend): nothing the caller did wrong, and worth trying again in a moment.
 */
export const isDatabaseUnavailable = (error: unknown) => isConnectionError(error);

/** Fastify's own client errors keep their message (it describes the request); anything else gets these. */
const CLIENT_ERROR_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  404: ErrorCode.notFound,
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  408: 'REQUEST_TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
};
const MALFORMED_REQUEST = 'The request could not be understood.';
const CLIENT_ERROR_MESSAGES: Record<number, string> = {
  400: MALFORMED_REQUEST,
  408: 'The request did not arrive in time.',
  413: 'The request is too large.',
  414: 'The address is too long.',
  415: 'This content type is not supported.',
  429: 'Too many requests. Please wait a moment before trying again.',
  431: 'The request headers are too large.',
};

/**
 * Errors Fastify raises before routing (a malformed URL, a bad content-type header): same body shape,
 * and the request id header that the onRequest hook would have set.
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  // A too-long path segment's message would repeat the whole address back, up to the header size limit.
  const message = status === 414 ? (CLIENT_ERROR_MESSAGES[414] ?? error.message) : error.message;
  void reply
    .code(status)
    .header('x-request-id', request.id)
    .send(body(request, CLIENT_ERROR_CODES[status] ?? 'BAD_REQUEST', message));
}

/** Node's parser errors that have an answer of their own; any other is a 400. */
const CLIENT_ERROR_STATUS: Record<string, number> = { ERR_HTTP_REQUEST_TIMEOUT: 408, HPE_HEADER_OVERFLOW: 431 };

/**
 * Node's 'clientError': a request too malformed, too large or too late for Fastify ever to see (a garbled
 * request line, headers past the size limit, a slow client past the timeouts). It gets the API's error body
 * too, written straight to the socket as Node itself does, which then closes.
 */
export function clientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // Never write into a response already under way (a pipelined request before this one): that would corrupt it.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const status = CLIENT_ERROR_STATUS[error.code ?? ''] ?? 400;
    const json = JSON.stringify({
      error: {
        code: CLIENT_ERROR_CODES[status] ?? 'BAD_REQUEST',
        message: CLIENT_ERROR_MESSAGES[status] ?? MALFORMED_REQUEST,
      },
    } satisfies ApiError);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}

export function notFoundReply(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send(body(request, ErrorCode.notFound, 'Not found'));
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
  app.setErrorHandler((thrown: unknown, request, reply) => {
    if (!(thrown instanceof Error)) {
      request.log.error({ thrown }, 'a non-Error value was thrown');
      return reply.code(500).send(body(request, ErrorCode.internal, 'Something went wrong on our side.'));
    }
    const error = thrown as FastifyError;
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
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send(body(request, error.code, error.message, error.issues));
    }
    const outbound = findOutboundError(error);
    if (outbound) {
      // Another service failed us (or our rules about it refused it): a 502/504, never a 500.
      request.log.warn({ err: error }, 'outbound call failed');
      return reply.code(outbound.httpStatus).send(body(request, outbound.apiCode, outbound.publicMessage));
    }
    // A transaction that lost to another even when run again (see db/transaction.ts) is as passing as a lost
    // connection: the caller may simply send the request again.
    if (isDatabaseUnavailable(error) || isTransactionConflict(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(body(request, ErrorCode.unavailable, 'The service is temporarily unavailable. Please try again.'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      // Fastify's and its plugins' (FST_*) messages describe the request: malformed JSON, wrong content
      // type, body too large. Any other library's 4xx message may carry internals, so it is replaced.
      const code = CLIENT_ERROR_CODES[status] ?? `HTTP_${status}`;
      const message = error.code?.startsWith('FST_')
        ? error.message
        : (CLIENT_ERROR_MESSAGES[status] ?? 'The request was not accepted.');
      return reply.code(status).send(body(request, code, message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(body(request, ErrorCode.internal, 'Something went wrong on our side.'));
  });
}
