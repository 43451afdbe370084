import type { CloudFile } from '@bookshelf/contract';
import { useEffect } from 'react';
import { cacheKey, loadFileContent } from '../api/use-file-content';
import { fileCache } from './file-cache-instance';
import { pickPrefetches, whenIdle } from './prefetch';
import { fileAccessTimes } from './prefetch-access-log';

/** Whether the reader asked the browser to save data, where it can tell. */
const savesData = () =>
  (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;

/**
 * Fetches into the cache, in idle time and one at a time, the few files the reader is likely to open next
 * (core.md §9). Failures are ignored: a prefetch is only a guess.
 */
export async function prefetchFiles(files: readonly CloudFile[], signal: AbortSignal): Promise<void> {
  const cache = fileCache();
  const cached = new Set(await cache.keys().catch(() => []));
  const picks = pickPrefetches(files, {
    accessedAt: fileAccessTimes(),
    now: Date.now(),
    isCached: (file) => cached.has(cacheKey(file)),
  });
  for (const file of picks) {
    if (signal.aborted) return;
    await loadFileContent(file, { signal, cache, countAccess: false }).catch(() => undefined);
  }
}

/** Starts a prefetch round once the list has settled and the browser is idle; stops it when the list changes. */
export function usePrefetchFiles(files: readonly CloudFile[] | undefined): void {
  useEffect(() => {
    if (!files?.length || savesData()) return;
    const controller = new AbortController();
    const cancel = whenIdle(() => void prefetchFiles(files, controller.signal));
    return () => {
      cancel();
      controller.abort();
    };
  }, [files]);
}
