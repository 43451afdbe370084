import { z } from 'zod';
import type { OAuthConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { afterCommit } from '../../db/transaction.js';
import type { Access } from '../../platform/access/access.js';
import type { AdminRule } from '../../platform/access/admins.js';
import { featureModule, HOURLY, type FeatureModule } from '../../platform/feature-module.js';
import { defineJob } from '../../platform/jobs/job-definition.js';
import type { PublishEvent } from '../../platform/jobs/outbox.js';
import type { Mailer } from '../../platform/mailer.js';
import { createRateLimiter } from '../../platform/rate-limit.js';
import { createApiTokensService } from './api-tokens.service.js';
import { createCredentialCache, type CredentialCacheOptions } from './credential-cache.js';
import { authRoutes } from './auth.routes.js';
import { createAuthService } from './auth.service.js';
import { meRoutes } from './me.routes.js';
import { oauthRoutes } from './oauth.routes.js';
import { createOAuthService } from './oauth.service.js';
import { createSessionCookies } from './session-cookie.js';
import {
  createApiTokensRepository,
  createPasswordResetsRepository,
  createSessionsRepository,
} from './sessions.repository.js';
import { createSessionsService, type CredentialsRevoked } from './sessions.service.js';
import { createIdentitiesRepository, createUsersRepository } from './users.repository.js';

export interface AuthModuleDeps {
  db: Database;
  access: Access;
  admins: AdminRule;
  mailer: Mailer;
  publish: PublishEvent;
  /** Tells open live-event streams that some of a user's sessions or tokens ended. */
  credentialsRevoked?: CredentialsRevoked;
  /**
   * Subscribes to other instances' revocations (the live-events channel), so that the credential cache forgets
   * them: `revoked(userId)` for one user's, `missed()` when notices may have been lost.
   */
  followRevocations?: (follower: { credentialsRevoked: (userId: string) => void; missed: () => void }) => void;
  /** Told, in the transaction of a change to what GET /api/me shows, that the user's data changed. */
  dataChanged?: (userId: string, tx: Database) => Promise<void>;
  /** The user's data version (see AuthServiceDeps.dataVersion). */
  dataVersion?: (userId: string) => number | Promise<number>;
  /** The credential cache's bounds (tests shrink the age limit). */
  credentialCache?: CredentialCacheOptions;
  oauth: OAuthConfig;
  https: boolean;
  publicUrl: string | undefined;
  /** The origin of links in e-mails when there is no public URL. */
  appOrigin: string;
  log: { warn(obj: object, msg: string): void };
  now: (() => Date) | undefined;
}

const SWEEP_SESSIONS_JOB = 'auth.sweep-sessions';
const SWEEP_LIMITS_JOB = 'auth.sweep-rate-limits';

/**
 * Sign-in, sessions and tokens: repositories → services → routes, the reset mail job and the hourly sweeps
 * of expired sessions, reset and sign-up links and rate-limit windows. `authenticate` is what app.ts registers for
 * every route.
 */
export function authModule(deps: AuthModuleDeps): FeatureModule & {
  authenticate: ReturnType<typeof createSessionCookies>['authenticate'];
  /** Whether the session or API token that opened a live-event stream still works. */
  isCredentialActive: (credential: { kind: 'session' | 'token'; key: string }) => Promise<boolean>;
  /** Releases the sign-in providers' outbound connections (at shutdown). */
  close: () => Promise<void>;
} {
  const { db, access, now, https, publicUrl } = deps;
  const cache = createCredentialCache(deps.credentialCache);
  deps.followRevocations?.({ credentialsRevoked: (userId) => cache.forget(userId), missed: () => cache.forget() });
  // Every path that ends credentials tells the channel (other instances, open streams) at its commit, and
  // this instance's cache forgets them right after that commit, before the request that ended them answers.
  const credentialsRevoked: CredentialsRevoked = async (userId, tx) => {
    // Registered first: a notice that fails after the credentials were deleted must not leave them cached here.
    afterCommit(tx ?? db, () => cache.forget(userId));
    await deps.credentialsRevoked?.(userId, tx);
  };
  const users = createUsersRepository(db);
  const identities = createIdentitiesRepository(db);
  const limiter = createRateLimiter(db, now);
  const sessions = createSessionsService({
    sessions: createSessionsRepository(db),
    access,
    now,
    credentialsRevoked,
    cache,
  });
  const apiTokens = createApiTokensService({
    apiTokens: createApiTokensRepository(db),
    access,
    now,
    credentialsRevoked,
    cache,
  });
  const auth = createAuthService({
    db,
    admins: deps.admins,
    users,
    resets: createPasswordResetsRepository(db),
    limiter,
    mailer: deps.mailer,
    publish: deps.publish,
    credentialsRevoked,
    dataChanged: deps.dataChanged,
    dataVersion: deps.dataVersion,
    now,
  });
  const oauth = createOAuthService({ config: deps.oauth, users, identities, db, publish: deps.publish, log: deps.log });
  const cookies = createSessionCookies({ https, sessions, apiTokens });
  const sweep = (kind: string, work: () => Promise<unknown>) =>
    defineJob({ kind, payload: z.object({}), run: async () => void (await work()) });
  return {
    ...featureModule({
      name: 'auth',
      routes: [
        authRoutes({ auth, oauth, cookies, appOrigin: publicUrl ?? deps.appOrigin }),
        meRoutes({ auth, sessions, apiTokens, identities, access }),
        oauthRoutes({ oauth, cookies, https }),
      ],
      jobs: [
        auth.resetMailJob,
        auth.signUpMailJob,
        sweep(SWEEP_SESSIONS_JOB, () => sessions.sweepExpired()),
        sweep(SWEEP_LIMITS_JOB, () => limiter.sweep()),
      ],
      schedules: [
        { name: SWEEP_SESSIONS_JOB, cron: HOURLY, kind: SWEEP_SESSIONS_JOB },
        { name: SWEEP_LIMITS_JOB, cron: HOURLY, kind: SWEEP_LIMITS_JOB },
      ],
    }),
    authenticate: (request, reply) => cookies.authenticate(request, reply),
    isCredentialActive: (credential) =>
      credential.kind === 'session' ? sessions.isActive(credential.key) : apiTokens.isActive(credential.key),
    close: () => oauth.close(),
  };
}
