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
