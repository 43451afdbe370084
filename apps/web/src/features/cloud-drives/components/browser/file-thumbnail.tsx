import type { DriveFileType } from '@bookshelf/contract';
import { useEffect, useRef, useState } from 'react';
import { FileTypeIcon } from './file-type-icon';

/** core.md §9: images start loading 50 px before they scroll into view, once a tenth of them would show. */
export const LAZY_IMAGE_OPTIONS: IntersectionObserverInit = { rootMargin: '50px', threshold: 0.1 };

/** The file's thumbnail once it nears the viewport; the type icon before, without one, or if it fails. */
export function FileThumbnail({ url, type, name }: { url: string | null; type: DriveFileType; name: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (near || !url || !box.current) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setNear(true);
        observer.disconnect();
      }
    }, LAZY_IMAGE_OPTIONS);
    observer.observe(box.current);
    return () => observer.disconnect();
  }, [near, url]);

  return (
    <div
      ref={box}
      className="flex aspect-[3/4] w-full items-center justify-center overflow-hidden rounded-md bg-gray-100 dark:bg-gray-800"
    >
      {url && near && !failed ? (
        <img
          src={url}
          alt={`Cover of ${name}`}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
          className="size-full object-cover"
        />
      ) : (
        <FileTypeIcon type={type} className="size-10" />
      )}
    </div>
  );
}
