import type { Job } from '@bookshelf/contract';
import cookie from '@fastify/cookie';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { OAuthConfig } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { accountsModule } from './features/accounts/accounts.module.js';
import { activitiesModule } from './features/activities/activities.module.js';
import { analyticsModule } from './features/analytics/analytics.module.js';
import { authModule } from './features/auth/auth.module.js';
import { sessionCookieName } from './features/auth/session-cookie.js';
import { booksModule } from './features/books/books.module.js';
import type { CloudDrivesConfig } from './features/cloud-drives/cloud-drives.deps.js';
import { cloudDrivesModule } from './features/cloud-drives/cloud-drives.module.js';
import { IMPORT_BATCH_TARGET } from './features/books/import/import.service.js';
import { healthModule } from './features/health/health.module.js';
import { jobsModule } from './features/jobs/jobs.module.js';
import { lookupModule } from './features/lookup/lookup.module.js';
import { wishlistModule } from './features/wishlist/wishlist.module.js';
import { moneyModule } from './features/money/money.module.js';
import { readingModule } from './features/reading/reading.module.js';
import { createBookMetadata, type BookServicesConfig } from './platform/book-metadata/book-metadata.js';
import { performanceModule } from './features/performance/performance.module.js';
import { createAccess } from './platform/access/access.js';
import { adminRule, createAdmins } from './platform/access/admins.js';
import { noRelationships } from './platform/access/relationships.js';
import { registerAdmission, type AdmissionOptions } from './platform/admission/admission.js';
import { registerApiCompression } from './platform/api-compression.js';
import { registerAuthentication } from './platform/authentication.js';
import { registerConditionalRequests } from './platform/caching/conditional-requests.js';
import { createUserVersions } from './platform/caching/user-versions.js';
import { apiNotFound, clientError, frameworkError, notFoundReply, registerErrorHandler } from './platform/errors.js';
import type { FeatureModule } from './platform/feature-module.js';
import { DEFAULT_HTTP_TIMEOUTS, httpTimeoutOptions, type HttpTimeouts } from './platform/http-timeouts.js';
import { createJobRunner, type JobRunner, type JobRunnerOptions } from './platform/jobs/job-runner.js';
import { createOutbox } from './platform/jobs/outbox.js';
import { createLiveEvents, type LiveEvents } from './platform/live-events/live-events.js';
import type { LiveEventsOptions } from './platform/live-events/options.js';
import { liveEventsModule } from './platform/live-events/live-events.module.js';
import { createMailer } from './platform/mailer.js';
import { createExchangeRates } from './platform/money/exchange-rates.js';
import { registerOpenApi } from './platform/openapi.js';
import { registerOwnOrigin } from './platform/own-origin.js';
import { loadPrerenderedPages, type PrerenderedPages } from './platform/prerendered-pages.js';
import { loadSignedInShells, type SignedInShells } from './platform/signed-in-shells.js';
import { requestLogFields } from './platform/log-redaction.js';
import { requestId } from './platform/request-id.js';
import { registerSecurityHeaders } from './platform/security-headers.js';
import { inlineScriptSources } from './platform/inline-scripts.js';
import { responseSerializerCompiler, type ResponseSerialization } from './platform/response-serialization.js';
import type { BlobStore } from './platform/storage/blob-store.js';
import { createDiskStore } from './platform/storage/disk-store.js';
import { createStorageQuota } from './platform/storage/storage-quota.js';
import { storageModule } from './features/storage/storage.module.js';
import { hasWebApp, isApiPath, registerWebApp, routableUrl, serveAppShell, type WebApp } from './platform/web-app.js';

