/**
 * Tests only: the sync part built by hand around providers a test chooses (a local folder that pauses or
 * fails on a page, an in-memory drive with a change feed), on a real database, without the app. The int
 * tests and the kill -9 worker (sync-crash-worker.ts) use it.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.js';
import { createAccess } from '../../../platform/access/access.js';
import { noAdmins } from '../../../platform/access/admins.js';
import { noRelationships } from '../../../platform/access/relationships.js';
import { createSecretBox } from '../../../platform/secret-box.js';
import type { BlobStore } from '../../../platform/storage/blob-store.js';
import type { CloudDrivesConfig } from '../cloud-drives.deps.js';
import type { CloudDrivesParts, ConnectionTokens } from '../cloud-drives.parts.js';
import { createDriveAccess } from '../drive-access.js';
import { createLocalFolderProvider } from '../providers/local-folder.js';
import { ProviderError, type FileProvider } from '../providers/provider.js';
import { syncPart } from './sync.part.js';

const silent = () => undefined;
export const silentLog = {
  level: 'silent',
  fatal: silent,
  error: silent,
  warn: silent,
  info: silent,
  debug: silent,
  trace: silent,
  silent,
  child() {
    return this;
  },
} as unknown as FastifyBaseLogger;

export interface PacedFolderOptions {
  root: string;
  pageSize?: number;
  /** Waits this long before answering each page (a slow drive: time to kill the process mid-sync). */
  pageDelayMs?: number;
  /** Throws on the nth listPage call (1-based), once. */
  failOnCall?: number;
  /** Refuses the page token of the nth listPage call (a 400, as Drive answers an expired one), once. */
  refuseOnCall?: number;
}

/** The local folder provider, with the page tokens it was asked for recorded and optional pauses and failure. */
export function pacedFolder(options: PacedFolderOptions) {
  const inner = createLocalFolderProvider({ root: options.root, pageSize: options.pageSize });
  const asked: (string | null)[] = [];
  let failed = false;
  const provider: FileProvider = {
    ...inner,
    async listPage(auth, token, signal) {
      asked.push(token);
      if (options.pageDelayMs) await new Promise((resolve) => setTimeout(resolve, options.pageDelayMs));
      if (!failed && options.failOnCall === asked.length) {
        failed = true;
        throw new Error('the disk went away for a moment');
      }
      if (!failed && options.refuseOnCall === asked.length) {
        failed = true;
        throw new ProviderError('Google Drive API error: Bad Request', 400);
      }
      return inner.listPage(auth, token, signal);
    },
  };
  return { provider, asked };
}

export function buildSync(options: {
  db: Database;
  providers: Record<string, FileProvider>;
  config?: Partial<CloudDrivesConfig>;
  tokens?: ConnectionTokens;
  now?: () => Date;
  publishLive?: CloudDrivesParts['publishLive'];
}) {
  const config: CloudDrivesConfig = {
    encryptionKey: randomBytes(32),
    ...options.config,
  };
  const access = createAccess({ relationships: noRelationships, admins: noAdmins });
  const parts: CloudDrivesParts = {
    db: options.db,
    access,
    admins: noAdmins,
    storage: undefined as unknown as BlobStore,
    config,
    publishLive: options.publishLive ?? (() => Promise.resolve()),
    log: silentLog,
    now: options.now ?? (() => new Date()),
    driveAccess: createDriveAccess({ access, admins: noAdmins, libraryDirShared: config.libraryDirShared ?? false }),
    secretBox: createSecretBox(config.encryptionKey),
    providers: {
      providerFor: (name) => options.providers[name],
      close: () => Promise.resolve(),
    },
  };
  return syncPart({ ...parts, tokens: options.tokens ?? { withAuth: (_id, call) => call({ accessToken: null }) } });
}
