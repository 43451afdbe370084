import { useLayoutEffect, useRef, type CSSProperties } from 'react';

export const pageTextClass = 'mx-auto max-w-[70ch] px-5 py-8 break-words whitespace-pre-line sm:px-10';

/** One page of text; a new page starts at its top. */
export function SinglePage({
  text,
  page,
  total,
  textStyle,
}: {
  text: string;
  page: number;
  total: number;
  textStyle: CSSProperties;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
  }, [page]);
  return (
    // Focusable, so a keyboard reader can scroll a long page with Page Up and Page Down.
    <div
      ref={scroller}
      tabIndex={0}
      aria-label={`Page ${page} of ${total}`}
      className="h-full overflow-y-auto outline-none"
    >
      <article data-rendered-page={page} className={pageTextClass} style={textStyle}>
        {text === '' && total === 1 ? <p className="italic opacity-70">This file has no text.</p> : text}
      </article>
    </div>
  );
}
