import { clampPage, paginateText } from '@bookshelf/contract';
import { useEffect, useState, type CSSProperties } from 'react';
import { pagePercentage } from '../../lib/reader-state';
import { READER_FONT_STACKS, READER_THEME_COLOURS } from '../../lib/reader-theme';
import { useLatest } from '../../lib/use-latest';
import type { EngineProps } from '../engine-types';
import { textOf } from './load-text';
import { ScrollPages } from './scroll-pages';
import { SinglePage } from './single-page';

/**
 * Plain text and Word text (core.md §2: text files render as wrapped text), in pages of 300 words (§9), in the
 * reader's theme, font and size; zoom scales the font. One page at a time, or a scrolling column of them.
 */
export function TextEngine({
  file,
  content,
  page,
  zoom,
  theme,
  fontSize,
  fontFamily,
  pageMode,
  onReady,
  onLocation,
  onLoadProgress,
  onError,
  onContents,
}: EngineProps) {
  const [pages, setPages] = useState<string[] | null>(null);
  const latest = useLatest({ page, onReady, onLoadProgress, onError, onLocation, onContents });
  const fileType = file.fileType;

  useEffect(() => {
    const controller = new AbortController();
    let cancelled = false;
    (async () => {
      const blob = await content.load({
        signal: controller.signal,
        onProgress: (progress) => latest.current.onLoadProgress?.(progress),
      });
      const text = await textOf(blob, fileType);
      if (cancelled) return;
      const paginated = paginateText(text);
      const current = clampPage(latest.current.page, paginated.length);
      setPages(paginated);
      latest.current.onReady({
        page: current,
        totalPages: paginated.length,
        location: null,
        percentage: pagePercentage(current, paginated.length),
      });
      // Plain text has no table of contents.
      latest.current.onContents?.([]);
    })().catch((error: unknown) => {
      if (!cancelled) latest.current.onError(error instanceof Error ? error : new Error(String(error)));
    });
    return () => {
      cancelled = true;
      controller.abort();
    };
  }, [content, fileType, latest]);

  if (!pages) return null;
  const colours = READER_THEME_COLOURS[theme];
  const textStyle: CSSProperties = {
    fontSize: `${(fontSize * zoom) / 100}px`,
    fontFamily: READER_FONT_STACKS[fontFamily],
    lineHeight: 1.7,
  };
  const current = clampPage(page, pages.length);
  return (
    <div
      className="h-full"
      style={{ backgroundColor: colours.background, color: colours.color }}
      data-reader-theme={theme}
    >
      {pageMode === 'scroll' ? (
        <ScrollPages
          pages={pages}
          page={current}
          textStyle={textStyle}
          onPage={(inView) =>
            latest.current.onLocation({
              page: inView,
              totalPages: pages.length,
              location: null,
              percentage: pagePercentage(inView, pages.length),
            })
          }
        />
      ) : (
        <SinglePage text={pages[current - 1] ?? ''} page={current} total={pages.length} textStyle={textStyle} />
      )}
    </div>
  );
}
