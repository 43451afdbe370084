import { clearFileAccessLog } from './prefetch-access-log';
import { fileCache } from './file-cache-instance';

/**
 * On sign-out: the next person at this browser must not find the last reader's books in the file cache
 * (IndexedDB) or which files they opened (local storage).
 */
export async function forgetLocalFiles(): Promise<void> {
  clearFileAccessLog();
  await fileCache().clear();
}

/** A disconnected drive's files (core.md §5: disconnecting "will remove all cached files"). */
export async function forgetCachedFiles(fileIds: readonly string[]): Promise<void> {
  if (fileIds.length === 0) return;
  const ids = new Set(fileIds);
  const cache = fileCache();
  const keys = await cache.keys();
  // Cache keys are `${fileId}:${modifiedAt}` (api/use-file-content.ts); an id holds no colon, a time does.
  await Promise.all(keys.filter((key) => ids.has(key.slice(0, key.indexOf(':')))).map((key) => cache.delete(key)));
}
