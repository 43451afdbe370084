import { CloudDriveMessages } from '@bookshelf/contract';
import { STATUS_CODES } from 'node:http';
import { findOutboundError } from '../../../platform/outbound-http/errors.js';
import { ProviderError, type ProviderAuth } from './provider.js';

export const statusText = (status: number) => STATUS_CODES[status] ?? `HTTP ${status}`;

/**
 * A cloud provider's failure as core.md §8 words it: `apiError` names the provider ("Google Drive API error:
 * Not Found"); a failed download that `isDownloadFailure` picks reads "Failed to download file: …". The status
 * and any Retry-After stay, so the token store can refresh on 401 and the sync can back off on 429.
 */
export function toProviderError(
  error: unknown,
  apiError: (statusText: string) => string,
  isDownloadFailure: (status: number) => boolean = () => false,
): unknown {
  if (error instanceof ProviderError) return error;
  const outbound = findOutboundError(error);
  if (!outbound) return error;
  const status = outbound.status ?? null;
  if (status === null) return new ProviderError(apiError(outbound.publicMessage), null, { cause: error });
  const message = isDownloadFailure(status)
    ? CloudDriveMessages.downloadFailed(statusText(status))
    : apiError(statusText(status));
  return new ProviderError(message, status, { cause: error, retryAfterMs: outbound.details.retryAfterMs });
}

/** The headers of an API call; no token at all is the provider's own 401. */
export function bearerHeaders(auth: ProviderAuth, apiError: (statusText: string) => string): Record<string, string> {
  if (!auth.accessToken) throw new ProviderError(apiError('Unauthorized'), 401);
  return { authorization: `Bearer ${auth.accessToken}`, accept: 'application/json' };
}