export interface AppOptions {
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; without one the server answers /api only. */
  webDistDir?: string | undefined;
  /** The public origin; an https one turns on HSTS and upgrade-insecure-requests. */
  publicUrl?: string | undefined;
  /** Social sign-in clients; a provider without one is not offered. */
  oauth?: OAuthConfig;
  /** Outgoing mail (SMTP_URL); without a URL it is written to the log. */
  mail?: { smtpUrl: string | undefined; from: string };
  /** Take client address and protocol from X-Forwarded-* (only behind a proxy you run). */
  trustProxy?: boolean;
  /** ALLOWED_HOSTS: Host headers besides the listen addresses that redirect URIs may be built on (own-origin.ts). */
  allowedHosts?: readonly string[];
  /** The origin of links in e-mails when PUBLIC_URL is unset (never taken from a request's Host header). */
  linkOrigin?: string;
  /** The clock of sessions, tokens and limits; tests move it instead of waiting. */
  now?: () => Date;
  /** Limits on slow clients; the defaults when unset. */
  httpTimeouts?: HttpTimeouts;
  /** GET /api/events: heartbeat, limits (tests shorten them). */
  liveEvents?: Partial<LiveEventsOptions>;
  /** The job runner's tuning (tests shorten leases and backoff); main.ts starts and stops it. */
  jobs?: Pick<JobRunnerOptions, 'concurrency' | 'pollIntervalMs' | 'idlePollMaxMs' | 'leaseMs' | 'instanceId'>;
  /**
   * `checked` (the default when NODE_ENV is development, as `npm run dev` sets it, or test, as vitest does)
   * validates each answer against the contract and compares it with the fast serializer's; `fast` (otherwise:
   * `npm start`) only serializes. See decision 026.
   */
  responses?: ResponseSerialization;
  /** Told of every change of a user's job, besides the live channel (GET /api/events). */
  onJobChange?: (userId: string, job: Job) => void;
  /** ADMIN_EMAILS: administrators besides the instance's first account (decision 032). */
  adminEmails?: readonly string[];
  /** Names the running code (main.ts: a hash of the server bundle); a deploy changes every ETag with it. */
  buildId?: string;
  /** API requests handled at once and how long others wait (decision 037); defaults follow the database. */
  admission?: Partial<AdmissionOptions>;
  /** STORAGE_QUOTA_BYTES: each reader's space for uploads and photos; null or unset: no limit. */
  storageQuotaBytes?: number | null;
  /** Where files are kept (platform/storage); without one, a folder in the system's temp dir, removed on close. */
  storage?: BlobStore;
  /** Open Library and Google Books: base-URL overrides and the API key (ISBN lookup). */
  bookServices?: BookServicesConfig;
  /** FX_RATES_URL: where the daily job fetches the central bank's reference rates; none: fixed tables. */
  fxRatesUrl?: string | undefined;
  /**
   * Cloud drives, the library folder and uploads (issue 14). Google Drive uses the sign-in client
   * (`oauth.google`) with `googleApiBaseUrl`; without an `encryptionKey` (main.ts loads one) a random one.
   */
  drives?: Partial<Omit<CloudDrivesConfig, 'publicUrl'>> & { googleApiBaseUrl?: string | undefined };
}

/**
 * PGlite runs one statement at a time: a few requests beside each other keep it busy while the main thread
 * parses and serialises. PostgreSQL runs one per pooled connection.
 */
const DEFAULT_ADMISSION: Record<DatabaseHandle['kind'], AdmissionOptions> = {
  pglite: { concurrency: 4, maxWaitMs: 8_000 },
  postgres: { concurrency: 32, maxWaitMs: 8_000 },
};

const CHECKING_ENVIRONMENTS = new Set<string | undefined>(['development', 'test']);

/**
 * The composition root: repositories → services → routes are wired here and nowhere else.
 * It never listens, so tests drive it with app.inject().
 */
