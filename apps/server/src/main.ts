import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { readyUrl } from './platform/ready-url.js';
import { createShutdown } from './platform/shutdown.js';
import { loadEncryptionKey } from './platform/secret-box.js';
import { createStorage } from './platform/storage/create-storage.js';

// apps/web/dist seen from both apps/server/src (tsx) and apps/server/dist (node).
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

async function main(): Promise<void> {
  const config = loadConfig(process.env, DEFAULT_WEB_DIST);
  const database = openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir, template: pgliteTemplateOf(process.argv[1]) },
  );
  await database.migrate();

  const storage = createStorage(config);
  const app = await buildApp({
    database,
    logger: { level: config.logLevel },
    webDistDir: config.webDistDir,
    publicUrl: config.publicUrl,
    allowedHosts: config.allowedHosts,
    linkOrigin: `http://localhost:${config.port}`,
    trustProxy: config.trustProxy,
    oauth: config.oauth,
    mail: { smtpUrl: config.smtpUrl, from: config.smtpFrom },
    adminEmails: config.adminEmails,
    buildId: buildIdOf(process.argv[1]),
    httpTimeouts: config.httpTimeouts,
    storage,
    bookServices: config.bookServices,
    fxRatesUrl: config.fxRatesUrl,
    storageQuotaBytes: config.storageQuotaBytes,
    drives: {
      microsoft: config.drives.microsoft && {
        clientId: config.drives.microsoft.clientId,
        clientSecret: config.drives.microsoft.clientSecret,
        authBaseUrl: config.drives.microsoft.baseUrl,
        apiBaseUrl: config.drives.microsoftGraphBaseUrl,
      },
      googleApiBaseUrl: config.drives.googleApiBaseUrl,
      encryptionKey: loadEncryptionKey(config.drives.encryptionKey, config.dataDir),
      libraryDir: config.drives.libraryDir,
      libraryDirShared: config.drives.libraryDirShared,
      uploadMaxBytes: config.drives.uploadMaxBytes,
      watchLibraryDir: true,
    },
  });
  const shutdown = createShutdown({
    app,
    // Stops claiming at once; a running job has half the deadline to finish, then goes back to the queue.
    workers: [{ name: 'jobs', stop: () => app.jobs.stop(config.shutdownTimeoutMs / 2) }],
    resources: [
      { name: 'database', close: () => database.close() },
      { name: 'storage', close: async () => storage.close() },
    ],
    timeoutMs: config.shutdownTimeoutMs,
    log: app.log,
  });
  const stopAndExit = (signal: string, failed = false) => {
    void shutdown(signal).then((code) => process.exit(failed ? 1 : code));
  };
  process.once('SIGTERM', () => stopAndExit('SIGTERM'));
  process.once('SIGINT', () => stopAndExit('SIGINT'));
  process.on('uncaughtException', (err) => {
    app.log.fatal({ err }, 'uncaught exception');
    stopAndExit('uncaughtException', true);
  });
  process.on('unhandledRejection', (err) => {
    app.log.fatal({ err }, 'unhandled rejection');
    stopAndExit('unhandledRejection', true);
  });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    app.log.fatal({ err }, 'could not start listening');
    await database.close();
    process.exit(1);
  }
  await app.jobs.start();
  const url = readyUrl(app.server.address() as AddressInfo, config.host);
  app.log.info({ database: database.kind, web: Boolean(config.webDistDir), url }, 'Bookshelf is ready');
  // The one line meant for a person, among the JSON lines meant for a log collector.
  if (config.logLevel !== 'silent') console.log(`Bookshelf is ready at ${url}`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) console.error(err.message);
  else console.error('Bookshelf failed to start:', err);
  process.exit(1);
});

/** The hash of the file node runs (the server bundle under `npm start`): every instance of one build agrees. */
function buildIdOf(entry: string | undefined): string {
  if (!entry) return '';
  try {
    return createHash('sha256').update(readFileSync(entry)).digest('base64url').slice(0, 16);
  } catch {
    return '';
  }
}

/**
 * The build's brand-new PGlite database beside the bundled server (apps/server/dist), for a DATA_DIR that
 * has none yet; from the sources (tsx) there is none, and PGlite creates its own.
 */
function pgliteTemplateOf(entry: string | undefined): string | undefined {
  return entry ? path.join(path.dirname(entry), 'pglite-template') : undefined;
}
