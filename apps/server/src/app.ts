import type { DomainEvents } from '@bookshelf/contract';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { OAuthConfig } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { createAccountsRepository } from './features/accounts/accounts.repository.js';
import { accountsRoutes } from './features/accounts/accounts.routes.js';
import { createAccountsService } from './features/accounts/accounts.service.js';
import { createActivitiesRepository } from './features/activities/activities.repository.js';
import { subscribeActivities } from './features/activities/activities.subscriptions.js';
import { createApiTokensService } from './features/auth/api-tokens.service.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { createAuthService } from './features/auth/auth.service.js';
import { meRoutes } from './features/auth/me.routes.js';
import { oauthRoutes } from './features/auth/oauth.routes.js';
import { createOAuthService } from './features/auth/oauth.service.js';
import { createSessionCookies } from './features/auth/session-cookie.js';
import {
  createApiTokensRepository,
  createPasswordResetsRepository,
  createSessionsRepository,
} from './features/auth/sessions.repository.js';
import { createSessionsService } from './features/auth/sessions.service.js';
import { createIdentitiesRepository, createUsersRepository } from './features/auth/users.repository.js';
import { createBooksRepository } from './features/books/books.repository.js';
import { booksRoutes } from './features/books/books.routes.js';
import { createBooksService } from './features/books/books.service.js';
import { createDemoService } from './features/books/demo.service.js';
import { healthRoutes } from './features/health/health.routes.js';
import { createAccess } from './platform/access/access.js';
import { noRelationships } from './platform/access/relationships.js';
import { registerAuthentication } from './platform/authentication.js';
import { createBackground } from './platform/background.js';
import { apiNotFound, clientError, frameworkError, notFoundReply, registerErrorHandler } from './platform/errors.js';
import { createEventBus, type EventBus } from './platform/events.js';
import { DEFAULT_HTTP_TIMEOUTS, httpTimeoutOptions, type HttpTimeouts } from './platform/http-timeouts.js';
import { createLiveEvents, type LiveEvents, type LiveEventsOptions } from './platform/live-events/live-events.js';
import { createMailer } from './platform/mailer.js';
import { registerOpenApi } from './platform/openapi.js';
import { createRateLimiter } from './platform/rate-limit.js';
import { requestId } from './platform/request-id.js';
import { hasWebApp, isApiPath, registerWebApp, routableUrl, serveAppShell } from './platform/web-app.js';

export interface AppOptions {
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; without one the server answers /api only. */
  webDistDir?: string | undefined;
  /** The public origin; an https one turns on HSTS and upgrade-insecure-requests. */
  publicUrl?: string | undefined;
  events?: EventBus<DomainEvents>;
  /** Social sign-in clients; a provider without one is not offered. */
  oauth?: OAuthConfig;
  /** Outgoing mail (SMTP_URL); without a URL it is written to the log. */
  mail?: { smtpUrl: string | undefined; from: string };
  /** Take client address and protocol from X-Forwarded-* (only behind a proxy you run). */
  trustProxy?: boolean;
  /** The origin of links in e-mails when PUBLIC_URL is unset (never taken from a request's Host header). */
  linkOrigin?: string;
  /** The clock of sessions, tokens and limits; tests move it instead of waiting. */
  now?: () => Date;
  /** Limits on slow clients; the defaults when unset. */
  httpTimeouts?: HttpTimeouts;
  /** GET /api/events: heartbeat, limits (tests shorten them). */
  liveEvents?: Partial<LiveEventsOptions>;
}

/** Expired sessions, reset links and rate-limit windows are swept this often. */
const SWEEP_INTERVAL_MS = 3_600_000;

/**
 * The composition root: repositories → services → routes are wired here and nowhere else.
 * It never listens, so tests drive it with app.inject().
 */
