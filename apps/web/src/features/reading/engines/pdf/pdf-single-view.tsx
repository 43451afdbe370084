import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { useEffect, useRef } from 'react';
import { clearPage, paintPage, pageViewport, type PaintTask } from './paint-page';
import { useLatest } from '../../lib/use-latest';
import { pageScale } from './pdf-layout';

interface PdfSingleViewProps {
  doc: PDFDocumentProxy;
  page: number;
  zoom: number;
  rotation: number;
  /** The reader's width in CSS pixels (100% fits a page to it). */
  width: number;
  /** The page is on screen. */
  onPainted?: () => void;
}

/** One page at a time, drawn again when the page, zoom, rotation or the reader's width changes. */
export function PdfSingleView({ doc, page, zoom, rotation, width, onPainted }: PdfSingleViewProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  // The page on screen, freed once another one has replaced it.
  const shown = useRef<PDFPageProxy | undefined>(undefined);
  const painted = useLatest(onPainted);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let task: PaintTask | undefined;
    let stopped = false;
    doc
      .getPage(page)
      .then(async (proxy) => {
        if (stopped) return;
        const { width: pageWidth } = pageViewport(proxy, 1, rotation);
        task = paintPage(proxy, host, pageScale(pageWidth, width, zoom), rotation);
        if (!(await task.done)) return;
        if (shown.current && shown.current !== proxy) shown.current.cleanup();
        shown.current = proxy;
        painted.current?.();
      })
      .catch((error: unknown) => {
        if (!stopped) console.warn('PDF page failed to load', error);
      });
    return () => {
      stopped = true;
      task?.cancel();
    };
  }, [doc, page, zoom, rotation, width, painted]);

  useEffect(() => {
    const host = hostRef.current;
    return () => {
      if (host) clearPage(host, shown.current);
    };
  }, []);

  return (
    <div className="pdf-single">
      <div ref={hostRef} className="pdf-page" />
    </div>
  );
}
