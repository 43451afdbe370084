import { makeBook, type FoliateBook, type FoliateRelocateDetail, type View } from 'foliate-js/view.js';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLatest } from '../../lib/use-latest';
import type { EngineLocation, EngineProps } from '../engine-types';
import { bookCss, THEME_COLOURS } from './book-styles';
import { bookFile } from './book-file';
import { engineLocation, locationCount, navigationTo, openingTarget, type Navigation } from './foliate-location';
import { foliateContents } from './foliate-contents';
import { forwardKeys } from './forward-keys';
import { ScreenPages, type ScreenPlace } from './screen-pages';
import { guardSections } from './book-sections';
import { stripScriptsFrom } from './without-scripts';

type Status = 'loading' | 'ready' | 'failed';

/** Links out of a book open in a new tab, only to the web (never javascript: or a custom scheme). */
const isWebLink = (href: string) => /^(?:https?|mailto):/i.test(href);

async function perform(view: View, navigation: Navigation): Promise<void> {
  switch (navigation.kind) {
    case 'next':
      return view.next();
    case 'prev':
      return view.prev();
    case 'fraction':
      return view.goToFraction(navigation.fraction);
    case 'section':
      await view.goTo(navigation.index);
      return;
    case 'screen':
      if (view.renderer.goTo) return view.renderer.goTo({ index: navigation.index, anchor: navigation.anchor });
      return;
    case 'none':
      return;
  }
}

/** Notes a page told to the shell (the echoes the engine's drive loop recognises), keeping the last 20. */
function remember(echoes: number[], page: number): void {
  echoes.push(page);
  if (echoes.length > 20) echoes.shift();
}

/** The screen shown, counted through the book, after measuring its section (null before a section is laid out). */
function screenPlace(view: View, pages: ScreenPages, index: number | undefined): ScreenPlace | null {
  const { page, pages: laidOut, scrolled } = view.renderer;
  if (index === undefined || page === undefined || !laidOut) return null;
  // Paginated, foliate puts a blank screen before and after the section's.
  const screens = scrolled ? Math.max(1, laidOut) : laidOut - 2;
  if (!(screens >= 1)) return null;
  pages.measure(index, screens);
  return pages.at(index, scrolled ? page : page - 1);
}

/**
 * EPUB, MOBI, AZW3, FB2 and CBZ with foliate-js (issue 15). The whole file is loaded (through the browser's file
 * cache), opened by foliate, and shown paginated or scrolled in the reader's theme, font and size. The shell's
 * "page" is a screen of a reflowed book (screen-pages.ts) and a comic's picture; the exact place is the CFI.
 */
