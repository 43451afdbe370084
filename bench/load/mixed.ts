import type autocannon from 'autocannon';
import { bookBody, WRITE_HEADERS } from './seed.js';

interface Context {
  id?: string;
  n?: number;
  /** When the request in flight was handed to the socket (performance.now()). */
  sent?: number;
}

/** The client's latencies in ms, per request kind of the mixed sequence (its `name`s below). */
export type KindLatencies = Map<string, number[]>;

type Step = autocannon.Request & { name: string };

/**
 * What each connection of the mixed run does, in a loop: adds a book, reads it, lists, searches, edits it,
 * reads it again, lists, reads /api/me, lists, deletes it. Three writes in ten requests, all of them as the
 * seeded reader; the id of the book it added travels in the connection's context. Each answer's latency is
 * added to `latencies` under its step's name, as the client saw it (from the request's setup, just before
 * autocannon writes it, to its answer's last byte), so the bench can say which kinds make the tail.
 */
export function mixedRequests(cookie: string, latencies: KindLatencies = new Map()): autocannon.Request[] {
  const read = { method: 'GET' as const, headers: { cookie } };
  const write = { headers: { ...WRITE_HEADERS, cookie } };
  const withId = (path: (id: string) => string) => (req: autocannon.Request, context: object) => {
    const { id } = context as Context;
    // No book to act on (its create failed): the connection starts its sequence again.
    return id ? { ...req, path: path(id) } : (undefined as unknown as autocannon.Request);
  };
  const steps: Step[] = [
    {
      ...write,
      name: 'POST /api/books',
      method: 'POST',
      path: '/api/books',
      setupRequest: (req, context) => {
        const c = context as Context;
        c.n = (c.n ?? 0) + 1;
        return { ...req, body: JSON.stringify(bookBody(100_000 + c.n)) };
      },
      onResponse: (status, body, context) => {
        (context as Context).id = status === 201 ? (JSON.parse(body) as { id: string }).id : undefined;
      },
    },
    { ...read, name: 'GET /api/books/:id', setupRequest: withId((id) => `/api/books/${id}`) },
    { ...read, name: 'GET /api/books?limit=50', path: '/api/books?limit=50' },
    { ...read, name: 'GET /api/books?q=gatsby', path: '/api/books?q=gatsby' },
    {
      ...write,
      name: 'PATCH /api/books/:id',
      method: 'PATCH',
      body: JSON.stringify({ rating: 4, notes: 'Read under load.' }),
      setupRequest: withId((id) => `/api/books/${id}`),
    },
    { ...read, name: 'GET /api/books/:id (after edit)', setupRequest: withId((id) => `/api/books/${id}`) },
    { ...read, name: 'GET /api/books?…sort=title', path: '/api/books?limit=50&sort=title&order=asc' },
    { ...read, name: 'GET /api/me', path: '/api/me' },
    { ...read, name: 'GET /api/books?limit=20', path: '/api/books?limit=20' },
    // No content-type: Fastify refuses an empty body that claims to be JSON.
    {
      name: 'DELETE /api/books/:id',
      method: 'DELETE',
      headers: { 'x-requested-with': 'bench', cookie },
      setupRequest: withId((id) => `/api/books/${id}`),
    },
  ];
  return steps.map(({ name, ...step }) => timed(step, latencies, name));
}

/** `step`, with its latency recorded under `name`. */
function timed(step: autocannon.Request, latencies: KindLatencies, name: string): autocannon.Request {
  const times: number[] = [];
  latencies.set(name, times);
  const { setupRequest, onResponse } = step;
  return {
    ...step,
    setupRequest: (req, context) => {
      const built = typeof setupRequest === 'function' ? setupRequest(req, context) : req;
      (context as Context).sent = performance.now();
      return built;
    },
    onResponse: (status, body, context, headers) => {
      const { sent } = context as Context;
      if (sent !== undefined) times.push(performance.now() - sent);
      if (typeof onResponse === 'function') onResponse(status, body, context, headers);
    },
  };
}
