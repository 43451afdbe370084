import type autocannon from 'autocannon';
import { bookBody, WRITE_HEADERS } from './seed.js';

interface Context {
  id?: string;
  n?: number;
}

/**
 * What each connection of the mixed run does, in a loop: adds a book, reads it, lists, searches, edits it,
 * reads it again, lists, reads /api/me, lists, deletes it. Three writes in ten requests, all of them as the
 * seeded reader; the id of the book it added travels in the connection's context.
 */
export function mixedRequests(cookie: string): autocannon.Request[] {
  const read = { method: 'GET' as const, headers: { cookie } };
  const write = { headers: { ...WRITE_HEADERS, cookie } };
  const withId = (path: (id: string) => string) => (req: autocannon.Request, context: object) => {
    const { id } = context as Context;
    // No book to act on (its create failed): the connection starts its sequence again.
    return id ? { ...req, path: path(id) } : (undefined as unknown as autocannon.Request);
  };
  return [
    {
      ...write,
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
    { ...read, setupRequest: withId((id) => `/api/books/${id}`) },
    { ...read, path: '/api/books?limit=50' },
    { ...read, path: '/api/books?q=gatsby' },
    {
      ...write,
      method: 'PATCH',
      body: JSON.stringify({ rating: 4, notes: 'Read under load.' }),
      setupRequest: withId((id) => `/api/books/${id}`),
    },
    { ...read, setupRequest: withId((id) => `/api/books/${id}`) },
    { ...read, path: '/api/books?limit=50&sort=title&order=asc' },
    { ...read, path: '/api/me' },
    { ...read, path: '/api/books?limit=20' },
    // No content-type: Fastify refuses an empty body that claims to be JSON.
    {
      method: 'DELETE',
      headers: { 'x-requested-with': 'bench', cookie },
      setupRequest: withId((id) => `/api/books/${id}`),
    },
  ];
}
