import type { CloudDrivesParts, ConnectionTokens, DrivePart, SyncControl } from '../cloud-drives.parts.js';
import { createConnectService } from './connect.service.js';
import { createConnectionsRepository } from './connections.repository.js';
import { connectionsRoutes } from './connections.routes.js';
import { createConnectionsService } from './connections.service.js';
import { createConnectionTokens, isDriveTokens } from './tokens.js';
import { TOKEN_REFRESH_SCHEDULE, tokenRefreshJob } from './token-refresh.job.js';

/**
 * Connecting drives and managing connections (decision 048): the connect flow, the connections API, and the
 * five-minute token refresh. It shares the token store (and its OAuth clients) the module built.
 */
export function connectionsPart(parts: CloudDrivesParts & { tokens: ConnectionTokens; sync: SyncControl }): DrivePart {
  const tokens = isDriveTokens(parts.tokens) ? parts.tokens : createConnectionTokens(parts);
  const repo = createConnectionsRepository(parts.db);
  const deps = { ...parts, tokens, repo };
  // Redirect URIs are built on request.ownOrigin(): PUBLIC_URL or a Host the server knows (connections.routes.ts).
  const routes = connectionsRoutes({
    connections: createConnectionsService(deps),
    connect: createConnectService(deps),
  });
  return {
    routes: [
      routes,
      // The token store's outbound clients close with the app.
      async (app) => {
        app.addHook('onClose', () => tokens.close());
      },
    ],
    jobs: [tokenRefreshJob(deps)],
    schedules: [TOKEN_REFRESH_SCHEDULE],
  };
}
