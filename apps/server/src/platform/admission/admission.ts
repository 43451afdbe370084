import { ErrorCode } from '@bookshelf/contract';
import { channel } from 'node:diagnostics_channel';
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

/** One request's way through the gate (ms, performance.now()), and how many were ahead of it on arrival. */
export interface AdmissionTiming {
  /** The method and the route's pattern, e.g. "GET /api/books/:id". */
  route: string;
  arrived: number;
  admitted: number;
  left: number;
  insideOnArrival: number;
  waitingOnArrival: number;
}

/**
 * Published only while someone subscribes (bench/load/breakdown.mjs, for its queueing breakdown); the gate
 * otherwise costs no clock reads.
 */
export const admissionTimings = channel('bookshelf:admission');

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
    const timing = request.admissionTiming;
    if (!timing) return;
    request.admissionTiming = undefined;
    timing.left = performance.now();
    admissionTimings.publish(timing);
  };
  const timeArrival = (request: FastifyRequest) => {
    if (!admissionTimings.hasSubscribers) return;
    const arrived = performance.now();
    request.admissionTiming = {
      route: `${request.method} ${request.routeOptions.url ?? request.url}`,
      arrived,
      // NaN until admitted: a request turned away never was.
      admitted: NaN,
      left: arrived,
      insideOnArrival: gate.inside,
      waitingOnArrival: gate.waiting,
    };
  };
  const timeAdmission = (request: FastifyRequest) => {
    if (request.admissionTiming) request.admissionTiming.admitted = performance.now();
  };
  app.decorateRequest('leaveAdmission', undefined);
  app.decorateRequest('admissionTiming', undefined);
  const refuse = (request: FastifyRequest, error: unknown) => {
    if (!(error instanceof AdmissionTimeout)) return error;
    request.log.warn({ waitedMs: error.waitedMs, waiting: gate.waiting }, 'request refused: the server is busy');
    return new AppError(503, ErrorCode.unavailable, BUSY_MESSAGE, { 'retry-after': '1' });
  };
  // Callback hooks, and no promise when a place is free: they run for every API request (bench/load).
  // preValidation, before authentication's (registered later), so a request's turn covers its session lookup.
  app.addHook('preValidation', (request, _reply, done) => {
    if (!isApiPath(request.url) || request.routeOptions.config.admission === false) return done();
    timeArrival(request);
    const leaveNow = gate.tryEnter();
    if (leaveNow) {
      request.leaveAdmission = leaveNow;
      timeAdmission(request);
      return done();
    }
    gate.enter().then(
      (leaveLater) => {
        request.leaveAdmission = leaveLater;
        timeAdmission(request);
        done();
      },
      (error: unknown) => done(refuse(request, error) as Error),
    );
  });
  // Left as soon as the answer is handed over; the other two cover answers that never reach onSend.
  app.addHook('onSend', (request, _reply, payload, done) => {
    leave(request);
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    leave(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    leave(request);
    done();
  });
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
    /** Only while bench/load (or another subscriber) listens to `admissionTimings`. */
    admissionTiming: AdmissionTiming | undefined;
  }
}
