/**
 * Runs `work` once the page has loaded and the browser is idle, so nothing it downloads competes with the
 * page's own first load (and none of it counts in the first-load JS budget). Answers a cancel function.
 */
export function whenIdle(work: () => void, win: Window = window): () => void {
  let cancel = () => undefined as void;
  const schedule = () => {
    if (typeof win.requestIdleCallback === 'function') {
      const handle = win.requestIdleCallback(work, { timeout: 10_000 });
      cancel = () => win.cancelIdleCallback(handle);
    } else {
      const handle = win.setTimeout(work, 1_000);
      cancel = () => win.clearTimeout(handle);
    }
  };
  if (win.document.readyState === 'complete') {
    schedule();
  } else {
    win.addEventListener('load', schedule, { once: true });
    cancel = () => win.removeEventListener('load', schedule);
  }
  return () => cancel();
}
