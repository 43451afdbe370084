import { ReaderLimits, type Bookmark, type CloudFile, type ReadingPreferences } from '@bookshelf/contract';
import { useCallback, useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import type { ContentProgress, FileContentSource, ReaderSlotProps } from '../../cloud-drives/public';
import { useAddBookmark, useBookmarks, useRemoveBookmark } from '../api/bookmarks';
import { useLinkedBook, useMarkBookRead } from '../api/file-book';
import { flushReadingQueue } from '../api/reading-outbox';
import { BookmarkBox } from '../components/reader/bookmark-box';
import { BookmarkList } from '../components/reader/bookmark-list';
import { ContentsPanel } from '../components/reader/contents-panel';
import { FinishedOffer } from '../components/reader/finished-offer';
import { LinkBookDialog } from '../components/reader/link-book-dialog';
import { ReaderDocument } from '../components/reader/reader-document';
import { ReaderFooter } from '../components/reader/reader-footer';
import { ReaderHeader } from '../components/reader/reader-header';
import { ReaderSettings } from '../components/reader/reader-settings';
import { overlayThemeClass } from '../components/reader/reader-styles';
import { UnsupportedFormat } from '../components/reader/reader-states';
import { useFullscreen } from '../components/reader/use-fullscreen';
import { useOpeningProgress } from '../components/reader/use-opening-progress';
import { useOverlayFocus } from '../components/reader/use-overlay-focus';
import { useProgressAutosave } from '../components/reader/use-progress-autosave';
import { useReaderKeys } from '../components/reader/use-reader-keys';
import { useReadingSaved } from '../components/reader/use-reading-saved';
import { useReadingSession } from '../components/reader/use-reading-session';
import { preloadEngine } from '../engines/engine-for';
import type { ContentsEntry, EngineLocation } from '../engines/engine-types';
import { engineKindOf, hasTextSettings } from '../lib/engine-kind';
import type { ReaderKeyAction } from '../lib/reader-keys';
import {
  canGoBack,
  canGoForward,
  initialReaderState,
  readerReducer,
  reachedEnd,
  type ReaderState,
} from '../lib/reader-state';
import type { ResumePoint } from '../lib/resume-point';

/**
 * The reader (core.md §2 Reader, §4, §5; issue 15): a full-screen overlay over the Cloud Drives screen. One
 * reader per file: opening another file starts afresh.
 */
export function ReaderScreen(props: ReaderSlotProps) {
  return <Reader key={props.file.id} {...props} />;
}

/** A value kept while `key` stays the same: a refetched file list must not reload the open document. */
function useStableBy<T>(value: T, key: string): T {
  const [kept, setKept] = useState({ key, value });
  if (kept.key === key) return kept.value;
  setKept({ key, value });
  return value;
}

const positionLabel = (state: ReaderState, reflowable: boolean) => {
  if (state.totalPages === null) return null;
  const page = `Page ${state.page} of ${state.totalPages}`;
  return reflowable ? `${page} (${Math.round(state.percentage)}%)` : page;
};

const isNarrow = () => typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 639px)').matches;

