import {
  elementScroll,
  observeElementOffset,
  observeElementRect,
  observeWindowOffset,
  observeWindowRect,
  useVirtualizer,
  windowScroll,
} from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** The element that scrolls `node`: the nearest ancestor with its own scroll bar, else the window. */
export function findScrollParent(node: HTMLElement | null): HTMLElement | Window {
  for (let el = node?.parentElement ?? null; el; el = el.parentElement) {
    const { overflowY } = getComputedStyle(el);
    if (overflowY === 'auto' || overflowY === 'scroll' || overflowY === 'overlay') return el;
  }
  return window;
}

const isWindow = (scroller: HTMLElement | Window | null): scroller is Window =>
  scroller !== null && 'document' in scroller && scroller === scroller.window;

/** How far below the top of the scroller's content `list` starts: the page header and filters above it. */
function offsetWithin(list: HTMLElement, scroller: HTMLElement | Window): number {
  const top = list.getBoundingClientRect().top;
  if (isWindow(scroller)) return Math.round(top + scroller.scrollY);
  return Math.round(top - scroller.getBoundingClientRect().top + scroller.scrollTop);
}

interface Options {
  count: number;
  estimateSize: (index: number) => number;
  overscan?: number;
  /** Told the list's width whenever it changes (the grid's column count depends on it). */
  onWidth?: (width: number) => void;
}

type Scroller = HTMLElement | Window;

/**
 * A row virtualizer over whatever scrolls the list: the app shell's main area on a desktop, the window where
 * the page itself scrolls (and in tests). Only the rows in view (plus overscan) are in the DOM, so 10,000
 * books scroll as smoothly as 20. `listRef` goes on the element the rows are positioned in.
 */
export function useScrollVirtualizer({ count, estimateSize, overscan = 2, onWidth }: Options) {
  const listNode = useRef<HTMLElement | null>(null);
  const [scroller, setScroller] = useState<Scroller | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  const onWidthRef = useRef(onWidth);
  useEffect(() => {
    onWidthRef.current = onWidth;
  });

  // The list element is rendered with the hook's caller and stays while it is mounted.
  const listRef = useCallback((node: HTMLElement | null) => {
    listNode.current = node;
  }, []);

  // The header, filters and selection bar above the list change height (wrapping chips, an open filter
  // panel): re-measure where the list starts, and its width for the grid's columns, whenever sizes change.
  // First before the browser paints, while the list is still empty (see `measured`), in one re-render.
  useLayoutEffect(() => {
    const list = listNode.current;
    if (!list) return;
    const scrollParent = findScrollParent(list);
    const measure = () => {
      setScrollMargin(offsetWithin(list, scrollParent));
      onWidthRef.current?.(list.clientWidth);
    };
    setScroller(scrollParent);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    // The page around the list grows when the filters above it do (an open filter panel, wrapping chips).
    const page = list.closest('section') ?? list.parentElement;
    if (page) observer.observe(page);
    return () => observer.disconnect();
  }, []);

  const windowScroller = isWindow(scroller);
  // One virtualizer for both kinds of scroller: virtual-core only calls the observer and scroll functions
  // it is given, so the window's set stands in for an element's where the window scrolls.
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render on purpose
  const virtualizer = useVirtualizer<Element, Element>({
    count,
    estimateSize,
    overscan,
    scrollMargin,
    getScrollElement: () => scroller as unknown as Element | null,
    observeElementRect: (windowScroller ? observeWindowRect : observeElementRect) as typeof observeElementRect,
    observeElementOffset: (windowScroller ? observeWindowOffset : observeElementOffset) as typeof observeElementOffset,
    scrollToFn: (windowScroller ? windowScroll : elementScroll) as typeof elementScroll,
    // A window-sized first guess, so the first paint already shows a screenful (jsdom measures nothing).
    initialRect: { width: 1024, height: typeof window === 'undefined' ? 800 : window.innerHeight || 800 },
    // Rows' places and the list's height are written straight to the DOM as rows are measured; React renders
    // again only when other rows come into view. Otherwise each measurement re-rendered every card: on a phone
    // most of the library's blocking time after its first paint (issue 11). So rows set no transform and the
    // list no height of their own.
    directDomUpdates: true,
    // Rows are measured from the ResizeObserver's report, which gives every new row's size after one layout and
    // before the paint. Reading each row's height as React attaches it (the default) forced a layout per row,
    // since the row before had just been moved: on a phone, a 64 ms task of layouts after the first paint.
    // Until the report, a row keeps its measured or estimated size.
    measureElement: (element, entry, instance) => {
      const box = entry?.borderBoxSize[0];
      if (box) return Math.round(box.blockSize);
      const index = instance.indexFromElement(element);
      return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index);
    },
  });

  return {
    virtualizer,
    listRef,
    /**
     * The list's place and width are known. Rows rendered before that are laid out for a guessed column count
     * and then again for the real one: on a phone that second layout of every card cost more than the first
     * paint's own (issue 11, the library's Lighthouse run), so callers render no rows until then.
     */
    measured: scroller !== null,
  };
}
