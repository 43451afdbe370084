import { useState } from 'react';
import { initials } from '../../../lib/initials';

/** The avatar as it will look, falling back to the name's initials when there is no image or it fails to load. */
export function AvatarPreview({ name, url }: { name: string; url: string | null }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = url !== null && url !== failedUrl;
  return (
    <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-full bg-indigo-100 text-xl font-semibold text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
      {showImage ? (
        <img
          src={url}
          alt="Avatar preview"
          className="size-full object-cover"
          referrerPolicy="no-referrer"
          onError={() => setFailedUrl(url)}
        />
      ) : (
        <span role="img" aria-label={`Initials ${initials(name)}`}>
          {initials(name)}
        </span>
      )}
    </div>
  );
}
