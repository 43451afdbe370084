// The parts of foliate-js 1.0.1 (plain JavaScript, no types of its own) the foliate engine uses: view.js defines
// <foliate-view> and opens a book file; the renderer is the paginator (reflowable) or fixed-layout element.

declare module 'foliate-js/view.js' {
  export interface FoliateSection {
    id: unknown;
    size: number;
    linear?: string;
    cfi?: string;
    load: () => Promise<string> | string;
    unload?: () => void;
  }

  /** A table of contents entry: `href` is what view.goTo() takes. */
  export interface FoliateTocItem {
    label: string;
    href: string;
    subitems?: FoliateTocItem[] | null;
  }

  export interface FoliateBook {
    sections: FoliateSection[];
    toc?: FoliateTocItem[];
    dir?: string;
    /** `spread: 'none'` shows each fixed-layout page alone, centred. */
    rendition?: { layout?: string; spread?: string };
    metadata?: { title?: unknown; language?: unknown };
    /** EPUB only: each resource's bytes pass through a 'data' event before they become a blob: URL. */
    transformTarget?: EventTarget;
    destroy?: () => void;
  }

  /** A 'data' event's detail: replace `data` (a string, Blob or a promise of one) to change the resource. */
  export interface FoliateDataDetail {
    readonly name: string;
    data: unknown;
    type: string;
  }

  export interface FoliateRelocateDetail {
    /** 0–1: the end of what is shown, as a share of the whole book. */
    fraction?: number;
    section?: { current: number; total: number };
    /** Locations are runs of 1,500 characters: `current` holds the start of the view. */
    location?: { current: number; next: number; total: number };
    cfi?: string;
    reason?: string;
  }

  export interface FoliateRenderer extends HTMLElement {
    setStyles?: (css: string | [string, string]) => void;
    /** Paginator: the view shows the book's last page. */
    readonly atEnd?: boolean;
    next: () => Promise<void>;
    prev: () => Promise<void>;
    /** Paginator: goes to section `index` at `anchor` (0–1 within it, or a Range or CFI foliate resolved). */
    goTo?: (target: { index: number; anchor?: number }) => Promise<void>;
    /** Paginator: the screen shown and the screens of the section laid out (with a blank one at each end when paginated). */
    readonly page?: number;
    readonly pages?: number;
    readonly scrolled?: boolean;
  }

  export class View extends HTMLElement {
    book: FoliateBook;
    renderer: FoliateRenderer;
    isFixedLayout: boolean;
    lastLocation: FoliateRelocateDetail | null;
    open(book: FoliateBook | File): Promise<void>;
    close(): void;
    init(options: { lastLocation?: unknown; showTextStart?: boolean }): Promise<void>;
    goTo(target: unknown): Promise<unknown>;
    goToFraction(fraction: number): Promise<void>;
    next(): Promise<void>;
    prev(): Promise<void>;
  }

  export function makeBook(file: File): Promise<FoliateBook>;
  export class ResponseError extends Error {}
  export class NotFoundError extends Error {}
  export class UnsupportedTypeError extends Error {}
}
