import {
  CloudDriveLimits,
  CloudDriveMessages,
  DRIVE_PROVIDER_LABELS,
  type CloudConnection,
  type CloudProvider,
  type ConnectCallbackRequest,
} from '@bookshelf/contract';
import { generateCodeVerifier, generateState } from 'arctic';
import { createHash } from 'node:crypto';
import { AppError, invalidField, notFound } from '../../../platform/errors.js';
import type { CloudDrivesParts, SyncControl } from '../cloud-drives.parts.js';
import { toCloudConnection } from './connection-view.js';
import type { ConnectionsRepository } from './connections.repository.js';
import type { ProviderOAuth } from './drive-oauth.js';
import { sealTokens, type DriveTokens } from './tokens.js';

/** How long a started connect may take to come back (the person signs in and consents in the popup). */
export const CONNECT_ATTEMPT_TTL_MS = 10 * 60_000;

/** Only a hash of the state is stored: a leaked table cannot answer for an attempt under way. */
const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

export const providerFailed = (provider: CloudProvider) =>
  `${DRIVE_PROVIDER_LABELS[provider]} did not accept the connection. Please try again.`;

/**
 * Connecting a drive (core.md §4 "Drive connect flow", decision 048): the start stores an attempt bound to the
 * reader (state, PKCE verifier, redirect URI; ten minutes, one use) and sends the popup to the provider; the
 * finish checks it, swaps the code for tokens, stores them sealed, and starts the first sync.
 */
export function createConnectService(
  parts: CloudDrivesParts & { tokens: DriveTokens; sync: SyncControl; repo: ConnectionsRepository },
) {
  const { tokens, sync, repo, secretBox, now, log } = parts;

  const oauthFor = (provider: CloudProvider): ProviderOAuth => {
    const oauth = tokens.oauth.get(provider);
    if (!oauth) throw notFound(CloudDriveMessages.providerNotConfigured(DRIVE_PROVIDER_LABELS[provider]));
    return oauth;
  };

  return {
    /** The provider's authorize URL for this reader's new attempt. */
    async start(userId: string, provider: CloudProvider, redirectUri: string): Promise<string> {
      const oauth = oauthFor(provider);
      const state = generateState();
      const codeVerifier = generateCodeVerifier();
      const at = now();
      await repo.addAttempt(
        {
          stateHash: hashState(state),
          userId,
          provider,
          codeVerifier,
          redirectUri,
          expiresAt: new Date(at.getTime() + CONNECT_ATTEMPT_TTL_MS),
        },
        at,
      );
      return oauth.authorizeUrl({ state, codeVerifier, redirectUri });
    },

    async finish(userId: string, provider: CloudProvider, input: ConnectCallbackRequest): Promise<CloudConnection> {
      const oauth = oauthFor(provider);
      // Taken (deleted) whatever happens next: a code and state pair is tried once.
      const attempt = await repo.takeAttempt(hashState(input.state), userId, provider);
      if (!attempt || attempt.expiresAt.getTime() <= now().getTime()) {
        throw invalidField('state', CloudDriveMessages.invalidState);
      }

      const upstream = (err: unknown, what: string) => {
        log.warn({ err, provider }, what);
        return new AppError(502, 'UPSTREAM_FAILED', providerFailed(provider));
      };
      const granted = await oauth
        .exchangeCode({ code: input.code, codeVerifier: attempt.codeVerifier, redirectUri: attempt.redirectUri })
        .catch((err: unknown) => {
          throw upstream(err, 'drive code exchange failed');
        });
      const account = await oauth.account(granted).catch((err: unknown) => {
        throw upstream(err, 'reading the drive account failed');
      });
      if (!account) throw upstream(new Error('no account in the token answer'), 'the drive named no account');

      const label = DRIVE_PROVIDER_LABELS[provider];
      const row = await repo.upsertCloud({
        userId,
        provider,
        externalAccountId: account.externalId,
        accountName: (account.name ?? account.email ?? label).slice(0, CloudDriveLimits.accountNameMaxLength),
        accountEmail: account.email,
        tokens: sealTokens(secretBox, granted, now()),
        now: now(),
      });

      // The connection stands whatever the first sync does; its status reports any failure.
      try {
        await sync.start(row.id);
      } catch (err) {
        log.warn({ err, connectionId: row.id }, 'could not start the first sync of a new drive connection');
      }
      await parts.publishLive(userId, { type: 'cloud-drives.changed' });
      const withCount = await repo.findWithCount(row.id);
      return toCloudConnection(withCount ?? { ...row, fileCount: 0 }, now());
    },
  };
}
