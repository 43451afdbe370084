import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLatest } from '../../lib/use-latest';
import { pageViewport } from './paint-page';
import { columnTops, PAGE_GAP, pageInView, pageScale, rotatedSize } from './pdf-layout';
import { ScrollPainter, type PageBox } from './scroll-painter';

interface PdfScrollViewProps {
  doc: PDFDocumentProxy;
  /** The element that scrolls (the engine's root). */
  scroller: HTMLElement;
  page: number;
  zoom: number;
  rotation: number;
  width: number;
  /** The reader scrolled another page into view. */
  onPageInView: (page: number) => void;
  /** A page is on screen. */
  onPainted?: () => void;
}

/**
 * Every page in one column: a placeholder per page, sized from page 1 until a page's own size is known, and
 * canvases only for the pages near the viewport (ScrollPainter).
 */
export function PdfScrollView({
  doc,
  scroller,
  page,
  zoom,
  rotation,
  width,
  onPageInView,
  onPainted,
}: PdfScrollViewProps) {
  const [firstBox, setFirstBox] = useState<PageBox | null>(null);
  const [boxes, setBoxes] = useState<ReadonlyMap<number, PageBox>>(() => new Map());
  const columnRef = useRef<HTMLDivElement>(null);
  const painter = useRef<ScrollPainter | null>(null);
  const lastPage = useRef(0);
  const onPageInViewRef = useLatest(onPageInView);
  const onPaintedRef = useLatest(onPainted);

  useEffect(() => {
    let stopped = false;
    void doc.getPage(1).then((proxy) => {
      if (stopped) return;
      const { width: w, height: h } = pageViewport(proxy, 1, 0);
      setFirstBox({ width: w, height: h });
    });
    return () => {
      stopped = true;
    };
  }, [doc]);

  const scale = firstBox ? pageScale(rotatedSize(firstBox.width, firstBox.height, rotation).width, width, zoom) : 1;
  const sizes = useMemo(() => {
    if (!firstBox) return [];
    return Array.from({ length: doc.numPages }, (_, i) => {
      const box = boxes.get(i + 1) ?? firstBox;
      const turned = rotatedSize(box.width, box.height, rotation);
      return { width: Math.floor(turned.width * scale), height: Math.floor(turned.height * scale) };
    });
  }, [doc.numPages, boxes, firstBox, rotation, scale]);
  const tops = useMemo(() => columnTops(sizes.map((size) => size.height)), [sizes]);
  const heights = useMemo(() => sizes.map((size) => size.height), [sizes]);

  const hostOf = useCallback(
    (n: number) => columnRef.current?.querySelector<HTMLElement>(`[data-page-number="${n}"]`) ?? null,
    [],
  );

  // One painter per document; it outlives zoom and rotation changes, which only redraw what it keeps.
  useEffect(() => {
    const created = new ScrollPainter(
      doc,
      hostOf,
      (n, box) =>
        setBoxes((known) => {
          const had = known.get(n);
          if (had && had.width === box.width && had.height === box.height) return known;
          return new Map(known).set(n, box);
        }),
      () => onPaintedRef.current?.(),
    );
    painter.current = created;
    return () => {
      created.destroy();
      painter.current = null;
    };
  }, [doc, hostOf, onPaintedRef]);

  useEffect(() => {
    painter.current?.setGeometry(scale, rotation);
  }, [scale, rotation]);

  // Which pages are near the viewport: a screen's height above and below it.
  useEffect(() => {
    const column = columnRef.current;
    if (!column || sizes.length === 0) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const n = Number((entry.target as HTMLElement).dataset.pageNumber);
          painter.current?.setNear(n, entry.isIntersecting);
        }
        painter.current?.update();
      },
      { root: scroller, rootMargin: '100% 0px' },
    );
    for (const placeholder of column.children) observer.observe(placeholder);
    return () => observer.disconnect();
  }, [scroller, sizes.length]);

  // The page in view, as the reader scrolls.
  useEffect(() => {
    const column = columnRef.current;
    if (!column || tops.length === 0) return;
    let frame = 0;
    const measure = () => {
      const viewTop = scroller.scrollTop - column.offsetTop;
      const atEnd = scroller.scrollTop > 0 && scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2;
      const inView = pageInView(tops, heights, viewTop, viewTop + scroller.clientHeight, atEnd);
      painter.current?.setCurrent(inView);
      if (inView !== lastPage.current) {
        lastPage.current = inView;
        onPageInViewRef.current(inView);
      }
    };
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      scroller.removeEventListener('scroll', onScroll);
    };
  }, [scroller, tops, heights, onPageInViewRef]);

  // The shell asked for a page (keys, the page box, a bookmark): bring it to the top of the view.
  useLayoutEffect(() => {
    const column = columnRef.current;
    if (!column || tops.length === 0 || page === lastPage.current) return;
    lastPage.current = page;
    painter.current?.setCurrent(page);
    const top = tops[Math.min(page, tops.length) - 1] ?? 0;
    scroller.scrollTo({ top: Math.max(0, column.offsetTop + top - PAGE_GAP), behavior: 'instant' });
  }, [scroller, page, tops]);

  // A zoom, rotation or resize moves every page: keep the same place of the page in view at the top.
  const previous = useRef<{ tops: readonly number[]; heights: readonly number[] } | null>(null);
  useLayoutEffect(() => {
    const column = columnRef.current;
    const before = previous.current;
    previous.current = { tops, heights };
    if (!column || !before || before.tops.length !== tops.length || tops.length === 0) return;
    const n = Math.max(1, Math.min(lastPage.current, tops.length)) - 1;
    if (before.heights[n] === heights[n] && before.tops[n] === tops[n]) return;
    const into = (scroller.scrollTop - column.offsetTop - before.tops[n]!) / (before.heights[n] || 1);
    scroller.scrollTo({ top: Math.max(0, column.offsetTop + tops[n]! + into * heights[n]!), behavior: 'instant' });
  }, [scroller, tops, heights]);

  return (
    <div ref={columnRef} className="pdf-column">
      {sizes.map((size, i) => (
        <div
          key={i + 1}
          className="pdf-page"
          data-page-number={i + 1}
          style={{ width: `${size.width}px`, height: `${size.height}px` }}
        />
      ))}
    </div>
  );
}
