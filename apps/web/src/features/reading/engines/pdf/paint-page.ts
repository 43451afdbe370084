import { RenderingCancelledException, TextLayer, type PDFPageProxy } from 'pdfjs-dist';
import { canvasOutputScale } from './pdf-layout';

export interface PaintTask {
  /** Settles when the page is on screen (true) or was cancelled or failed (false). */
  done: Promise<boolean>;
  cancel: () => void;
}

/** The page's size in CSS pixels at `scale` and `rotation` (the engine's, added to the page's own). */
export function pageViewport(page: PDFPageProxy, scale: number, rotation: number) {
  return page.getViewport({ scale, rotation: (page.rotate + rotation) % 360 });
}

/** Gives a canvas's pixels back at once, rather than when the garbage collector gets to the element. */
export function releaseCanvases(host: HTMLElement): void {
  for (const canvas of host.querySelectorAll('canvas')) {
    canvas.width = 0;
    canvas.height = 0;
  }
}

/** Takes a page's drawing off the screen and frees what pdf.js holds for it. */
export function clearPage(host: HTMLElement, page: PDFPageProxy | undefined): void {
  releaseCanvases(host);
  host.replaceChildren();
  delete host.dataset.renderedPage;
  page?.cleanup();
}

/**
 * Draws `page` into `host`: a canvas at the screen's resolution and pdf.js's text layer over it (selectable,
 * searchable text). Both are built off screen and swapped in together once drawn, so a zoom or rotation never
 * flashes a blank page; then `host` is marked with data-rendered-page.
 */
export function paintPage(page: PDFPageProxy, host: HTMLElement, scale: number, rotation: number): PaintTask {
  const viewport = pageViewport(page, scale, rotation);
  const width = Math.floor(viewport.width);
  const height = Math.floor(viewport.height);
  const ratio = canvasOutputScale(width, height, window.devicePixelRatio);

  const layers = document.createElement('div');
  layers.className = 'pdf-page-layers';
  layers.style.setProperty('--scale-factor', String(viewport.scale));
  layers.style.setProperty('--user-unit', String(viewport.userUnit));
  const canvas = document.createElement('canvas');
  canvas.width = Math.floor(viewport.width * ratio);
  canvas.height = Math.floor(viewport.height * ratio);
  canvas.setAttribute('aria-hidden', 'true');
  const text = document.createElement('div');
  text.className = 'textLayer';
  layers.append(canvas, text);

  const render = page.render({
    canvas,
    viewport,
    ...(ratio === 1 ? {} : { transform: [ratio, 0, 0, ratio, 0, 0] }),
  });
  const textLayer = new TextLayer({
    textContentSource: page.streamTextContent({ includeMarkedContent: true, disableNormalization: true }),
    container: text,
    viewport,
  });
  let cancelled = false;
  const done = Promise.all([
    render.promise,
    // A page whose text cannot be read still shows its picture.
    textLayer.render().catch(() => undefined),
  ]).then(
    () => {
      if (cancelled) return false;
      releaseCanvases(host);
      host.style.width = `${width}px`;
      host.style.height = `${height}px`;
      host.replaceChildren(layers);
      host.dataset.renderedPage = String(page.pageNumber);
      return true;
    },
    (error: unknown) => {
      canvas.width = 0;
      if (!(error instanceof RenderingCancelledException)) console.warn('PDF page failed to render', error);
      return false;
    },
  );
  return {
    done,
    cancel: () => {
      if (cancelled) return;
      cancelled = true;
      render.cancel();
      textLayer.cancel();
      canvas.width = 0;
    },
  };
}
