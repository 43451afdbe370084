import { nextTheme, type ReaderTheme } from '@bookshelf/contract';
import {
  Bookmark,
  BookmarkPlus,
  Download,
  Link2,
  Maximize,
  Minimize,
  Moon,
  RotateCw,
  Sun,
  Sunset,
  TableOfContents,
  X,
  ZoomIn,
  ZoomOut,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { THEME_LABELS } from '../../lib/reader-theme';
import { barClass, toolBase, toolButton } from './reader-styles';

const THEME_ICONS = { light: Sun, dark: Moon, sepia: Sunset } as const;

export interface ReaderHeaderProps {
  titleId: string;
  fileName: string;
  /** "Page x of y", when known. */
  position: string | null;
  /** The linked library book's title. */
  linkedTitle: string | null;
  onClose: () => void;
  /** Hidden for a file the reader cannot show. */
  tools: {
    zoom: number;
    canZoomOut: boolean;
    canZoomIn: boolean;
    onZoom: (direction: 1 | -1) => void;
    theme: ReaderTheme;
    onTheme: () => void;
    onRotate: (() => void) | null;
    onAddBookmark: () => void;
    bookmarkBoxOpen: boolean;
    bookmarkCount: number;
    bookmarksOpen: boolean;
    bookmarksPanelId: string;
    onToggleBookmarks: () => void;
    contentsOpen: boolean;
    contentsPanelId: string;
    onToggleContents: () => void;
    settings: ReactNode;
    onLinkBook: () => void;
  } | null;
  downloadUrl: string;
  fullscreen: { supported: boolean; active: boolean; toggle: () => void };
}

/**
 * The reader's header (core.md §2): close, the file name, Page x of y, the table of contents (issue 27), zoom
 * out/in with the percent, the theme cycle, bookmark add, the bookmark list with its count, download and
 * fullscreen; rotate for PDF and the text settings where text reflows. On phones the tools wrap onto a second row.
 */
export function ReaderHeader({
  titleId,
  fileName,
  position,
  linkedTitle,
  onClose,
  tools,
  downloadUrl,
  fullscreen,
}: ReaderHeaderProps) {
  const ThemeIcon = tools ? THEME_ICONS[tools.theme] : Sun;
  return (
    <header className={`flex flex-wrap items-center gap-x-2 gap-y-1 border-b px-2 py-1.5 sm:px-3 ${barClass}`}>
      <div className="flex min-w-0 flex-1 basis-64 items-center gap-1 sm:gap-2">
        <button type="button" onClick={onClose} aria-label="Close reader" title="Close (Esc)" className={toolButton}>
          <X aria-hidden className="size-5" />
        </button>
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="truncate text-sm font-semibold sm:text-base" title={fileName}>
            {fileName}
          </h2>
          <p className="flex min-w-0 gap-2 text-xs text-gray-600 dark:text-gray-400">
            {position && <span className="shrink-0">{position}</span>}
            {linkedTitle && <span className="truncate">Linked to {linkedTitle}</span>}
          </p>
        </div>
      </div>
      <div
        role="group"
        aria-label="Reader tools"
        className={`flex flex-wrap items-center sm:w-auto sm:justify-end sm:gap-1 ${tools ? 'w-full justify-between' : 'justify-end'}`}
      >
        {tools && (
          <>
            <button
              type="button"
              onClick={tools.onToggleContents}
              aria-label="Contents"
              aria-expanded={tools.contentsOpen}
              aria-controls={tools.contentsOpen ? tools.contentsPanelId : undefined}
              title="Contents"
              className={toolButton}
            >
              <TableOfContents aria-hidden className="size-5" />
            </button>
            <button
              type="button"
              onClick={() => tools.onZoom(-1)}
              disabled={!tools.canZoomOut}
              aria-label="Zoom out"
              title="Zoom out (-)"
              className={toolButton}
            >
              <ZoomOut aria-hidden className="size-5" />
            </button>
            <span className="w-10 text-center text-xs font-medium tabular-nums sm:w-11">{tools.zoom}%</span>
            <button
              type="button"
              onClick={() => tools.onZoom(1)}
              disabled={!tools.canZoomIn}
              aria-label="Zoom in"
              title="Zoom in (+)"
              className={toolButton}
            >
              <ZoomIn aria-hidden className="size-5" />
            </button>
            {tools.onRotate && (
              <button
                type="button"
                onClick={tools.onRotate}
                aria-label="Rotate 90°"
                title="Rotate 90°"
                className={toolButton}
              >
                <RotateCw aria-hidden className="size-5" />
              </button>
            )}
            <button
              type="button"
              onClick={tools.onTheme}
              aria-label={`Theme: ${THEME_LABELS[tools.theme]}`}
              title={`Theme: ${THEME_LABELS[tools.theme]} (next: ${THEME_LABELS[nextTheme(tools.theme)]})`}
              className={toolButton}
            >
              <ThemeIcon aria-hidden className="size-5" />
            </button>
            {tools.settings}
            <button
              type="button"
              onClick={tools.onAddBookmark}
              aria-label="Add bookmark"
              aria-expanded={tools.bookmarkBoxOpen}
              title="Add bookmark (b)"
              className={toolButton}
            >
              <BookmarkPlus aria-hidden className="size-5" />
            </button>
            <button
              type="button"
              onClick={tools.onToggleBookmarks}
              aria-expanded={tools.bookmarksOpen}
              aria-controls={tools.bookmarksOpen ? tools.bookmarksPanelId : undefined}
              title="Bookmarks"
              className={`${toolBase} h-8 gap-1 px-2 sm:h-9`}
            >
              {/* Named by its content, so the name holds the count it shows (axe label-content-name-mismatch). */}
              <Bookmark aria-hidden className="size-5" />
              <span className="sr-only">Bookmarks</span>{' '}
              <span className="text-xs font-medium tabular-nums">{tools.bookmarkCount}</span>
            </button>
            <button
              type="button"
              onClick={tools.onLinkBook}
              aria-label={linkedTitle ? `Linked book: ${linkedTitle}` : 'Link to book'}
              title={linkedTitle ? `Linked to ${linkedTitle}` : 'Link to a book in your library'}
              className={toolButton}
            >
              <Link2 aria-hidden className="size-5" />
            </button>
          </>
        )}
        <a href={downloadUrl} download aria-label="Download" title="Download" className={toolButton}>
          <Download aria-hidden className="size-5" />
        </a>
        {fullscreen.supported && (
          <button
            type="button"
            onClick={fullscreen.toggle}
            aria-label={fullscreen.active ? 'Exit fullscreen' : 'Enter fullscreen'}
            title={fullscreen.active ? 'Exit fullscreen (f)' : 'Fullscreen (f)'}
            className={toolButton}
          >
            {fullscreen.active ? (
              <Minimize aria-hidden className="size-5" />
            ) : (
              <Maximize aria-hidden className="size-5" />
            )}
          </button>
        )}
      </div>
    </header>
  );
}
