import { ErrorCode } from '@bookshelf/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { isApiPath } from '../web-app.js';
import { AdmissionTimeout, createAdmissionGate, type AdmissionGate } from './admission-gate.js';

export interface AdmissionOptions {
  /** API requests whose handlers run at once; the rest wait their turn in arrival order. */
  concurrency: number;
  /** How long a request may wait for its turn before it is answered 503 with Retry-After. */
  maxWaitMs: number;
}

export const BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';

/**
 * First come, first served for API requests (decision 037). Each request's statements used to queue one by
 * one behind every other request's at the database, so a request of ten statements waited ten times as long
 * as a request of one, and the slowest 1% took three times the median. Admitted in arrival order, a request
 * meets the database's queue only with the few admitted beside it. The gate sits before authentication and
 * after the body is read, so a slow upload holds no place; it is left when the answer is handed over (or the
 * client goes away). Routes that hold a request open (the event stream) or must answer while busy (health)
 * say `config: { admission: false }`.
 */
export function registerAdmission(app: FastifyInstance, options: AdmissionOptions): AdmissionGate {
  const gate = createAdmissionGate(options);
  const leave = (request: FastifyRequest) => {
    request.leaveAdmission?.();
    request.leaveAdmission = undefined;
  };
  app.decorateRequest('leaveAdmission', undefined);
  app.addHook('preHandler', async (request) => {
    if (!isApiPath(request.url) || request.routeOptions.config.admission === false) return;
    try {
      request.leaveAdmission = await gate.enter();
    } catch (error) {
      if (!(error instanceof AdmissionTimeout)) throw error;
      request.log.warn({ waitedMs: error.waitedMs, waiting: gate.waiting }, 'request refused: the server is busy');
      throw new AppError(503, ErrorCode.unavailable, BUSY_MESSAGE, { 'retry-after': '1' });
    }
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    leave(request);
    return payload;
  });
  app.addHook('onResponse', async (request) => leave(request));
  app.addHook('onRequestAbort', async (request) => leave(request));
  return gate;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route does not wait for a turn (platform/admission/admission.ts). */
    admission?: boolean;
  }
  interface FastifyRequest {
    /** Set while the request holds a place in the admission gate. */
    leaveAdmission: (() => void) | undefined;
  }
}
