import { clampPage, ReadingMessages } from '@bookshelf/contract';
import type { PDFDocumentLoadingTask, PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useState } from 'react';
import { pagePercentage } from '../../lib/reader-state';
import { useLatest } from '../../lib/use-latest';
import type { EngineProps } from '../engine-types';
import './pdf-engine.css';
import { PdfErrorPanel } from './pdf-error-panel';
import { pdfContents } from './pdf-outline';
import { PdfScrollView } from './pdf-scroll-view';
import { PdfSingleView } from './pdf-single-view';
import { endPdfDocument, takePdfDocument } from './pdf-warmup';

/** The document opened from `url` (a document of another file is not this one's). */
type Opened = { url: string; doc: PDFDocumentProxy } | { url: string; failed: true };

/** The reader's width, followed as it changes (100% zoom fits a page's width to it). */
function useWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element) return;
    // Called once as soon as it observes, then on every resize.
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/** Room left beside a page: the column's padding and a vertical scrollbar. */
const SIDE_ROOM = 40;

/**
 * PDF with pdf.js (issue 15): the document streams in by byte ranges (or comes from the browser's file cache),
 * pages are drawn on canvases with a text layer over them, one at a time or as a scrolled column.
 */
export function PdfEngine(props: EngineProps) {
  const { content, page, zoom, rotation, theme, pageMode } = props;
  const latest = useLatest(props);
  const [opened, setOpened] = useState<Opened | null>(null);
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const width = Math.max(0, useWidth(root) - SIDE_ROOM);
  const url = content.url;

  // Resolved when the first page is on screen: the outline waits for it, so its requests never come before
  // the first page's.
  const [firstPaint] = useState(() => {
    let resolve = () => undefined as void;
    const promise = new Promise<void>((done) => (resolve = done));
    return { promise, resolve: () => resolve() };
  });

  useEffect(() => {
    let task: PDFDocumentLoadingTask | null = null;
    let disposed = false;
    const open = async () => {
      // Usually opened already, by the double-click (pdf-warmup.ts).
      const taken = await takePdfDocument(latest.current.content);
      if (disposed) {
        void endPdfDocument(taken);
        return;
      }
      task = taken;
      task.onProgress = ({ loaded, total }: { loaded: number; total: number }) => {
        if (total > 0) latest.current.onLoadProgress?.({ loaded: Math.min(loaded, total), total });
      };
      const doc = await task.promise;
      if (disposed) return;
      setOpened({ url, doc });
      const total = doc.numPages;
      const first = clampPage(latest.current.page, total);
      latest.current.onReady({
        page: first,
        totalPages: total,
        location: null,
        percentage: pagePercentage(first, total),
      });
      await firstPaint.promise;
      if (disposed) return;
      // The outline is for the Contents panel: a PDF without one (or with a broken one) just has none.
      const contents = await pdfContents(doc).catch(() => []);
      if (!disposed) latest.current.onContents?.(contents);
    };
    open().catch((error: unknown) => {
      if (disposed) return;
      console.warn('PDF failed to load', error);
      setOpened({ url, failed: true });
      latest.current.onError(new Error(ReadingMessages.pdfLoadFailed));
    });
    return () => {
      disposed = true;
      // Ends the document and its worker.
      if (task) void endPdfDocument(task);
    };
  }, [url, latest, firstPaint]);

  // A new page in single mode starts at its top.
  useEffect(() => {
    if (pageMode === 'single') root?.scrollTo(0, 0);
  }, [root, page, pageMode]);

  const current = opened?.url === url ? opened : null;
  const doc = current && 'doc' in current ? current.doc : null;
  const shown = doc ? clampPage(page, doc.numPages) : 1;
  const onPainted = firstPaint.resolve;
  const onPageInView = (inView: number) => {
    if (!doc) return;
    const total = doc.numPages;
    latest.current.onLocation({
      page: inView,
      totalPages: total,
      location: null,
      percentage: pagePercentage(inView, total),
    });
  };
  return (
    // While the document opens the shell shows Loading PDF... over this (reader-document.tsx).
    // Focusable: a zoomed page scrolls, and keyboard readers must be able to scroll it (arrows still turn pages).
    <div
      ref={setRoot}
      className="pdf-engine"
      data-theme={theme}
      aria-busy={!current}
      role="region"
      aria-label={`${props.file.name}, page ${shown}`}
      tabIndex={0}
    >
      {current && 'failed' in current && <PdfErrorPanel content={content} />}
      {doc && width > 0 && pageMode === 'single' && (
        <PdfSingleView doc={doc} page={shown} zoom={zoom} rotation={rotation} width={width} onPainted={onPainted} />
      )}
      {doc && root && width > 0 && pageMode === 'scroll' && (
        <PdfScrollView
          doc={doc}
          scroller={root}
          page={shown}
          zoom={zoom}
          rotation={rotation}
          width={width}
          onPageInView={onPageInView}
          onPainted={onPainted}
        />
      )}
    </div>
  );
}
