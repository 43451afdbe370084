import { CloudDriveLimits, needsRefresh } from '@bookshelf/contract';
import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/job-definition.js';
import type { Schedule } from '../../../platform/jobs/job-schedules.js';
import type { CloudDrivesParts } from '../cloud-drives.parts.js';
import type { ConnectionsRepository } from './connections.repository.js';
import type { DriveTokens } from './tokens.js';

export const TOKEN_REFRESH_JOB = 'cloud-drives.refresh-tokens';
/** core.md §9 "token refresh check every 5 minutes". */
export const TOKEN_REFRESH_SCHEDULE: Schedule = {
  name: 'cloud-drives.refresh-tokens',
  cron: '*/5 * * * *',
  kind: TOKEN_REFRESH_JOB,
};

/**
 * Refreshes every active cloud connection whose token expires within five minutes, so background syncs and
 * readers opening files find a good one. One that fails is logged (and, when the provider refused it,
 * turned inactive by the token store) without stopping the others.
 */
export function tokenRefreshJob(parts: CloudDrivesParts & { tokens: DriveTokens; repo: ConnectionsRepository }) {
  const { tokens, repo, now, log } = parts;
  return defineJob({
    kind: TOKEN_REFRESH_JOB,
    payload: z.object({}),
    // The next tick is five minutes away; a failed round is not worth retrying before it.
    retry: { attempts: 1 },
    run: async (_payload, { signal }) => {
      const due = await repo.expiringBy(new Date(now().getTime() + CloudDriveLimits.needsRefreshWithinMs));
      let refreshed = 0;
      let failed = 0;
      for (const connectionId of due) {
        if (signal.aborted) break;
        try {
          await tokens.refresh(connectionId, (row) => !row.isActive || !needsRefresh(row.tokenExpiresAt, now()));
          refreshed += 1;
        } catch (err) {
          failed += 1;
          log.warn({ err, connectionId }, 'scheduled drive token refresh failed');
        }
      }
      return { due: due.length, refreshed, failed };
    },
  });
}