function Reader({ file, content, onClose }: ReaderSlotProps) {
  const kind = engineKindOf(file.fileType);
  const reflowable = kind === 'foliate';
  const [state, dispatch] = useReducer(readerReducer, undefined, initialReaderState);
  const [opening, setOpening] = useState<ResumePoint | null>(null);
  const [noteOpen, setNoteOpen] = useState(false);
  const [note, setNote] = useState('');
  const [listOpen, setListOpen] = useState(false);
  const [contentsOpen, setContentsOpen] = useState(false);
  const [contents, setContents] = useState<ContentsEntry[] | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);
  const [offerDismissed, setOfferDismissed] = useState(false);
  const [linkedBookId, setLinkedBookId] = useState<string | null>(file.bookId);
  const [fileBookId, setFileBookId] = useState(file.bookId);
  if (fileBookId !== file.bookId) {
    // The file list refetched with the server's link.
    setFileBookId(file.bookId);
    setLinkedBookId(file.bookId);
  }

  const overlay = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const listId = useId();
  const contentsId = useId();
  const fullscreen = useFullscreen(overlay);
  useOverlayFocus(overlay);

  const engineFile = useStableBy<CloudFile>(file, `${file.id}|${file.modifiedAt}`);
  const engineContent = useStableBy<FileContentSource>(content, `${file.id}|${file.modifiedAt}|${content.url}`);

  useEffect(() => {
    preloadEngine(file.fileType);
  }, [file.fileType]);

  const onOpened = useCallback(
    (resume: ResumePoint) => {
      setOpening(resume);
      dispatch({ type: 'opened', page: resume.page, location: resume.location, preferences: resume.preferences });
    },
    [dispatch],
  );
  useOpeningProgress(file.id, kind !== null, onOpened);
  useProgressAutosave(file.id, state, opening);
  useReadingSession(file.id, state);

  // Saves made offline go out as soon as the browser is back online.
  const saved = useReadingSaved();
  useEffect(() => {
    const onOnline = () =>
      void flushReadingQueue().then((sent) => {
        if (sent) saved();
      });
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [saved]);

  const bookmarks = useBookmarks(file.id, kind !== null);
  const addBookmark = useAddBookmark(file.id);
  const removeBookmark = useRemoveBookmark(file.id);
  const linkedBook = useLinkedBook(linkedBookId);
  const markRead = useMarkBookRead();

  const ready = state.phase === 'ready';
  const zoom = state.preferences.zoom;

  const openNoteBox = () => {
    if (!ready) return;
    setNoteOpen(true);
  };
  const saveBookmark = () => {
    addBookmark.mutate({ pageNumber: state.page, note, location: state.location });
    // core.md §4: adding closes the box and clears the note.
    setNoteOpen(false);
    setNote('');
  };
  const cancelBookmark = () => {
    setNoteOpen(false);
    setNote('');
  };
  const openEntry = (entry: ContentsEntry) => {
    if (entry.go) entry.go();
    else if (entry.page !== null) dispatch({ type: 'goTo', page: entry.page });
    if (isNarrow()) setContentsOpen(false);
  };
  const jumpTo = (bookmark: Bookmark) => {
    dispatch({ type: 'goTo', page: bookmark.pageNumber });
    if (isNarrow()) setListOpen(false);
  };

  function onKey(action: ReaderKeyAction): boolean {
    switch (action) {
      case 'previous':
        dispatch({ type: 'step', by: -1 });
        return true;
      case 'next':
        dispatch({ type: 'step', by: 1 });
        return true;
      case 'first':
        dispatch({ type: 'first' });
        return true;
      case 'last':
        dispatch({ type: 'last' });
        return true;
      case 'zoomIn':
        dispatch({ type: 'zoom', direction: 1 });
        return true;
      case 'zoomOut':
        dispatch({ type: 'zoom', direction: -1 });
        return true;
      case 'bookmark':
        openNoteBox();
        return true;
      case 'fullscreen':
        if (!fullscreen.supported) return false;
        fullscreen.toggle();
        return true;
      case 'escape':
        // The innermost thing first: the settings, the bookmark list, the contents, fullscreen, then the reader.
        if (settingsOpen) setSettingsOpen(false);
        else if (listOpen && isNarrow()) setListOpen(false);
        else if (contentsOpen && isNarrow()) setContentsOpen(false);
        else if (document.fullscreenElement) fullscreen.exit();
        else onClose();
        return true;
    }
  }
  useReaderKeys(overlay, !linkOpen, onKey);

  const engineCallbacks = useMemo(() => {
    return {
      onReady: (at: EngineLocation) => dispatch({ type: 'ready', at }),
      onLocation: (at: EngineLocation) => dispatch({ type: 'moved', at }),
      onLoadProgress: (progress: ContentProgress) => dispatch({ type: 'loadProgress', progress }),
      onError: (error: Error) => dispatch({ type: 'failed', message: error.message || 'The file could not be read.' }),
      onContents: setContents,
    };
  }, [dispatch]);

  const changePreferences = (change: Partial<ReadingPreferences>) => dispatch({ type: 'preferences', change });
  const list = bookmarks.data ?? [];
  const showOffer = reachedEnd(state) && !offerDismissed;
  const linkedTitle = linkedBook.data?.title ?? null;

  return (
    <div
      ref={overlay}
      role="dialog"
      aria-modal="true"
      aria-label={file.name}
      tabIndex={-1}
      data-reader-theme={state.preferences.theme}
      className={`fixed inset-0 z-50 flex flex-col outline-none ${overlayThemeClass(state.preferences.theme)}`}
    >
      <ReaderHeader
        titleId={titleId}
        fileName={file.name}
        position={kind ? positionLabel(state, reflowable) : null}
        linkedTitle={linkedTitle}
        onClose={onClose}
        downloadUrl={content.downloadUrl}
        fullscreen={fullscreen}
        tools={
          kind
            ? {
                zoom,
                canZoomOut: zoom > ReaderLimits.zoomMin,
                canZoomIn: zoom < ReaderLimits.zoomMax,
                onZoom: (direction) => dispatch({ type: 'zoom', direction }),
                theme: state.preferences.theme,
                onTheme: () => dispatch({ type: 'cycleTheme' }),
                onRotate: kind === 'pdf' ? () => dispatch({ type: 'rotate' }) : null,
                onAddBookmark: () => (noteOpen ? cancelBookmark() : openNoteBox()),
                bookmarkBoxOpen: noteOpen,
                bookmarkCount: list.length,
                bookmarksOpen: listOpen,
                bookmarksPanelId: listId,
                onToggleBookmarks: () => setListOpen((open) => !open),
                contentsOpen,
                contentsPanelId: contentsId,
                onToggleContents: () => setContentsOpen((open) => !open),
                settings: hasTextSettings(kind) ? (
                  <ReaderSettings
                    open={settingsOpen}
                    onOpenChange={setSettingsOpen}
                    preferences={state.preferences}
                    onChange={changePreferences}
                  />
                ) : null,
                onLinkBook: () => setLinkOpen(true),
              }
            : null
        }
      />
      {noteOpen && (
        <BookmarkBox
          page={state.page}
          note={note}
          onNoteChange={setNote}
          onAdd={saveBookmark}
          onCancel={cancelBookmark}
        />
      )}
      <main aria-labelledby={titleId} className="relative min-h-0 flex-1 overflow-hidden">
        {kind ? (
          <ReaderDocument
            state={state}
            file={engineFile}
            content={engineContent}
            reflowable={reflowable}
            onClose={onClose}
            onRetry={() => dispatch({ type: 'retry' })}
            {...engineCallbacks}
          />
        ) : (
          <UnsupportedFormat fileType={file.fileType} downloadUrl={content.downloadUrl} />
        )}
        {kind && contentsOpen && (
          <ContentsPanel
            id={contentsId}
            entries={contents}
            onSelect={openEntry}
            onClose={() => setContentsOpen(false)}
          />
        )}
        {kind && listOpen && (
          <BookmarkList
            id={listId}
            bookmarks={list}
            loading={bookmarks.isPending}
            currentPage={state.page}
            onJump={jumpTo}
            onRemove={(bookmark) => removeBookmark.mutate(bookmark)}
            onClose={() => setListOpen(false)}
          />
        )}
      </main>
      {showOffer && (
        <FinishedOffer
          book={linkedBook.data ?? null}
          bookLoading={linkedBookId !== null && linkedBook.isPending}
          marking={markRead.isPending}
          onMarkRead={(book) => markRead.mutate(book)}
          onLinkBook={() => setLinkOpen(true)}
          onDismiss={() => setOfferDismissed(true)}
        />
      )}
      {kind && (
        <ReaderFooter
          page={state.page}
          totalPages={state.totalPages}
          canGoBack={canGoBack(state)}
          canGoForward={canGoForward(state)}
          onStep={(by) => dispatch({ type: 'step', by })}
          onGoTo={(page) => dispatch({ type: 'goTo', page })}
        />
      )}
      <p aria-live="polite" className="sr-only">
        {ready && state.totalPages !== null ? `Page ${state.page} of ${state.totalPages}` : ''}
      </p>
      <LinkBookDialog
        open={linkOpen}
        onOpenChange={setLinkOpen}
        fileId={file.id}
        fileName={file.name}
        linkedBook={linkedBook.data ?? null}
        onLinked={(book) => setLinkedBookId(book?.id ?? null)}
      />
    </div>
  );
}
