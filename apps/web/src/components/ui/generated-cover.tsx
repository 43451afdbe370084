import { coverDesign, patternBackground, titleSizeCqw } from '../../lib/generated-cover';
import { initials } from '../../lib/initials';

interface GeneratedCoverProps {
  title: string;
  author: string;
  /**
   * `large` sets title and author in type (grid, details); `small` only the title's initials, for thumbnails
   * too narrow to set a title without clipping it (list, dashboard).
   */
  size: 'large' | 'small';
  /** The accessible name; without one the cover is decorative (the title is already next to it). */
  label?: string;
  /** Width classes; the cover keeps a 2:3 book shape. */
  className?: string;
}

/**
 * A cover drawn for a book that has none, like Apple Books does: a palette and a pattern chosen from the title,
 * with the type sized to the cover's width (container units), so it reads the same at every size.
 */
export function GeneratedCover({ title, author, size, label, className = 'w-full' }: GeneratedCoverProps) {
  const { palette, pattern } = coverDesign(title);
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <div
      {...a11y}
      data-cover-palette={palette.name}
      data-cover-pattern={pattern}
      className={`@container relative aspect-[2/3] shrink-0 overflow-hidden rounded-md shadow-sm ${className}`}
      style={{
        backgroundColor: palette.background,
        color: palette.text,
        ...patternBackground(pattern, palette.pattern),
      }}
    >
      {size === 'small' ? (
        <span
          className="absolute inset-x-[12%] top-1/2 -translate-y-1/2 truncate rounded-sm py-[8cqw] text-center font-serif text-[34cqw] leading-none font-semibold"
          style={{ backgroundColor: palette.background }}
        >
          {initials(title)}
        </span>
      ) : (
        <span
          className="absolute inset-x-[8%] top-[7%] flex max-h-[74%] flex-col gap-[4cqw] overflow-hidden rounded-sm border border-current/30 p-[7cqw] text-left"
          style={{ backgroundColor: palette.background }}
        >
          <span
            className="line-clamp-4 font-serif leading-tight font-semibold text-balance wrap-anywhere"
            style={{ fontSize: `clamp(0.625rem, ${titleSizeCqw(title)}cqw, 1.75rem)` }}
          >
            {title}
          </span>
          <span className="h-px w-1/4 shrink-0 bg-current opacity-60" />
          <span className="line-clamp-2 text-[clamp(0.5rem,7cqw,1rem)] leading-snug tracking-wide uppercase wrap-anywhere">
            {author}
          </span>
        </span>
      )}
    </div>
  );
}
