import type { QueryClient } from '@tanstack/react-query';

/** The longest `work` waits for the first screen (one that reads nothing, a server that does not answer). */
const AT_MOST_MS = 5_000;

/**
 * Runs `work` once the first screen has its data (some query has run and none is fetching) and the browser is
 * then idle, or after AT_MOST_MS. For what the first screen does not need, such as the live-event stream: its
 * downloads then stay out of the way of the screen's own on a slow phone (issue 11). Answers a cancel function.
 */
export function afterFirstScreen(queryClient: QueryClient, work: () => void): () => void {
  const cache = queryClient.getQueryCache();
  let state: 'waiting' | 'idle-wait' | 'done' = 'waiting';
  let idle: number | undefined;
  const settled = () => cache.getAll().length > 0 && queryClient.isFetching() === 0;
  const finish = () => {
    if (state === 'done') return;
    state = 'done';
    stop();
    work();
  };
  // Idle, and still settled: a screen whose chunk arrived meanwhile may have started its reads.
  const onIdle = () => {
    if (state !== 'idle-wait') return;
    if (settled()) finish();
    else state = 'waiting';
  };
  const check = () => {
    if (state !== 'waiting' || !settled()) return;
    state = 'idle-wait';
    if ('requestIdleCallback' in window) idle = requestIdleCallback(onIdle, { timeout: 1_000 });
    else setTimeout(onIdle, 50);
  };
  const unsubscribe = cache.subscribe(() => queueMicrotask(check));
  const timer = setTimeout(finish, AT_MOST_MS);
  // Not at once: the effects of the render that called this start their reads after it.
  const first = setTimeout(check);
  function stop() {
    unsubscribe();
    clearTimeout(timer);
    clearTimeout(first);
    if (idle !== undefined && 'cancelIdleCallback' in window) cancelIdleCallback(idle);
  }
  return () => {
    state = 'done';
    stop();
  };
}
