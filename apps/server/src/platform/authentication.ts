import { AuthMessages, ErrorCode, type SessionProvider } from '@bookshelf/contract';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/** Who is calling: a signed-in browser session or a personal API token. */
export interface Principal {
  userId: string;
  via: 'session' | 'token';
  /** The session row's key (the token hash); only for cookie sessions. */
  sessionKey?: string;
  provider: SessionProvider;
}

export interface AuthenticationOptions {
  /** Resolves the caller from the request's cookie or Authorization header; null when anonymous. */
  authenticate(request: FastifyRequest, reply: FastifyReply): Principal | null | Promise<Principal | null>;
  /** The configured public origin; the request's own origin is always accepted too. */
  publicUrl: string | undefined;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
export const bearerToken = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
};

/** Declared with `config: { beacon: true }`: anonymous, header-less writes such as performance reports. */
const isBeaconRoute = (request: FastifyRequest) => request.routeOptions.config.beacon === true;

/**
 * CSRF defence for cookie-authenticated requests (DESIGN.md, SECURITY.md "sessions"): an unsafe request must
 * carry X-Requested-With (a cross-site form cannot set it, and a cross-site fetch that sets it needs a CORS
 * preflight we never grant) and, when the browser sends Origin or Sec-Fetch-Site, they must say same-origin.
 * Bearer-token clients are exempt: a browser never attaches that header on its own.
 */
function csrfProblem(request: FastifyRequest, publicUrl: string | undefined): string | undefined {
  if (!UNSAFE_METHODS.has(request.method) || !isApi(request.url) || bearerToken(request)) return undefined;
  // A beacon route (decision 032) reads no session and changes no one's data, and navigator.sendBeacon cannot
  // set headers; it keeps the same-origin checks below, which browsers apply to beacons as well.
  if (!request.headers['x-requested-with'] && !isBeaconRoute(request)) return 'missing X-Requested-With header';
  if (request.headers['sec-fetch-site'] === 'cross-site') return 'cross-site request';
  const origin = request.headers.origin;
  if (origin === undefined) return undefined;
  const own = `${request.protocol}://${request.host}`;
  return origin === own || origin === publicUrl ? undefined : `foreign Origin ${origin}`;
}

/** Declared with `config: { anonymous: true }` (or as a beacon): answers signed-out callers too. */
const isAnonymousRoute = (config: FastifyContextConfig | undefined) =>
  config?.anonymous === true || config?.beacon === true;

/** Every API route and whether it needs a caller: the guard's own record, walked by route-guards.int.test.ts. */
export interface RouteAccess {
  method: string;
  url: string;
  needsCaller: boolean;
  /** What the route takes (its zod schemas), for the audit of request schemas (request-schemas.int.test.ts). */
  takes: { body?: unknown; querystring?: unknown; params?: unknown };
}

export function registerAuthentication(app: FastifyInstance, options: AuthenticationOptions): void {
  const routes: RouteAccess[] = [];
  app.decorate('routeAccess', routes);
  app.decorateRequest('principal', null);
  // Callback hooks, and no promise for a cached credential: they run for every request (bench/load, decision 041).
  app.addHook('onRequest', (request, _reply, done) => {
    const problem = csrfProblem(request, options.publicUrl);
    if (!problem) return done();
    request.log.warn({ problem }, 'request refused by the CSRF check');
    done(new AppError(403, ErrorCode.forbidden, AuthMessages.csrf));
  });
  // Before validation: a signed-out caller learns nothing about a route's body, params or query (issue 27:
  // 21 routes described their body to anyone). An unknown path never gets here, so it costs no session lookup.
  app.addHook('preValidation', (request, reply, done) => {
    // A beacon route is anonymous by design: no session lookup for it.
    if (!isApi(request.url) || isBeaconRoute(request)) return done();
    const principal = options.authenticate(request, reply);
    if (!(principal instanceof Promise)) {
      request.principal = principal;
      return done();
    }
    principal.then((found) => {
      request.principal = found;
      done();
    }, done);
  });
  // Secure by default: every API route needs a caller unless it says `anonymous`; the guard is a route-level
  // preValidation hook, which runs after the lookup above and before the schema is checked.
  app.addHook('onRoute', (route) => {
    if (!isApi(route.url)) return;
    const needsCaller = !isAnonymousRoute(route.config);
    const { body, querystring, params } = route.schema ?? {};
    const takes = { body, querystring, params };
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, needsCaller, takes });
    if (!needsCaller) return;
    const own = route.preValidation ? [route.preValidation].flat() : [];
    route.preValidation = [requireCaller, ...own];
  });
}

function requireCaller(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  try {
    requireUser(request);
    done();
  } catch (error) {
    done(error as Error);
  }
}

/** The signed-in caller, or a 401 that the web app answers by showing the sign-in screen. */
export function requireUser(request: FastifyRequest): Principal {
  if (request.principal) return request.principal;
  const message = bearerToken(request)
    ? 'This API token is invalid or has been revoked.'
    : AuthMessages.unauthenticated;
  throw new AppError(401, ErrorCode.unauthenticated, message);
}

/** Only a browser session may manage sessions and sign out; an API token is for data access. */
export function requireSession(request: FastifyRequest): Principal & { sessionKey: string } {
  const principal = requireUser(request);
  if (principal.via !== 'session' || !principal.sessionKey) {
    throw new AppError(403, ErrorCode.forbidden, 'This action needs a signed-in browser session, not an API token.');
  }
  return principal as Principal & { sessionKey: string };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The API routes registered after authentication, each with whether it needs a caller. */
    routeAccess: readonly RouteAccess[];
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Accepts writes without X-Requested-With and never authenticates (see isBeaconRoute). */
    beacon?: boolean;
    /** Answers signed-out callers too; every other API route is refused 401 before its input is read. */
    anonymous?: boolean;
  }
}
