import type { ReaderFontFamily, ReaderPageMode, ReaderTheme } from '@bookshelf/contract';
import type { CloudFile } from '@bookshelf/contract';
import type { ContentProgress, FileContentSource } from '../../cloud-drives/public';

/** Where an engine is: a page (1-based) of totalPages; reflowed books add their exact place and a percentage. */
export interface EngineLocation {
  page: number;
  totalPages: number;
  /** A reflowed book's exact place (an EPUB CFI); null for fixed pages. */
  location: string | null;
  /** 0–100. */
  percentage: number;
}

/** One entry of a book's table of contents (an EPUB's navigation, a PDF's outline), flattened with its depth. */
export interface ContentsEntry {
  id: string;
  label: string;
  /** 0 for the top level. */
  depth: number;
  /** Where it leads when the engine knows the page (a PDF's outline); reflowed books go by `go`. */
  page: number | null;
  /** Goes there itself (foliate resolves an href); the engine then reports the new place. */
  go?: () => void;
}

/**
 * One format's renderer inside the reader's overlay. The shell owns the header, footer, keys, bookmarks,
 * preferences and progress; an engine draws the file at the requested page and says where it is.
 */
export interface EngineProps {
  file: CloudFile;
  content: FileContentSource;
  /** The page the shell asks for (1-based, already clamped to 1..total once total is known). */
  page: number;
  /** A reflowed book's saved place to open at, when there is one (wins over `page` on first display). */
  initialLocation: string | null;
  /** Percent, 50–300. */
  zoom: number;
  /** Degrees, 0/90/180/270 (fixed-page formats). */
  rotation: number;
  theme: ReaderTheme;
  fontSize: number;
  fontFamily: ReaderFontFamily;
  pageMode: ReaderPageMode;
  /** The file opened: its page count is known. */
  onReady: (location: EngineLocation) => void;
  /** The engine moved by itself (scrolling, reflow after a font change, a link inside the book). */
  onLocation: (location: EngineLocation) => void;
  /** Bytes arriving, for the loading bar. */
  onLoadProgress?: (progress: ContentProgress) => void;
  onError: (error: Error) => void;
  /** The book's table of contents, once known (empty when it has none). */
  onContents?: (entries: ContentsEntry[]) => void;
}
