import { exportFileName, localDay, ReadingPaths, type ReadingExportFormat } from '@bookshelf/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiRequestError, NETWORK_ERROR } from '../../../lib/api-client';
import { browserTimeZone, fillReadingPath, readingHeaders } from './progress-request';

/** The name the server gave the attachment, when it gave one. */
function attachmentName(res: Response): string | null {
  const disposition = res.headers.get('content-disposition') ?? '';
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
}

/** Hands a blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns: let it go on the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * GET export/{userId}?format=json|csv, saved as reading-progress-{date}.{format} (core.md §7). Fetched rather
 * than followed as a link so the request carries the time zone header and a failure becomes a toast, not a
 * downloaded error page.
 */
export async function downloadReadingExport(
  userId: string,
  format: ReadingExportFormat,
  timeZone: string = browserTimeZone(),
): Promise<string> {
  const path = `${fillReadingPath(ReadingPaths.export, { userId })}?format=${format}`;
  let res: Response;
  try {
    res = await globalThis.fetch(path, { headers: readingHeaders(), credentials: 'same-origin' });
  } catch {
    throw new ApiRequestError(NETWORK_ERROR, 'NETWORK_ERROR', 'Could not reach the server. Check your connection.');
  }
  if (!res.ok) throw new ApiRequestError(res.status, 'HTTP_ERROR', `The server answered ${res.status}`);
  const name = attachmentName(res) ?? exportFileName(localDay(new Date(), timeZone), format);
  saveBlob(await res.blob(), name);
  return name;
}

export const useReadingExport = (userId: string, timeZone: string) =>
  useMutation({ mutationFn: (format: ReadingExportFormat) => downloadReadingExport(userId, format, timeZone) });
