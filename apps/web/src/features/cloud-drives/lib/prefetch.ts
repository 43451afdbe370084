import { FileCacheLimits } from '@bookshelf/contract';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

export interface PrefetchCandidate {
  id: string;
  fileType: string;
  size: number;
}

/**
 * core.md §9: accessed within the hour 0.8, within the day 0.4; a PDF or EPUB adds 0.3; plus up to 0.1 at
 * random, so among equals a different file gets its turn. `random` is injected so tests can seed it.
 */
export function prefetchScore(
  fileType: string,
  lastAccessed: number | undefined,
  now: number,
  random: () => number = Math.random,
): number {
  let score = 0;
  if (lastAccessed !== undefined) {
    const since = now - lastAccessed;
    if (since <= HOUR_MS) score += 0.8;
    else if (since <= DAY_MS) score += 0.4;
  }
  if (fileType === 'pdf' || fileType === 'epub') score += 0.3;
  return score + random() * 0.1;
}

export interface PickOptions<F extends PrefetchCandidate> {
  /** When each file was last opened (lib/prefetch-access-log.ts). */
  accessedAt: ReadonlyMap<string, number>;
  now: number;
  random?: () => number;
  /** Files already in the cache are not fetched again. */
  isCached?: (file: F) => boolean;
}

/** The files worth fetching ahead: score at or above 0.7, highest first, at most three; none bigger than the cache. */
export function pickPrefetches<F extends PrefetchCandidate>(
  files: readonly F[],
  { accessedAt, now, random = Math.random, isCached = () => false }: PickOptions<F>,
): F[] {
  return files
    .filter((file) => file.size <= FileCacheLimits.maxBytes && !isCached(file))
    .map((file) => ({ file, score: prefetchScore(file.fileType, accessedAt.get(file.id), now, random) }))
    .filter(({ score }) => score >= FileCacheLimits.prefetchThreshold)
    .sort((a, b) => b.score - a.score)
    .slice(0, FileCacheLimits.maxPrefetches)
    .map(({ file }) => file);
}

/** core.md §9: idle preload falls back to a 100 ms timer where requestIdleCallback is missing. */
export const IDLE_FALLBACK_MS = 100;

/** Runs `task` when the browser is idle; returns a cancel. */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(() => task());
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, IDLE_FALLBACK_MS);
  return () => clearTimeout(timer);
}

/** A seeded random (mulberry32), for tests and for anything that must replay the same choices. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