export function FoliateEngine(props: EngineProps) {
  const { file, content, page, zoom, theme, fontSize, fontFamily, pageMode } = props;
  const latest = useLatest(props);
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<View | null>(null);
  /** A reflowed book's pages, counted by screens. */
  const screensRef = useRef<ScreenPages | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  /** What the engine last told the shell. */
  const shown = useRef<EngineLocation | null>(null);
  const busy = useRef(false);
  /** How many places the engine has told the shell (a move that reports nothing needs a word to the shell). */
  const reports = useRef(0);
  const again = useRef(false);
  /**
   * Pages the engine told the shell and the shell has not yet handed back. A screen count re-estimated while the
   * book settles (screen-pages.ts) can name one place twice in a row; the shell's page catching up with the first
   * report is an echo, not a request to go back one screen.
   */
  const echoes = useRef<number[]>([]);

  const applyLook = useCallback(() => {
    const view = viewRef.current;
    if (!view?.renderer) return;
    const { theme: t, fontSize: size, fontFamily: family, zoom: z } = latest.current;
    screensRef.current?.reset();
    if (view.isFixedLayout) view.renderer.setAttribute('zoom', z > 100 ? 'fit-width' : 'fit-page');
    else view.renderer.setStyles?.(bookCss({ theme: t, fontSize: size, fontFamily: family, zoom: z }));
  }, [latest]);

  const applyFlow = useCallback(() => {
    const view = viewRef.current;
    if (!view?.renderer || view.isFixedLayout) return;
    screensRef.current?.reset();
    view.renderer.setAttribute('flow', latest.current.pageMode === 'scroll' ? 'scrolled' : 'paginated');
  }, [latest]);

  /** Moves toward the page the shell asks for; requests arriving meanwhile are folded into the next move. */
  const drive = useCallback(async () => {
    if (busy.current) {
      again.current = true;
      return;
    }
    busy.current = true;
    try {
      do {
        again.current = false;
        const view = viewRef.current;
        const from = shown.current;
        if (!view || !from) break;
        const requested = latest.current.page;
        const echo = echoes.current.indexOf(requested);
        if (echo >= 0) {
          echoes.current.splice(0, echo + 1);
          // The shell took up a page the engine reported: no move, unless it has since moved on from it.
          if (requested !== from.page && echoes.current.length > 0) continue;
          if (requested !== from.page) {
            remember(echoes.current, from.page);
            latest.current.onLocation(from);
            continue;
          }
        }
        const screens = screensRef.current;
        const navigation = navigationTo(
          requested,
          from.page,
          from.totalPages,
          view.isFixedLayout,
          screens ? (page) => screens.locate(page) : undefined,
        );
        if (navigation.kind === 'none') continue;
        const reported = reports.current;
        // A request of the reader's own: reports before it are no longer echoes.
        echoes.current = [];
        await perform(view, navigation);
        // A jump lands on the screen holding the location's start, which may begin in the location before.
        if (
          (navigation.kind === 'fraction' || navigation.kind === 'screen') &&
          (shown.current?.page ?? requested) < requested &&
          !view.renderer.atEnd
        ) {
          await view.next();
        }
        // The book stayed within the page it was on (a screen of the same location, or the first or last
        // screen): the shell goes back to the page the book shows.
        const at = shown.current;
        if (at && !again.current && reports.current === reported) {
          reports.current += 1;
          remember(echoes.current, at.page);
          latest.current.onLocation(at);
        }
      } while (again.current);
    } catch (error) {
      console.warn('Could not turn the page', error);
    } finally {
      busy.current = false;
    }
  }, [latest]);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const abort = new AbortController();
    let disposed = false;
    let view: View | null = null;
    let book: FoliateBook | null = null;
    let releaseSections = () => {};

    let opening = true;
    const onRelocate = (event: Event) => {
      if (!view) return;
      const detail = (event as CustomEvent<FoliateRelocateDetail>).detail;
      const screens = screensRef.current;
      const at = engineLocation(detail, {
        fixedLayout: view.isFixedLayout,
        atEnd: view.renderer.atEnd ?? false,
        screen: screens && !view.isFixedLayout ? screenPlace(view, screens, detail.section?.current) : null,
      });
      const before = shown.current;
      shown.current = at;
      // While opening, foliate passes through the section's start on its way to the saved place: only where it
      // settles counts (ready, below).
      if (opening) return;
      if (
        // A section's load, a reflow or a style change reports the same place several times.
        !before ||
        before.page !== at.page ||
        before.totalPages !== at.totalPages ||
        before.location !== at.location ||
        before.percentage !== at.percentage
      ) {
        reports.current += 1;
        remember(echoes.current, at.page);
        latest.current.onLocation(at);
      }
      markRendered(at);
    };
    // Marked once the frame with the new place has been painted: the page, and the exact place (a screen turn
    // may stay within the same page).
    const markRendered = ({ page, location }: EngineLocation) =>
      requestAnimationFrame(() => {
        if (disposed) return;
        host.dataset.renderedPage = String(page);
        if (location) host.dataset.location = location;
      });
    const onExternalLink = (event: Event) => {
      event.preventDefault();
      const { href } = (event as CustomEvent<{ href: string }>).detail;
      if (isWebLink(href)) window.open(href, '_blank', 'noopener,noreferrer');
    };
    // A new size lays the book out again: the screens counted so far no longer hold.
    let lastSize = '';
    const resized = new ResizeObserver(([entry]) => {
      const size = entry ? `${Math.round(entry.contentRect.width)}x${Math.round(entry.contentRect.height)}` : '';
      if (lastSize && size !== lastSize) screensRef.current?.reset();
      lastSize = size;
    });
    resized.observe(host);
    const onLoad = (event: Event) => forwardKeys((event as CustomEvent<{ doc: Document }>).detail.doc, host);

    const open = async () => {
      const props = latest.current;
      const bytes = await props.content.load({
        signal: abort.signal,
        onProgress: (progress) => latest.current.onLoadProgress?.(progress),
      });
      if (disposed) return;
      const opened = await makeBook(await bookFile(bytes, props.file));
      // Closed while the book was opening: the cleanup has run and found no book to take down.
      if (disposed) {
        opened.destroy?.();
        return;
      }
      book = opened;
      stripScriptsFrom(opened.transformTarget);
      releaseSections = guardSections(opened);
      // A comic's pages one at a time, centred: paired in spreads, a landscape page sat to one side (issue 27).
      if (props.file.fileType === 'cbz') opened.rendition = { ...opened.rendition, spread: 'none' };
      view = document.createElement('foliate-view') as View;
      view.style.display = 'block';
      view.style.width = '100%';
      view.style.height = '100%';
      view.addEventListener('relocate', onRelocate);
      view.addEventListener('external-link', onExternalLink);
      view.addEventListener('load', onLoad);
      host.append(view);
      await view.open(opened);
      if (disposed) return;
      viewRef.current = view;
      if (!view.isFixedLayout) {
        screensRef.current = new ScreenPages(opened.sections);
        view.renderer.setAttribute('margin', '32px');
        view.renderer.setAttribute('gap', '6%');
        view.renderer.setAttribute('max-inline-size', '720px');
        // One column, centred: on a wide screen foliate's default of two left a short section's text in the left
        // half (issue 27).
        view.renderer.setAttribute('max-column-count', '1');
      }
      applyFlow();
      applyLook();
      const total = view.isFixedLayout
        ? opened.sections.length
        : (screensRef.current?.total ?? locationCount(opened.sections));
      const target = openingTarget(props.initialLocation, props.page, total, view.isFixedLayout);
      await view.init({ lastLocation: target });
      opening = false;
      const at = shown.current;
      if (disposed) return;
      if (!at) throw new Error('This book has no pages to show.');
      setStatus('ready');
      reports.current += 1;
      remember(echoes.current, at.page);
      latest.current.onReady(at);
      markRendered(at);
      const shownView = view;
      latest.current.onContents?.(
        foliateContents(opened.toc, (href) => {
          void shownView.goTo(href).catch((error: unknown) => console.warn('Could not open that entry', error));
        }),
      );
    };

    open().catch((error: unknown) => {
      if (disposed) return;
      console.warn('Book failed to open', error);
      setStatus('failed');
      latest.current.onError(error instanceof Error ? error : new Error(String(error)));
    });

    return () => {
      disposed = true;
      abort.abort();
      resized.disconnect();
      viewRef.current = null;
      screensRef.current = null;
      shown.current = null;
      delete host.dataset.renderedPage;
      delete host.dataset.location;
      if (view) {
        view.removeEventListener('relocate', onRelocate);
        try {
          view.close();
        } catch {
          // A book closed before its first section was shown has nothing to take down.
        }
        view.remove();
      }
      book?.destroy?.();
      releaseSections();
    };
  }, [content.url, file.id, latest, applyLook, applyFlow]);

  useEffect(() => {
    if (status === 'ready') applyLook();
  }, [status, theme, fontSize, fontFamily, zoom, applyLook]);

  useEffect(() => {
    if (status === 'ready') applyFlow();
  }, [status, pageMode, applyFlow]);

  useEffect(() => {
    if (status === 'ready') void drive();
  }, [status, page, drive]);

  return (
    <div
      ref={hostRef}
      className="absolute inset-0"
      style={{ background: THEME_COLOURS[theme].background }}
      aria-busy={status === 'loading'}
    />
  );
}
