import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_HTTP_TIMEOUTS, type HttpTimeouts } from './platform/http-timeouts.js';
import type { BookServicesConfig } from './platform/book-metadata/book-metadata.js';
import type { S3StorageConfig } from './platform/storage/s3-store.js';
import { DEFAULT_STORAGE_QUOTA_BYTES } from './platform/storage/storage-quota.js';

const baseUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

const milliseconds = z.coerce.number().int().positive();

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ALLOWED_HOSTS: z
    .string()
    .regex(
      /^\s*[a-z0-9.\-[\]:]+\s*(,\s*[a-z0-9.\-[\]:]+\s*)*$/i,
      'must be host or host:port names, separated by commas',
    )
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  HEADERS_TIMEOUT_MS: milliseconds.default(DEFAULT_HTTP_TIMEOUTS.headersMs),
  REQUEST_TIMEOUT_MS: milliseconds.default(DEFAULT_HTTP_TIMEOUTS.requestMs),
  KEEP_ALIVE_TIMEOUT_MS: milliseconds.default(DEFAULT_HTTP_TIMEOUTS.keepAliveMs),
  SOCKET_TIMEOUT_MS: milliseconds.default(DEFAULT_HTTP_TIMEOUTS.socketMs),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_OAUTH_BASE_URL: baseUrl.optional(),
  TWITTER_CLIENT_ID: z.string().optional(),
  TWITTER_CLIENT_SECRET: z.string().optional(),
  TWITTER_BASE_URL: baseUrl.optional(),
  OPENLIBRARY_BASE_URL: baseUrl.optional(),
  OPENLIBRARY_COVERS_BASE_URL: baseUrl.optional(),
  GOOGLE_BOOKS_BASE_URL: baseUrl.optional(),
  GOOGLE_BOOKS_API_KEY: z.string().optional(),
  FX_RATES_URL: baseUrl.optional(),
  GOOGLE_API_BASE_URL: baseUrl.optional(),
  MICROSOFT_CLIENT_ID: z.string().optional(),
  MICROSOFT_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_LOGIN_BASE_URL: baseUrl.optional(),
  MICROSOFT_GRAPH_BASE_URL: baseUrl.optional(),
  ENCRYPTION_KEY: z
    .string()
    .refine((v) => /^[0-9a-f]{64}$/i.test(v) || Buffer.from(v, 'base64').length === 32, {
      error: 'must be 32 bytes: 64 hex characters or base64',
    })
    .optional(),
  LIBRARY_DIR: z.string().min(1).optional(),
  LIBRARY_DIR_SHARED: z.enum(['true', 'false']).default('false'),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(200 * 1024 * 1024),
  STORAGE_QUOTA_BYTES: z.coerce.number().int().min(0).default(DEFAULT_STORAGE_QUOTA_BYTES),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  SMTP_FROM: z.string().default('Bookshelf <no-reply@localhost>'),
  S3_ENDPOINT: baseUrl.optional(),
  S3_REGION: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  ADMIN_EMAILS: z
    .string()
    .refine((list) => list.split(',').every((email) => /^[^\s@]+@[^\s@]+$/.test(email.trim()) || !email.trim()), {
      error: 'must be e-mail addresses separated by commas',
    })
    .optional(),
});

/** Object storage is all or nothing: with any S3_* variable set, these must be set too. */
const S3_REQUIRED = ['S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_ANY = [...S3_REQUIRED, 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE'] as const;

// Node refuses to start an HTTP server whose headers may take longer than the whole request.
const CheckedConfigSchema = ConfigSchema.refine((c) => c.HEADERS_TIMEOUT_MS <= c.REQUEST_TIMEOUT_MS, {
  path: ['HEADERS_TIMEOUT_MS'],
  error: 'must not be longer than REQUEST_TIMEOUT_MS',
}).superRefine((c, ctx) => {
  const set = S3_ANY.filter((key) => c[key] !== undefined);
  if (set.length === 0) return;
  for (const key of S3_REQUIRED.filter((k) => c[k] === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: [key],
      message: `required for object storage, since ${set.join(', ')} is set`,
    });
  }
});

/** Empty or blank values count as unset, so `PORT= npm start` behaves like leaving PORT out. */
function withoutBlanks(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(ConfigSchema.shape)) {
    const value = env[key]?.trim();
    if (value) out[key] = value;
  }
  return out;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL instead of the embedded PGlite when set. */
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  /** ALLOWED_HOSTS, lower case: Host headers that OAuth redirect URIs may be built on besides the listen addresses. */
  allowedHosts: string[];
  logLevel: z.infer<typeof ConfigSchema>['LOG_LEVEL'];
  /** The built web app; undefined means the server answers only /api. */
  webDistDir: string | undefined;
  shutdownTimeoutMs: number;
  /** How long a client may take to send a request, and how long an idle connection is kept. */
  httpTimeouts: HttpTimeouts;
  /** Behind a reverse proxy: take the client address and protocol from X-Forwarded-* headers. */
  trustProxy: boolean;
  oauth: OAuthConfig;
  /** ISBN lookup: Open Library and Google Books base-URL overrides, and the Google Books API key. */
  bookServices: BookServicesConfig;
  /** The European Central Bank's reference rates (XML, with history); without it, core.md §9's fixed tables. */
  fxRatesUrl: string | undefined;
  /** Each reader's space for uploaded files and book photos; null: no limit (STORAGE_QUOTA_BYTES=0). */
  storageQuotaBytes: number | null;
  /** Outgoing mail (password reset links); without it the link is written to the log. */
  smtpUrl: string | undefined;
  smtpFrom: string;
  /** Blobs in an S3-compatible bucket instead of DATA_DIR/blobs when set. */
  s3: S3StorageConfig | undefined;
  /** Administrators besides the instance's first account (decision 032), lower case. */
  adminEmails: string[];
  /** Cloud drives, the library folder and uploads (issue 14). */
  drives: DrivesConfig;
}