export async function buildApp(options: AppOptions) {
  const { database, webDistDir, publicUrl } = options;
  const app = Fastify({
    logger: withRedactedRequests(options.logger),
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
  app.setSerializerCompiler(
    responseSerializerCompiler(
      options.responses ?? (CHECKING_ENVIRONMENTS.has(process.env.NODE_ENV) ? 'checked' : 'fast'),
    ),
  );
  // A callback, not an async function: a promise and a microtask turn on every request, pages and files included.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  registerErrorHandler(app);
  registerApiCompression(app);
  // Before authentication (a preValidation hook too, registered later), so a request's turn covers its session lookup.
  const admission = registerAdmission(app, { ...DEFAULT_ADMISSION[database.kind], ...options.admission });

  const https = publicUrl?.startsWith('https://') ?? false;
  registerSecurityHeaders(app, {
    hsts: https,
    // The drive connect popup (core.md §4) goes to the provider and back; the page that opened it must keep it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptSources(webDistDir)],
        // The reader shows a book's sections in iframes at blob: addresses (foliate-js), with the book's own
        // style sheets, fonts, pictures and media as blob: URLs. Those documents keep this policy, and
        // script-src stays 'self' only: a book's scripts never run (engines/foliate/without-scripts.ts).
        styleSrc: ["'self'", "'unsafe-inline'", 'blob:'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'blob:'],
        // blob: lets the reader read a book's section back and hand its frame a cleaned copy (a policy of its own).
        connectSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
  });

  await registerOpenApi(app, { https });
  await app.register(cookie);

  // The shared platform: the clock, mail, and the outbox whose events the job runner delivers.
  const { db } = database;
  const clock = options.now ?? (() => new Date());
  // Who may see or change what; no friendships or blocks exist yet (decision 019). Administrators: decision 032.
  const admins = adminRule(options.adminEmails ?? []);
  const access = createAccess({ relationships: noRelationships, admins: createAdmins(db, admins) });
  // Live events (GET /api/events). A stream ends when the session or token that opened it is revoked: auth
  // tells the channel so, and the channel asks auth whether a credential still works.
  const live = createLiveEvents({
    database,
    log: app.log,
    options: options.liveEvents,
    isCredentialActive: (credential) => auth.isCredentialActive(credential),
  });
  app.decorate('live', live);
  const mailer = createMailer({
    smtpUrl: options.mail?.smtpUrl,
    from: options.mail?.from ?? 'Bookshelf <no-reply@localhost>',
    log: app.log,
  });
  const outbox = createOutbox();
  const ownStorage = options.storage ? undefined : mkdtempSync(path.join(tmpdir(), 'bookshelf-blobs-'));
  const storage = options.storage ?? createDiskStore(ownStorage!);
  // Each user's data version: the ETags of their lists and details (304 without a query).
  // Each reader's space, counted over uploaded files and book photos (issue 27).
  const quota = createStorageQuota(db, options.storageQuotaBytes ?? null);
  const versions = createUserVersions({ db, followChanges: (follower) => live.follow(follower) });

  const auth = authModule({
    db,
    access,
    admins,
    mailer,
    publish: outbox.publish,
    credentialsRevoked: live.credentialsRevoked,
    followRevocations: (follower) => live.follow(follower),
    dataChanged: (userId, tx) => versions.changed(userId, tx),
    dataVersion: (userId) => versions.current(userId),
    oauth: options.oauth ?? { google: undefined, twitter: undefined },
    https,
    publicUrl,
    appOrigin: options.linkOrigin ?? 'http://localhost:3000',
    log: app.log,
    now: options.now,
  });
  registerOwnOrigin(app, { publicUrl, allowedHosts: options.allowedHosts ?? [] });
  registerAuthentication(app, { authenticate: (request, reply) => auth.authenticate(request, reply), publicUrl });
  // New code, or a restart with other administrators, can change an answer with no data changing: so do the tags.
  registerConditionalRequests(app, {
    versions,
    salt: `${options.buildId ?? ''}\0${(options.adminEmails ?? []).join(',')}`,
  });

  // What Open Library and Google Books know of an ISBN: the lookup route and the covers of imported books.
  const metadata = createBookMetadata({ db, storage, config: options.bookServices ?? {}, log: app.log, now: clock });
  // Conversions between currencies: the central bank's rates once fetched (FX_RATES_URL), else core.md §9's tables.
  const rates = createExchangeRates(db, clock);
  // The wishlist's price alerts hear of new prices from books through a hook, so books never imports it.
  const wishlist = wishlistModule({
    db,
    access,
    publish: outbox.publishMany,
    rates,
    changed: (userId, tx) => versions.changed(userId, tx, { type: 'books.changed' }),
    now: clock,
  });
  const books = booksModule({
    db,
    access,
    publish: outbox.publishMany,
    // The version bump and the live event in one statement (decision 037).
    changed: (userId, tx) => versions.changed(userId, tx, { type: 'books.changed' }),
    publishLive: (userId, event, tx) => live.publish(userId, event, tx),
    requestsIdle: (maxWaitMs) => admission.whenIdle(maxWaitMs),
    importBatch: IMPORT_BATCH_TARGET[database.kind],
    metadata,
    storage,
    now: clock,
    onPriceHistoryAdded: wishlist.priceHistoryAdded,
    quota,
  });
  // Cloud drives: tokens sealed with the instance's key; redirect URIs on the app's own origin.
  const { googleApiBaseUrl, ...drivesOptions } = options.drives ?? {};
  const googleClient = options.oauth?.google;
  const drives = cloudDrivesModule({
    db,
    access,
    admins: createAdmins(db, admins),
    storage,
    publishLive: (userId, event, tx) => live.publish(userId, event, tx),
    log: app.log,
    now: clock,
    // The runner is made after the features; by the time a sync is asked for it exists.
    wakeJobs: () => jobs.wake(),
    // A file is linked only to the reader's own book (PUT /api/cloud-drives/files/{id}/book).
    requireOwnBook: books.requireOwnBook,
    quota,
    config: {
      google: googleClient && {
        clientId: googleClient.clientId,
        clientSecret: googleClient.clientSecret,
        authBaseUrl: googleClient.baseUrl,
        apiBaseUrl: googleApiBaseUrl,
      },
      ...drivesOptions,
      encryptionKey: drivesOptions.encryptionKey ?? randomBytes(32),
      publicUrl,
    },
  });
  // The features: each brings its routes, event subscriptions, jobs and schedules. Adding one is one line.
  const features: FeatureModule[] = [
    healthModule({ pingDatabase: () => database.ping() }),
    auth,
    books,
    accountsModule({ db, access, changed: (userId, tx) => versions.changed(userId, tx) }),
    activitiesModule({ db }),
    jobsModule({ db, access, now: clock }),
    performanceModule({ db, access, now: clock }),
    liveEventsModule(live),
    lookupModule({ db, metadata, now: clock }),
    wishlist,
    moneyModule({ db, rates, fxRatesUrl: options.fxRatesUrl, now: clock, log: app.log }),
    analyticsModule({ db, access, rates, now: clock }),
    drives,
    storageModule({ quota }),
    // Reading progress asks the drives which files a reader sees and the library which books they finished.
    readingModule({
      db,
      access,
      ports: { visibleFile: drives.visibleFile, countReadBooks: books.countReadBetween },
      now: clock,
    }),
  ];

  for (const feature of features) for (const routes of feature.routes) await app.register(routes);
  outbox.add(features.flatMap((f) => f.subscriptions));
  const jobs = createJobRunner({
    db,
    log: app.log,
    definitions: [outbox.deliveryJob(db), ...features.flatMap((f) => f.jobs)],
    schedules: features.flatMap((f) => f.schedules),
    ...(options.now ? { now: options.now } : {}),
    // A job's progress reaches its owner's open pages (and any listener a test adds).
    onJobChange: (userId, job) => {
      options.onJobChange?.(userId, job);
      live.publish(userId, { type: 'job.updated', job }).catch((err: unknown) => {
        app.log.warn({ err, jobId: job.id }, 'publishing a job change failed');
      });
    },
    ...options.jobs,
  });
  outbox.onPublish(() => jobs.wake());
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => {
    await live.start();
    await drives.start();
  });
  // Open streams never finish by themselves; they end before the server waits for its connections.
  app.addHook('preClose', (done) => {
    live.closeStreams();
    done();
  });
  app.addHook('onClose', async () => {
    // main.ts stops the runner gracefully first (platform/shutdown.ts); this only makes sure it is stopped.
    await jobs.stop(0);
    await live.stop();
    mailer.close();
    await auth.close();
    await metadata.close();
    await drives.close();
    if (ownStorage) {
      storage.close();
      rmSync(ownStorage, { recursive: true, force: true });
    }
  });

  let web: WebApp | undefined;
  let prerendered: PrerenderedPages | undefined;
  let signedIn: SignedInShells | undefined;
  if (hasWebApp(webDistDir)) {
    web = registerWebApp(app, webDistDir);
    prerendered = loadPrerenderedPages(webDistDir, sessionCookieName(https));
    signedIn = loadSignedInShells(webDistDir, web.appShell, sessionCookieName(https));
  }

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) return apiNotFound(request, reply);
    if (web && serveAppShell(web, request, reply, prerendered, signedIn)) return reply;
    return notFoundReply(request, reply);
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/** Every log line's request without the secrets its URL may carry (platform/log-redaction.ts). */
function withRedactedRequests(logger: AppOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger || typeof logger !== 'object') return logger ?? false;
  return { ...logger, serializers: { req: requestLogFields, ...logger.serializers } };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The job runner; main.ts starts it once listening, tests call `app.jobs.drain()`. */
    jobs: JobRunner;
    /** Publishes live events to the browser: `app.live.publish(userId, event, tx?)`. */
    live: LiveEvents;
  }
}
