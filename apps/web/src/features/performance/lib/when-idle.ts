/**
 * Runs `work` once the page has loaded and the browser is idle, so nothing it downloads competes with the
 * page's own first load (or counts in the first-load JS budget). Answers a cancel function.
 */
export function whenIdle(work: () => void): () => void {
  let cancelled = false;
  const run = () => !cancelled && work();
  const schedule = () => ('requestIdleCallback' in window ? requestIdleCallback(run) : setTimeout(run));
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
  };
}