export interface DrivesConfig {
  /** OneDrive's client (MICROSOFT_CLIENT_ID/_SECRET); Google Drive uses the sign-in client (GOOGLE_CLIENT_*). */
  microsoft: OAuthClientConfig | undefined;
  /** GOOGLE_API_BASE_URL and MICROSOFT_GRAPH_BASE_URL: the drives' API hosts (fakes in tests). */
  googleApiBaseUrl: string | undefined;
  microsoftGraphBaseUrl: string | undefined;
  /** ENCRYPTION_KEY as given; main.ts generates one into DATA_DIR when unset. */
  encryptionKey: string | undefined;
  libraryDir: string | undefined;
  libraryDirShared: boolean;
  uploadMaxBytes: number;
}

export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
  /** Replaces the scheme and host of every endpoint of the provider (a fake server in tests). */
  baseUrl: string | undefined;
}

export interface OAuthConfig {
  google: OAuthClientConfig | undefined;
  twitter: OAuthClientConfig | undefined;
}

/** A provider is offered only when both its client id and secret are set. */
function oauthClient(id: string | undefined, secret: string | undefined, base: string | undefined) {
  return id && secret
    ? { clientId: id, clientSecret: secret, baseUrl: base ? new URL(base).origin : undefined }
    : undefined;
}

export class ConfigError extends Error {}

/** Parses the environment once at start-up; a bad value stops the process with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv, defaultWebDistDir?: string): Config {
  const parsed = CheckedConfigSchema.safeParse(withoutBlanks(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const c = parsed.data;
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    publicUrl: c.PUBLIC_URL ? new URL(c.PUBLIC_URL).origin : undefined,
    allowedHosts: (c.ALLOWED_HOSTS ?? '')
      .toLowerCase()
      .split(',')
      .map((host) => host.trim())
      .filter(Boolean),
    logLevel: c.LOG_LEVEL,
    webDistDir: c.WEB_DIST_DIR ? path.resolve(c.WEB_DIST_DIR) : defaultWebDistDir,
    shutdownTimeoutMs: c.SHUTDOWN_TIMEOUT_MS,
    httpTimeouts: {
      headersMs: c.HEADERS_TIMEOUT_MS,
      requestMs: c.REQUEST_TIMEOUT_MS,
      keepAliveMs: c.KEEP_ALIVE_TIMEOUT_MS,
      socketMs: c.SOCKET_TIMEOUT_MS,
    },
    trustProxy: c.TRUST_PROXY === 'true',
    oauth: {
      google: oauthClient(c.GOOGLE_CLIENT_ID, c.GOOGLE_CLIENT_SECRET, c.GOOGLE_OAUTH_BASE_URL),
      twitter: oauthClient(c.TWITTER_CLIENT_ID, c.TWITTER_CLIENT_SECRET, c.TWITTER_BASE_URL),
    },
    bookServices: {
      openLibraryBaseUrl: c.OPENLIBRARY_BASE_URL,
      openLibraryCoversBaseUrl: c.OPENLIBRARY_COVERS_BASE_URL,
      googleBooksBaseUrl: c.GOOGLE_BOOKS_BASE_URL,
      googleBooksApiKey: c.GOOGLE_BOOKS_API_KEY,
    },
    fxRatesUrl: c.FX_RATES_URL,
    storageQuotaBytes: c.STORAGE_QUOTA_BYTES === 0 ? null : c.STORAGE_QUOTA_BYTES,
    drives: {
      microsoft: oauthClient(c.MICROSOFT_CLIENT_ID, c.MICROSOFT_CLIENT_SECRET, c.MICROSOFT_LOGIN_BASE_URL),
      googleApiBaseUrl: c.GOOGLE_API_BASE_URL ? new URL(c.GOOGLE_API_BASE_URL).origin : undefined,
      microsoftGraphBaseUrl: c.MICROSOFT_GRAPH_BASE_URL ? new URL(c.MICROSOFT_GRAPH_BASE_URL).origin : undefined,
      encryptionKey: c.ENCRYPTION_KEY,
      libraryDir: c.LIBRARY_DIR ? path.resolve(c.LIBRARY_DIR) : undefined,
      libraryDirShared: c.LIBRARY_DIR_SHARED === 'true',
      uploadMaxBytes: c.UPLOAD_MAX_BYTES,
    },
    smtpUrl: c.SMTP_URL,
    smtpFrom: c.SMTP_FROM,
    adminEmails: (c.ADMIN_EMAILS ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    s3:
      c.S3_REGION && c.S3_BUCKET && c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: c.S3_ENDPOINT,
            region: c.S3_REGION,
            bucket: c.S3_BUCKET,
            accessKeyId: c.S3_ACCESS_KEY_ID,
            secretAccessKey: c.S3_SECRET_ACCESS_KEY,
            forcePathStyle: c.S3_FORCE_PATH_STYLE === 'true',
          }
        : undefined,
  };
}
