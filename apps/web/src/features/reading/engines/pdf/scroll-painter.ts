import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { clearPage, paintPage, pageViewport, type PaintTask } from './paint-page';
import { pagesToKeep } from './pdf-layout';

/** A page's box in points at scale 1, turned by its own /Rotate but not by the reader's rotation. */
export interface PageBox {
  width: number;
  height: number;
}

interface Painted {
  key: string;
  stopped: boolean;
  proxy?: PDFPageProxy;
  task?: PaintTask;
}

/**
 * Scroll mode's canvases: the pages near the viewport are drawn, the page in view and its nearest neighbours
 * first and at most a few at a time; a page that leaves that set is cleared (its canvas emptied, pdf.js's
 * objects for it freed). Only the set kept ever holds pixels, however far the reader scrolls.
 */
export class ScrollPainter {
  readonly #painted = new Map<number, Painted>();
  readonly #near = new Set<number>();
  #current = 1;
  #scale = 1;
  #rotation = 0;
  #destroyed = false;

  constructor(
    private readonly doc: PDFDocumentProxy,
    private readonly hostOf: (page: number) => HTMLElement | null,
    /** A page turned out to have its own size (the column assumed page 1's). */
    private readonly onPageBox: (page: number, box: PageBox) => void,
    /** A page is on screen. */
    private readonly onPainted: () => void = () => undefined,
  ) {}

  setGeometry(scale: number, rotation: number): void {
    this.#scale = scale;
    this.#rotation = rotation;
    this.update();
  }

  setNear(page: number, near: boolean): void {
    if (near) this.#near.add(page);
    else this.#near.delete(page);
  }

  setCurrent(page: number): void {
    if (page === this.#current) return;
    this.#current = page;
    this.update();
  }

  /** Pages holding (or drawing) a canvas now. */
  get livePages(): number[] {
    return [...this.#painted.keys()].sort((a, b) => a - b);
  }

  update(): void {
    if (this.#destroyed) return;
    const keep = pagesToKeep(this.#near, this.#current);
    for (const [page, painted] of this.#painted) {
      if (!keep.has(page)) this.#clear(page, painted);
    }
    const key = `${this.#scale}:${this.#rotation}`;
    for (const page of keep) {
      const painted = this.#painted.get(page);
      if (painted?.key === key) continue;
      this.#paint(page, key, painted);
    }
  }

  destroy(): void {
    this.#destroyed = true;
    for (const [page, painted] of this.#painted) this.#clear(page, painted);
  }

  #paint(page: number, key: string, previous: Painted | undefined): void {
    previous?.task?.cancel();
    if (previous) previous.stopped = true;
    const painted: Painted = { key, stopped: false, ...(previous?.proxy ? { proxy: previous.proxy } : {}) };
    this.#painted.set(page, painted);
    const scale = this.#scale;
    const rotation = this.#rotation;
    this.doc
      .getPage(page)
      .then((proxy) => {
        const host = this.hostOf(page);
        if (painted.stopped || !host) return;
        painted.proxy = proxy;
        const { width, height } = pageViewport(proxy, 1, 0);
        this.onPageBox(page, { width, height });
        painted.task = paintPage(proxy, host, scale, rotation);
        void painted.task.done.then((shown) => shown && this.onPainted());
      })
      .catch((error: unknown) => {
        if (!painted.stopped) console.warn('PDF page failed to load', error);
      });
  }

  #clear(page: number, painted: Painted): void {
    painted.stopped = true;
    painted.task?.cancel();
    this.#painted.delete(page);
    const host = this.hostOf(page);
    if (host) clearPage(host, painted.proxy);
    else painted.proxy?.cleanup();
  }
}
