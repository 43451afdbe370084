import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useLatest } from '../../lib/use-latest';
import { pageTextClass } from './single-page';
import { grownDown, grownUp, inWindow, pagesOf, windowAround, type PageWindow } from './scroll-window';

interface ScrollPagesProps {
  pages: readonly string[];
  /** The page the reader asked for. */
  page: number;
  textStyle: CSSProperties;
  /** The page in view changed by scrolling. */
  onPage: (page: number) => void;
}

/** Where a page's section is, in pixels from the top of the scrolling box (negative when above it). */
function offsetOf(box: HTMLElement, page: number): number | null {
  const section = box.querySelector<HTMLElement>(`[data-rendered-page="${page}"]`);
  if (!section) return null;
  return section.getBoundingClientRect().top - box.getBoundingClientRect().top;
}

/** The page at the top third of the box: the one being read. */
function pageInView(box: HTMLElement): number | null {
  const line = box.getBoundingClientRect().top + box.clientHeight / 3;
  let found: number | null = null;
  for (const section of box.querySelectorAll<HTMLElement>('[data-rendered-page]')) {
    found = Number(section.dataset.renderedPage);
    if (section.getBoundingClientRect().bottom > line) break;
  }
  return found;
}

/**
 * Scroll mode: the pages as one column. Only a window of them is in the page at once (a 5 MB file has some
 * 3,000), grown as the reader nears either end and trimmed far behind; the page being read is kept still
 * on the screen whenever the window changes above it.
 */
export function ScrollPages({ pages, page, textStyle, onPage }: ScrollPagesProps) {
  const total = pages.length;
  const box = useRef<HTMLDivElement>(null);
  const [range, setRange] = useState<PageWindow>(() => windowAround(page, total));
  /** The page last in view (reported or asked for), so the reader's own page is not scrolled to again. */
  const shown = useRef(page);
  /** Scroll to this page once it is rendered. */
  const target = useRef<number | null>(page);
  /** A page and its offset to keep where it is while the window changes. */
  const anchor = useRef<{ page: number; offset: number } | null>(null);
  const frame = useRef(0);
  const latest = useLatest({ range, total, onPage });

  // Pages asked for by the reader (Next, a bookmark, the page box), not by scrolling.
  useEffect(() => {
    if (page === shown.current) return;
    shown.current = page;
    target.current = page;
    setRange((current) => (inWindow(current, page) ? { ...current } : windowAround(page, total)));
  }, [page, total]);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    if (target.current !== null) {
      const offset = offsetOf(el, target.current);
      if (offset !== null) el.scrollTop += offset;
      target.current = null;
      anchor.current = null;
      return;
    }
    if (anchor.current) {
      const offset = offsetOf(el, anchor.current.page);
      if (offset !== null) el.scrollTop += offset - anchor.current.offset;
      anchor.current = null;
    }
  }, [range]);

  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  function onScroll() {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      const el = box.current;
      if (!el) return;
      const { range: current, total: count, onPage: report } = latest.current;
      const inView = pageInView(el);
      if (inView !== null && inView !== shown.current) {
        shown.current = inView;
        report(inView);
      }
      const nearBottom = el.scrollTop + el.clientHeight * 2 >= el.scrollHeight;
      const nearTop = el.scrollTop <= el.clientHeight;
      const next =
        nearBottom && current.last < count
          ? grownDown(current, count)
          : nearTop && current.first > 1
            ? grownUp(current)
            : null;
      if (!next || inView === null) return;
      anchor.current = { page: inView, offset: offsetOf(el, inView) ?? 0 };
      setRange(next);
    });
  }

  return (
    <div
      ref={box}
      tabIndex={0}
      aria-label="Pages"
      onScroll={onScroll}
      className="h-full overflow-y-auto outline-none [overflow-anchor:none]"
    >
      {range.first > 1 && <p className="py-4 text-center text-sm opacity-60">Pages 1–{range.first - 1} above</p>}
      {pagesOf(range).map((n) => (
        <section key={n} aria-label={`Page ${n}`} data-rendered-page={n} className="border-b border-current/10">
          <div className={pageTextClass} style={textStyle}>
            {pages[n - 1]}
          </div>
        </section>
      ))}
    </div>
  );
}