export async function buildApp(options: AppOptions) {
  const { database, webDistDir, publicUrl } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: requestId,
    // platform/shutdown.ts closes idle sockets on shutdown and lets in-flight requests finish; a request
    // that arrives on a busy keep-alive socket meanwhile is answered (with Connection: close), not a 503.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    ...httpTimeoutOptions(options.httpTimeouts ?? DEFAULT_HTTP_TIMEOUTS),
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkError,
    clientErrorHandler: clientError,
    rewriteUrl: routableUrl,
    trustProxy: options.trustProxy ?? false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandler(app);

  const https = publicUrl?.startsWith('https://') ?? false;
  await app.register(helmet, {
    hsts: https,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
  });

  const events = options.events ?? createEventBus<DomainEvents>(app.log);
  app.decorate('events', events);

  await registerOpenApi(app, { https });
  await app.register(cookie);
  await app.register(healthRoutes({ pingDatabase: () => database.ping() }));

  // Sign-in, sessions and tokens: repositories → services → routes.
  const { db } = database;
  const now = options.now;
  // Who may see or change what; no friendships or blocks exist yet (decision 019).
  const access = createAccess({ relationships: noRelationships });
  // Live events (GET /api/events); a stream ends when the session or token that opened it is revoked.
  const live = createLiveEvents({
    database,
    log: app.log,
    options: options.liveEvents,
    isCredentialActive: (c) => (c.kind === 'session' ? sessions.isActive(c.key) : apiTokens.isActive(c.key)),
  });
  const { credentialsRevoked } = live;
  app.decorate('live', live);
  const users = createUsersRepository(db);
  const identities = createIdentitiesRepository(db);
  const limiter = createRateLimiter(db, now);
  const sessions = createSessionsService({ sessions: createSessionsRepository(db), access, now, credentialsRevoked });
  const apiTokensRepository = createApiTokensRepository(db);
  const apiTokens = createApiTokensService({ apiTokens: apiTokensRepository, access, now, credentialsRevoked });
  const mailer = createMailer({
    smtpUrl: options.mail?.smtpUrl,
    from: options.mail?.from ?? 'Bookshelf <no-reply@localhost>',
    log: app.log,
  });
  const background = createBackground(app.log);
  const auth = createAuthService({
    db,
    users,
    resets: createPasswordResetsRepository(db),
    limiter,
    mailer,
    background,
    events,
    credentialsRevoked,
    now,
  });
  const oauth = createOAuthService({
    config: options.oauth ?? { google: undefined, twitter: undefined },
    users,
    identities,
    events,
    log: app.log,
  });
  const cookies = createSessionCookies({ https, sessions, apiTokens });
  registerAuthentication(app, { authenticate: (request, reply) => cookies.authenticate(request, reply), publicUrl });
  await app.register(
    authRoutes({ auth, oauth, cookies, appOrigin: publicUrl ?? options.linkOrigin ?? 'http://localhost:3000' }),
  );
  await app.register(meRoutes({ auth, sessions, apiTokens, identities, access }));
  await app.register(oauthRoutes({ oauth, cookies, publicUrl, https }));
  await app.register(live.routes);

  // The library: books (with the sample library) and the accounts they were bought through.
  const clock = now ?? (() => new Date());
  const booksRepository = createBooksRepository(db);
  const books = createBooksService({ db, books: booksRepository, access, events, now: clock });
  const unsubscribeActivities = subscribeActivities(events, createActivitiesRepository(db));
  const demo = createDemoService({ db, books: booksRepository, now: clock });
  await app.register(booksRoutes({ books, demo }));
  await app.register(
    accountsRoutes({ accounts: createAccountsService({ accounts: createAccountsRepository(db), access }) }),
  );

  let sweeper: NodeJS.Timeout | undefined;
  const sweep = () =>
    Promise.all([sessions.sweepExpired(), limiter.sweep(), books.purgeTrash()]).catch((err: unknown) =>
      app.log.warn({ err }, 'sweeping expired rows failed'),
    );
  app.addHook('onReady', async () => {
    sweeper = setInterval(() => void sweep(), SWEEP_INTERVAL_MS).unref();
    await live.start();
  });
  // Open streams never finish by themselves; they end before the server waits for its connections.
  app.addHook('preClose', (done) => {
    live.closeStreams();
    done();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    await live.stop();
    unsubscribeActivities();
    await background.drain();
    mailer.close();
    await oauth.close();
  });

  const serveWeb = hasWebApp(webDistDir);
  if (serveWeb) await registerWebApp(app, webDistDir);

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) return apiNotFound(request, reply);
    if (serveWeb && serveAppShell(request, reply)) return reply;
    return notFoundReply(request, reply);
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    events: EventBus<DomainEvents>;
    /** Publishes live events to the browser: `app.live.publish(userId, event, tx?)`. */
    live: LiveEvents;
  }
}
