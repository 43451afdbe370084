import { createHash, hash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toJSONSchema, type ZodType } from 'zod';
import type { Principal } from '../authentication.js';
import type { UserVersions } from './user-versions.js';

/**
 * Conditional requests (docs/decisions/027-conditional-requests.md). A GET route whose answer depends only on
 * the caller's data, the URL and the code declares `config: { conditional: true }`; it then answers with an
 * ETag derived from the caller's data version (no query), and 304 with no body when If-None-Match names it.
 * Weak, since it is not computed from the bytes: a compressed and an identity answer share it, and weak
 * comparison is what If-None-Match uses anyway.
 */
export function registerConditionalRequests(
  app: FastifyInstance,
  {
    versions,
    salt = '',
  }: { versions: UserVersions; /** Configuration the answers depend on (ADMIN_EMAILS). */ salt?: string },
) {
  // The answer's shape is part of what the tag stands for: a deploy that changes a route's response schema
  // changes its tags, so no browser keeps a body of the old shape.
  app.addHook('onRoute', (route) => {
    const config = route.config as { conditional?: boolean; etagSeed?: string };
    if (!config?.conditional) return;
    const ok = (route.schema?.response as Record<number, unknown> | undefined)?.[200];
    const shape = ok ? JSON.stringify(toJSONSchema(ok as ZodType, { unrepresentable: 'any', io: 'output' })) : '';
    config.etagSeed = `${route.url}\0${createHash('sha256').update(`${shape}\0${salt}`).digest('base64url').slice(0, 16)}`;
  });

  /** Tags the answer for `version`; answers 304 itself (true) when the browser's copy is current. */
  const tag = (request: FastifyRequest, reply: FastifyReply, principal: Principal, version: number): boolean => {
    const config = request.routeOptions.config as { etagSeed?: string };
    // One-shot hash: this runs for every conditional request (bench/load).
    const etag = `W/"${hash(
      'sha256',
      `${config.etagSeed}\0${principal.userId}\0${principal.provider}\0${version}\0${request.url}`,
      'base64url',
    ).slice(0, 27)}"`;
    // Kept by the browser only, and checked with us before each use.
    reply.headers({ etag, 'cache-control': 'private, no-cache' });
    if (!matches(request.headers['if-none-match'], etag)) return false;
    void reply.code(304).send();
    return true;
  };

  // Callback hooks, and no promise when the version is cached: they run for every conditional request, most of
  // them answered from memory (bench/load, decision 041).
  app.addHook('preHandler', (request, reply, done) => {
    const principal = request.principal;
    if (
      !request.routeOptions.config.conditional ||
      !principal ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    )
      return done();
    // Read before the handler's query: a tag may be older than the body it goes with, never newer.
    const version = versions.current(principal.userId);
    if (typeof version === 'number') {
      if (!tag(request, reply, principal, version)) done();
      return;
    }
    version.then((read) => {
      if (!tag(request, reply, principal, read)) done();
    }, done);
  });

  // An error answer is not the representation the tag names.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.statusCode >= 300 && reply.statusCode !== 304 && reply.hasHeader('etag')) {
      reply.removeHeader('etag');
      reply.removeHeader('cache-control');
    }
    done(null, payload);
  });
}

/** If-None-Match's weak comparison (RFC 9110 §13.1.2): `*`, or any listed tag equal once W/ is ignored. */
export function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answer GETs with a data-version ETag and 304 when unchanged (platform/caching/conditional-requests.ts). */
    conditional?: boolean;
  }
}
