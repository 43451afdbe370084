import type { SyncStatus } from '@bookshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { JobDefinition } from '../../platform/jobs/job-definition.js';
import type { Schedule } from '../../platform/jobs/job-schedules.js';
import type { SecretBox } from '../../platform/secret-box.js';
import type { CloudDrivesDeps } from './cloud-drives.deps.js';
import type { DriveAccess } from './drive-access.js';
import type { FileProvider, ProviderAuth } from './providers/provider.js';

/**
 * The pieces of the cloud-drives feature hand each other (built in this order in cloud-drives.module.ts):
 * secret box → providers → tokens → sync → connections, files. Each part brings routes, jobs and schedules.
 */

export interface ProviderRegistry {
  /** The provider of a connection's `provider` value; `uploads` has none (its files are in the storage seam). */
  providerFor(name: string): FileProvider | undefined;
  close(): Promise<void>;
}

export interface ConnectionTokens {
  /**
   * Runs `call` with the connection's access token, refreshed first when it expires within five minutes, and
   * once more with a freshly refreshed token when the provider answered 401. A refresh that fails marks the
   * connection as needing a reconnect and throws core.md §8's "Token refresh failed. Please reconnect your drive."
   */
  withAuth<T>(connectionId: string, call: (auth: ProviderAuth) => Promise<T>, signal?: AbortSignal): Promise<T>;
}

export interface SyncControl {
  /** Starts a sync of the connection unless one is already running (then answers that one's status). */
  start(connectionId: string, options?: { full?: boolean }): Promise<SyncStatus>;
}

export interface DrivePart {
  routes: FastifyPluginAsyncZod[];
  jobs: JobDefinition[];
  schedules: Schedule[];
}

/** A file a reader may see, as other features need it (the reader, reading progress). */
export interface VisibleFile {
  id: string;
  name: string;
}

export interface CloudDrivesParts extends CloudDrivesDeps {
  driveAccess: DriveAccess;
  secretBox: SecretBox;
  providers: ProviderRegistry;
}
